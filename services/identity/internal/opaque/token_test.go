package opaque

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestNewTokensAreWellFormedAndHashed(t *testing.T) {
	token, hash := New()
	assert.True(t, WellFormed(token))
	assert.Equal(t, Hash(token), hash)
	other, _ := New()
	assert.NotEqual(t, token, other)
}

func TestWellFormedRefusesOtherStrings(t *testing.T) {
	for _, s := range []string{"", "short", "!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!", "vh_" + "a"} {
		assert.False(t, WellFormed(s), s)
	}
}
