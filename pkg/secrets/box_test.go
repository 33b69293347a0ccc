package secrets

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestBoxSealsAndOpensInItsContextOnly(t *testing.T) {
	box, err := NewBox(root.Derive(ServiceCredentials))
	require.NoError(t, err)
	sealed := box.Seal([]byte("whsec_c2VjcmV0"), "account-a/service-1")
	assert.NotContains(t, string(sealed), "whsec_", "encrypted")
	assert.NotEqual(t, sealed, box.Seal([]byte("whsec_c2VjcmV0"), "account-a/service-1"), "a fresh nonce each time")

	opened, err := box.Open(sealed, "account-a/service-1")
	require.NoError(t, err)
	assert.Equal(t, "whsec_c2VjcmV0", string(opened))

	other, err := NewBox(MustRoot(strings.Repeat("s", MinLength)).Derive(ServiceCredentials))
	require.NoError(t, err)
	tampered := append([]byte(nil), sealed...)
	tampered[len(tampered)-1] ^= 1
	for name, open := range map[string]func() ([]byte, error){
		"another context": func() ([]byte, error) { return box.Open(sealed, "account-b/service-1") },
		"another root":    func() ([]byte, error) { return other.Open(sealed, "account-a/service-1") },
		"tampered":        func() ([]byte, error) { return box.Open(tampered, "account-a/service-1") },
		"truncated":       func() ([]byte, error) { return box.Open(sealed[:10], "account-a/service-1") },
		"empty":           func() ([]byte, error) { return box.Open(nil, "account-a/service-1") },
	} {
		t.Run(name, func(t *testing.T) {
			_, err := open()
			assert.ErrorIs(t, err, ErrUnsealable)
		})
	}
	_, err = NewBox([]byte("short"))
	assert.Error(t, err)
}
