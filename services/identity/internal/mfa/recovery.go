package mfa

import (
	"crypto/sha256"
	"crypto/subtle"
	"strings"

	"github.com/vidhost/vidhost/pkg/secrets"
)

// RecoveryCodeCount is how many recovery codes an enrolment gives.
const RecoveryCodeCount = 10

// recoveryAlphabet avoids letters people misread (0/o, 1/l/i).
const recoveryAlphabet = "23456789abcdefghjkmnpqrstuvwxyz"

// recoveryLen is 16 characters of 31 symbols: about 79 bits, so an unsalted
// SHA-256 is a safe way to store them.
const recoveryLen = 16

// NewRecoveryCodes returns RecoveryCodeCount fresh codes, shown once as
// xxxx-xxxx-xxxx-xxxx, and the hashes that are stored.
func NewRecoveryCodes() (codes []string, hashes [][]byte) {
	for range RecoveryCodeCount {
		raw := secrets.String(recoveryAlphabet, recoveryLen)
		code := raw[0:4] + "-" + raw[4:8] + "-" + raw[8:12] + "-" + raw[12:16]
		codes = append(codes, code)
		hashes = append(hashes, HashRecoveryCode(code))
	}
	return codes, hashes
}

// HashRecoveryCode is what is stored of code: dashes, spaces and case do
// not matter.
func HashRecoveryCode(code string) []byte {
	normal := strings.ToLower(strings.NewReplacer("-", "", " ", "").Replace(code))
	sum := sha256.Sum256([]byte(normal))
	return sum[:]
}

// IsRecoveryCode reports whether code has the shape of a recovery code
// rather than a six-digit TOTP code.
func IsRecoveryCode(code string) bool {
	return len(strings.NewReplacer("-", "", " ", "").Replace(code)) == recoveryLen
}

// SpendRecoveryCode finds code among hashes and returns the hashes without
// it; ok is false when code is not one of them (wrong, or already spent).
func SpendRecoveryCode(hashes [][]byte, code string) (rest [][]byte, ok bool) {
	h := HashRecoveryCode(code)
	found := -1
	for i, stored := range hashes {
		if subtle.ConstantTimeCompare(stored, h) == 1 {
			found = i
		}
	}
	if found < 0 {
		return hashes, false
	}
	rest = append(rest, hashes[:found]...)
	return append(rest, hashes[found+1:]...), true
}
