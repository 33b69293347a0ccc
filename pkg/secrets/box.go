package secrets

import (
	"crypto/aes"
	"crypto/cipher"
	"errors"
	"fmt"
)

// boxVersion is the first byte of every sealed value: the format (AES-256-GCM,
// a random 12-byte nonce, then the ciphertext and tag). Another format or key
// scheme gets another version, so old values stay readable during a change.
const boxVersion = 1

// ErrUnsealable means a sealed value is malformed, of an unknown version,
// was sealed with another key (the root secret changed) or for another
// context, or was tampered with.
var ErrUnsealable = errors.New("secrets: sealed value cannot be opened")

// Box encrypts small secrets at rest with AES-256-GCM under a derived key:
// Box(root.Derive(ServiceCredentials)). The context given to Seal and Open
// (an account and a row id, say) is authenticated, so a sealed value copied
// to another row does not open there.
type Box struct{ aead cipher.AEAD }

// NewBox returns a Box with key, KeyLength bytes.
func NewBox(key []byte) (Box, error) {
	if len(key) != KeyLength {
		return Box{}, fmt.Errorf("secrets: box key must be %d bytes", KeyLength)
	}
	block, err := aes.NewCipher(key)
	if err != nil {
		return Box{}, fmt.Errorf("secrets: box: %w", err)
	}
	aead, err := cipher.NewGCM(block)
	if err != nil {
		return Box{}, fmt.Errorf("secrets: box: %w", err)
	}
	return Box{aead: aead}, nil
}

// Seal encrypts plaintext bound to context.
func (b Box) Seal(plaintext []byte, context string) []byte {
	nonce := Bytes(b.aead.NonceSize())
	out := make([]byte, 0, 1+len(nonce)+len(plaintext)+b.aead.Overhead())
	out = append(append(out, boxVersion), nonce...)
	return b.aead.Seal(out, nonce, plaintext, []byte(context))
}

// Open decrypts what Seal returned for the same context, or returns
// ErrUnsealable.
func (b Box) Open(sealed []byte, context string) ([]byte, error) {
	head := 1 + b.aead.NonceSize()
	if len(sealed) < head+b.aead.Overhead() || sealed[0] != boxVersion {
		return nil, ErrUnsealable
	}
	plaintext, err := b.aead.Open(nil, sealed[1:head], sealed[head:], []byte(context))
	if err != nil {
		return nil, ErrUnsealable
	}
	return plaintext, nil
}

// BoxFor returns the Box of root's key for purpose.
func BoxFor(root Root, purpose Purpose) Box {
	box, err := NewBox(root.Derive(purpose))
	if err != nil {
		panic(fmt.Sprintf("secrets: box: %v", err)) // a derived key always has KeyLength bytes
	}
	return box
}
