package secrets

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var root = MustRoot(strings.Repeat("r", MinLength))

func TestDerivedKeysDifferPerPurpose(t *testing.T) {
	purposes := []Purpose{BlobURL, MediaToken, InternalCall("gateway"), InternalCall("catalog"),
		NATSUser("gateway"), DatabaseRole("catalog")}
	seen := map[string]Purpose{}
	for _, p := range purposes {
		key := root.Derive(p)
		require.Len(t, key, KeyLength)
		if other, dup := seen[string(key)]; dup {
			t.Fatalf("%s and %s share a key", p, other)
		}
		seen[string(key)] = p
	}
}

func TestDeriveIsStableAndDependsOnTheRoot(t *testing.T) {
	assert.Equal(t, root.Derive(BlobURL), MustRoot(strings.Repeat("r", MinLength)).Derive(BlobURL))
	assert.NotEqual(t, root.Derive(BlobURL), MustRoot(strings.Repeat("s", MinLength)).Derive(BlobURL))
}

func TestShortSecretsAreRefusedByName(t *testing.T) {
	_, err := ParseRoot("VIDHOST_INTERNAL_SECRET", "short-secret")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "VIDHOST_INTERNAL_SECRET must be at least 32 bytes")
	assert.NotContains(t, err.Error(), "short-secret", "the value is never echoed")
}

func TestOrDerived(t *testing.T) {
	key, err := OrDerived("VIDHOST_MEDIA_TOKEN_SECRET", "", root, MediaToken)
	require.NoError(t, err)
	assert.Equal(t, root.Derive(MediaToken), key)

	override := strings.Repeat("o", MinLength)
	key, err = OrDerived("VIDHOST_MEDIA_TOKEN_SECRET", override, root, MediaToken)
	require.NoError(t, err)
	assert.Equal(t, []byte(override), key)

	_, err = OrDerived("VIDHOST_MEDIA_TOKEN_SECRET", "too-short", root, MediaToken)
	assert.Error(t, err)
}
