package secrets

import (
	"encoding/base64"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestBase62(t *testing.T) {
	for _, n := range []int{1, 20, 43, 200} {
		s := Base62(n)
		assert.Len(t, s, n)
		assert.Empty(t, strings.Trim(s, Base62Alphabet), "only base62 characters")
	}
}

func TestBase62IsNotRepeated(t *testing.T) {
	seen := map[string]bool{}
	for range 1000 {
		s := Base62(20)
		assert.False(t, seen[s], "duplicate secret %q", s)
		seen[s] = true
	}
}

// TestStringUsesTheWholeAlphabet guards against a biased or truncated
// alphabet: 62,000 draws miss a symbol with negligible probability.
func TestStringUsesTheWholeAlphabet(t *testing.T) {
	for _, alphabet := range []string{Base62Alphabet, "23456789abcdefghjkmnpqrstuvwxyz", Base62Alphabet + "_-"} {
		s := String(alphabet, 62_000)
		assert.Empty(t, strings.Trim(s, alphabet), "only the alphabet's symbols")
		for _, c := range alphabet {
			assert.Contains(t, s, string(c))
		}
	}
}

func TestStringRefusesAnUnusableAlphabet(t *testing.T) {
	assert.Panics(t, func() { String("a", 1) })
	assert.Panics(t, func() { String(strings.Repeat("a", 257), 1) })
}

// TestTokenLengths pins the lengths stored hashes and issued tokens depend on.
func TestTokenLengths(t *testing.T) {
	for n, want := range map[int]int{16: 22, 32: 43} {
		token := Token(n)
		assert.Len(t, token, want)
		raw, err := base64.RawURLEncoding.DecodeString(token)
		require.NoError(t, err)
		assert.Len(t, raw, n)
	}
	assert.NotEqual(t, Token(32), Token(32))
	assert.Len(t, Bytes(24), 24)
}
