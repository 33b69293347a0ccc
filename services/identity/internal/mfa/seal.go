package mfa

import (
	"github.com/vidhost/vidhost/pkg/secrets"
)

// Sealer encrypts TOTP secrets at rest with the one secrets.Box, under the
// root's secrets.TOTPSecret key, each bound to its user.
type Sealer struct{ box secrets.Box }

// NewSealer returns a Sealer keyed by the root's secrets.TOTPSecret key
// (derived from VIDHOST_INTERNAL_SECRET).
func NewSealer(root secrets.Root) (*Sealer, error) {
	return &Sealer{box: secrets.BoxFor(root, secrets.TOTPSecret)}, nil
}

// Seal encrypts secret bound to userID: copied to another user's row, it
// does not open.
func (s *Sealer) Seal(userID, secret string) []byte {
	return s.box.Seal([]byte(secret), userID)
}

// Open decrypts what Seal made for userID, or returns
// secrets.ErrUnsealable.
func (s *Sealer) Open(userID string, sealed []byte) (string, error) {
	plain, err := s.box.Open(sealed, userID)
	if err != nil {
		return "", err
	}
	return string(plain), nil
}
