package opaque

import (
	"crypto/sha256"
	"encoding/base64"

	"github.com/vidhost/vidhost/pkg/secrets"
)

// tokenBytes is a token's randomness: 256 bits, so a single unsalted
// SHA-256 is a safe lookup key (as for API keys, keys.HashValue).
const tokenBytes = 32

// tokenLen is the length of a token in unpadded URL-safe base64.
var tokenLen = base64.RawURLEncoding.EncodedLen(tokenBytes)

// New returns a fresh token and the hash that is stored instead of it.
func New() (token string, hash []byte) {
	token = secrets.Token(tokenBytes)
	return token, Hash(token)
}

// Hash is what is stored and looked up instead of token.
func Hash(token string) []byte {
	sum := sha256.Sum256([]byte(token))
	return sum[:]
}

// WellFormed reports whether token could be one New made; others are
// refused without a query.
func WellFormed(token string) bool {
	if len(token) != tokenLen {
		return false
	}
	_, err := base64.RawURLEncoding.DecodeString(token)
	return err == nil
}
