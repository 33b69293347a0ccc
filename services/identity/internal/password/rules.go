package password

import (
	"context"
	_ "embed"
	"errors"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/vidhost/vidhost/pkg/apperr"
)

// Password lengths, in characters (docs/authentication.md).
const (
	MinLength = 10
	MaxLength = 128
)

// commonList holds the passwords of 10-128 characters among the 47,023 most
// common of the Xato corpus of leaked passwords, as zxcvbn ships it
// (github.com/trustelem/zxcvbn v1.0.1, data/passwords.txt, MIT; Dropbox's
// zxcvbn list), lower-cased: shorter ones are refused by length anyway.
//
//go:embed common_passwords.txt
var commonList string

var common = sync.OnceValue(func() map[string]struct{} {
	set := make(map[string]struct{}, 1600)
	for _, line := range strings.Split(commonList, "\n") {
		if line = strings.TrimSpace(line); line != "" {
			set[line] = struct{}{}
		}
	}
	return set
})

// Check applies the rules a new password must meet; field names the
// request field for the message ("password", "new_password").
func Check(field, password string) error {
	if n := utf8.RuneCountInString(password); n < MinLength || n > MaxLength {
		return apperr.InvalidField(field, "must be %d-%d characters", MinLength, MaxLength)
	}
	if IsCommon(password) {
		return apperr.InvalidField(field, "is too common: it appears in lists of leaked passwords")
	}
	return nil
}

// IsCommon reports whether password (compared case-insensitively) is in
// the bundled list of common passwords.
func IsCommon(password string) bool {
	_, found := common()[strings.ToLower(password)]
	return found
}

// dummyHash is verified against when there is no user, so an unknown email
// costs the same argon2id work as a wrong password and timing tells nothing.
// Made once with Hash and kept as text: it is no secret, and a constant
// costs no hash at start.
const dummyHash = "$argon2id$v=19$m=19456,t=2,p=1$dVP4tbAT8HuZV/j5ybngbw$qs4/PGVns9GvDc7Gy2gIbTpfD2c6brAfdmHie+NrBdw"

// VerifyOrDummy is Verify for a user who may not exist: with encoded empty
// (no user, or a user without a password) it hashes against a dummy and
// answers false. A malformed stored hash is a wrong password; ErrBusy and
// ctx's errors are returned.
func VerifyOrDummy(ctx context.Context, password, encoded string) (bool, error) {
	if encoded == "" {
		_, err := Verify(ctx, password, dummyHash)
		return false, err
	}
	ok, err := Verify(ctx, password, encoded)
	if errors.Is(err, ErrMalformed) {
		return false, nil
	}
	return ok, err
}
