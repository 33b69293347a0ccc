package mfa

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/rand"
	"errors"

	"github.com/vidhost/vidhost/pkg/secrets"
)

// errUnsealable means a stored secret does not open with this key.
var errUnsealable = errors.New("mfa: sealed secret does not open")

// Sealer encrypts TOTP secrets with AES-256-GCM.
type Sealer struct{ aead cipher.AEAD }

// NewSealer returns a Sealer keyed by the root's secrets.TOTPSecret key
// (derived from VIDHOST_INTERNAL_SECRET).
func NewSealer(root secrets.Root) (*Sealer, error) {
	block, err := aes.NewCipher(root.Derive(secrets.TOTPSecret))
	if err != nil {
		return nil, err
	}
	aead, err := cipher.NewGCM(block)
	if err != nil {
		return nil, err
	}
	return &Sealer{aead: aead}, nil
}

// Seal encrypts secret under a fresh nonce, bound to userID.
func (s *Sealer) Seal(userID, secret string) []byte {
	nonce := make([]byte, s.aead.NonceSize())
	_, _ = rand.Read(nonce) // never fails (Go 1.24+)
	return s.aead.Seal(nonce, nonce, []byte(secret), []byte(userID))
}

// Open decrypts what Seal made for userID.
func (s *Sealer) Open(userID string, sealed []byte) (string, error) {
	n := s.aead.NonceSize()
	if len(sealed) < n {
		return "", errUnsealable
	}
	plain, err := s.aead.Open(nil, sealed[:n], sealed[n:], []byte(userID))
	if err != nil {
		return "", errUnsealable
	}
	return string(plain), nil
}
