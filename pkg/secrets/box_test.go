package secrets_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/secrets"
)

func TestBoxSealsAndOpensOnlyWithItsKeyAndContext(t *testing.T) {
	root := secrets.MustRoot("0123456789abcdef0123456789abcdef")
	box := secrets.NewBox(root, secrets.IdentityProviderSecret)
	sealed := box.Seal([]byte("client-secret"), []byte("acc/idp"))
	assert.NotContains(t, string(sealed), "client-secret")

	got, err := box.Open(sealed, []byte("acc/idp"))
	require.NoError(t, err)
	assert.Equal(t, "client-secret", string(got))

	_, err = box.Open(sealed, []byte("acc/other"))
	assert.ErrorIs(t, err, secrets.ErrSealed, "another context")
	_, err = secrets.NewBox(root, secrets.SSOFlow).Open(sealed, []byte("acc/idp"))
	assert.ErrorIs(t, err, secrets.ErrSealed, "another purpose")
	sealed[len(sealed)-1] ^= 1
	_, err = box.Open(sealed, []byte("acc/idp"))
	assert.ErrorIs(t, err, secrets.ErrSealed, "tampered")
	_, err = box.Open([]byte("short"), nil)
	assert.ErrorIs(t, err, secrets.ErrSealed, "truncated")
}
