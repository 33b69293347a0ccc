package keys

import (
	"crypto/sha256"
	"strings"

	"github.com/vidhost/vidhost/pkg/secrets"
)

// A key's value is "vh_" followed by 43 base62 characters (256 bits from
// crypto/rand). The prefix lets secret scanners and people recognise a
// Vidhost key; nothing else in it (no id, no time) can be guessed.
const (
	valuePrefix    = "vh_"
	valueRandomLen = 43
	valueLen       = len(valuePrefix) + valueRandomLen
)

// NewValue returns a fresh secret and its hash.
func NewValue() (value string, hash []byte) {
	value = valuePrefix + secrets.Base62(valueRandomLen)
	return value, HashValue(value)
}

// HashValue is what is stored and looked up instead of the secret.
//
// A single SHA-256 is the right tool here, unlike for passwords: the value
// carries 256 random bits, so no amount of fast guessing can invert the hash
// (slow, salted KDFs exist to protect low-entropy secrets). Being unsalted
// and deterministic, the hash can be the unique lookup key, so every request
// costs one indexed query and microseconds of hashing, not a KDF's ~50 ms.
func HashValue(value string) []byte {
	sum := sha256.Sum256([]byte(value))
	return sum[:]
}

// wellFormed reports whether value could be a key this service made; other
// strings are refused without a database query.
func wellFormed(value string) bool {
	if len(value) != valueLen || !strings.HasPrefix(value, valuePrefix) {
		return false
	}
	for _, c := range value[len(valuePrefix):] {
		if (c < '0' || c > '9') && (c < 'A' || c > 'Z') && (c < 'a' || c > 'z') {
			return false
		}
	}
	return true
}
