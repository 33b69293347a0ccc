package secret

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestBase62(t *testing.T) {
	for _, n := range []int{1, 20, 43, 200} {
		s := Base62(n)
		assert.Len(t, s, n)
		assert.Empty(t, strings.Trim(s, base62), "only base62 characters")
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

// TestBase62UsesTheWholeAlphabet guards against a biased or truncated
// alphabet: 62,000 draws miss a symbol with negligible probability.
func TestBase62UsesTheWholeAlphabet(t *testing.T) {
	s := Base62(62_000)
	for _, c := range base62 {
		assert.Contains(t, s, string(c))
	}
}
