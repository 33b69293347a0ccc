package password

import (
	"context"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"fmt"
	"strings"

	"golang.org/x/crypto/argon2"

	"github.com/vidhost/vidhost/pkg/metrics"
	"github.com/vidhost/vidhost/pkg/secrets"
)

// Parameters of new hashes: OWASP's argon2id baseline (19 MiB, 2 passes, 1
// lane). Passwords are low-entropy, so unlike API keys they need a slow,
// memory-hard hash against offline guessing.
const (
	memoryKiB = 19 * 1024
	passes    = 2
	lanes     = 1
	saltLen   = 16
	keyLen    = 32
)

var b64 = base64.RawStdEncoding

// ErrMalformed means a stored hash is not a PHC argon2id string.
var ErrMalformed = errors.New("password: malformed hash")

// Hash returns the PHC string of password with a fresh random salt,
// computed in a slot of the process's gate: ErrBusy when none frees up in
// time.
func Hash(ctx context.Context, password string) (string, error) {
	salt := secrets.Bytes(saltLen)
	var key []byte
	err := run(ctx, "hash", func() { key = argon2.IDKey([]byte(password), salt, passes, memoryKiB, lanes, keyLen) })
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s",
		argon2.Version, memoryKiB, passes, lanes, b64.EncodeToString(salt), b64.EncodeToString(key)), nil
}

// Verify reports whether password matches the PHC string encoded, using the
// parameters stored in it, in a slot of the process's gate: ErrBusy when
// none frees up in time.
func Verify(ctx context.Context, password, encoded string) (bool, error) {
	p, err := parse(encoded)
	if err != nil {
		return false, err
	}
	var got []byte
	err = run(ctx, "verify", func() {
		got = argon2.IDKey([]byte(password), p.salt, p.time, p.memory, p.threads, uint32(len(p.key))) //nolint:gosec // bounded: the decoded key of a stored hash, 32 bytes when written here
	})
	if err != nil {
		return false, err
	}
	return subtle.ConstantTimeCompare(got, p.key) == 1, nil
}

// run runs one argon2id computation in the gate and counts it, by op and
// whether it ran (vidhost_password_hashes_total).
func run(ctx context.Context, op string, fn func()) error {
	err := gate.Run(ctx, fn)
	outcome := "done"
	switch {
	case errors.Is(err, ErrBusy):
		outcome = "busy"
	case err != nil:
		outcome = "canceled"
	}
	metrics.PasswordHashes.WithLabelValues(op, outcome).Inc()
	return err
}

// phc is a parsed PHC argon2id string.
type phc struct {
	memory, time uint32
	threads      uint8
	salt, key    []byte
}

func parse(encoded string) (phc, error) {
	parts := strings.Split(encoded, "$")
	if len(parts) != 6 || parts[1] != "argon2id" || parts[2] != fmt.Sprintf("v=%d", argon2.Version) {
		return phc{}, ErrMalformed
	}
	var p phc
	if _, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &p.memory, &p.time, &p.threads); err != nil {
		return phc{}, ErrMalformed
	}
	var err error
	if p.salt, err = b64.DecodeString(parts[4]); err != nil {
		return phc{}, ErrMalformed
	}
	if p.key, err = b64.DecodeString(parts[5]); err != nil || len(p.key) == 0 {
		return phc{}, ErrMalformed
	}
	return p, nil
}
