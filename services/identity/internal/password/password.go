package password

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"fmt"
	"strings"

	"golang.org/x/crypto/argon2"
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

// Hash returns the PHC string of password with a fresh random salt.
func Hash(password string) string {
	salt := make([]byte, saltLen)
	_, _ = rand.Read(salt) // never fails (Go 1.24+)
	key := argon2.IDKey([]byte(password), salt, passes, memoryKiB, lanes, keyLen)
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s",
		argon2.Version, memoryKiB, passes, lanes, b64.EncodeToString(salt), b64.EncodeToString(key))
}

// Verify reports whether password matches the PHC string encoded, using the
// parameters stored in it.
func Verify(password, encoded string) (bool, error) {
	parts := strings.Split(encoded, "$")
	if len(parts) != 6 || parts[1] != "argon2id" || parts[2] != fmt.Sprintf("v=%d", argon2.Version) {
		return false, ErrMalformed
	}
	var memory, time uint32
	var threads uint8
	if _, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &memory, &time, &threads); err != nil {
		return false, ErrMalformed
	}
	salt, err := b64.DecodeString(parts[4])
	if err != nil {
		return false, ErrMalformed
	}
	want, err := b64.DecodeString(parts[5])
	if err != nil || len(want) == 0 {
		return false, ErrMalformed
	}
	got := argon2.IDKey([]byte(password), salt, time, memory, threads, uint32(len(want))) //nolint:gosec // bounded: the decoded key of a stored hash, 32 bytes when written here
	return subtle.ConstantTimeCompare(got, want) == 1, nil
}
