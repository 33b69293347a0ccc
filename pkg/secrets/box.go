package secrets

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/rand"
	"errors"
	"fmt"
)

// Purposes of sealed data. The hooks work adds a Box for its credentials on
// another branch; these two are single sign-on's.
const (
	// IdentityProviderSecret seals an identity provider's OAuth client
	// secret at rest (services/identity/internal/sso).
	IdentityProviderSecret Purpose = "identity-provider-secret"
	// SSOFlow seals the single sign-on flow's state, nonce and PKCE verifier
	// into the short-lived cookie that binds the flow to a browser.
	SSOFlow Purpose = "sso-flow"
)

// ErrSealed is the one answer to sealed data that does not open: tampered,
// truncated, sealed under another key or for another context.
var ErrSealed = errors.New("secrets: sealed data does not open")

// Box seals and opens small values with AES-256-GCM under one derived key.
// Each sealed value carries its own random 96-bit nonce.
type Box struct{ aead cipher.AEAD }

// NewBox returns the Box of root's key for purpose.
func NewBox(root Root, purpose Purpose) Box {
	box, err := boxOf(root.Derive(purpose))
	if err != nil {
		panic(fmt.Sprintf("secrets: box: %v", err)) // a 32-byte key always makes an AES-256 cipher
	}
	return box
}

func boxOf(key []byte) (Box, error) {
	block, err := aes.NewCipher(key)
	if err != nil {
		return Box{}, err
	}
	aead, err := cipher.NewGCM(block)
	if err != nil {
		return Box{}, err
	}
	return Box{aead: aead}, nil
}

// Seal encrypts plaintext bound to context (additional data that must be
// the same to open it: an account and a row id, so a sealed value copied
// elsewhere does not open).
func (b Box) Seal(plaintext, context []byte) []byte {
	nonce := make([]byte, b.aead.NonceSize())
	_, _ = rand.Read(nonce) // crypto/rand never fails on supported platforms
	return b.aead.Seal(nonce, nonce, plaintext, context)
}

// Open decrypts what Seal made with the same context, or answers ErrSealed.
func (b Box) Open(sealed, context []byte) ([]byte, error) {
	n := b.aead.NonceSize()
	if len(sealed) < n+b.aead.Overhead() {
		return nil, ErrSealed
	}
	out, err := b.aead.Open(nil, sealed[:n], sealed[n:], context)
	if err != nil {
		return nil, ErrSealed
	}
	return out, nil
}
