package password

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func mustHash(t *testing.T, password string) string {
	t.Helper()
	encoded, err := Hash(t.Context(), password)
	require.NoError(t, err)
	return encoded
}

func TestHashVerifies(t *testing.T) {
	encoded := mustHash(t, "correct horse")
	assert.True(t, strings.HasPrefix(encoded, "$argon2id$v=19$m=19456,t=2,p=1$"), encoded)
	assert.NotContains(t, encoded, "correct horse")

	ok, err := Verify(t.Context(), "correct horse", encoded)
	require.NoError(t, err)
	assert.True(t, ok)

	ok, err = Verify(t.Context(), "correct horsE", encoded)
	require.NoError(t, err)
	assert.False(t, ok)
}

func TestHashIsSalted(t *testing.T) {
	assert.NotEqual(t, mustHash(t, "same"), mustHash(t, "same"))
}

func TestVerifyRefusesMalformedHashes(t *testing.T) {
	for _, encoded := range []string{
		"",
		"plain",
		"$2a$10$bcryptbcryptbcryptbcrypt",
		"$argon2id$v=19$m=x,t=2,p=1$c2FsdA$aGFzaA",
		"$argon2id$v=19$m=8,t=1,p=1$!!$aGFzaA",
		"$argon2id$v=19$m=8,t=1,p=1$c2FsdA$",
	} {
		t.Run(encoded, func(t *testing.T) {
			_, err := Verify(t.Context(), "x", encoded)
			assert.ErrorIs(t, err, ErrMalformed)
		})
	}
}
