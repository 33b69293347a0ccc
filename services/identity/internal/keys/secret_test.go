package keys

import (
	"crypto/sha256"
	"regexp"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestNewValue(t *testing.T) {
	value, hash := NewValue()
	assert.Regexp(t, regexp.MustCompile(`^vh_[0-9A-Za-z]{43}$`), value)
	sum := sha256.Sum256([]byte(value))
	assert.Equal(t, sum[:], hash)
	assert.True(t, wellFormed(value))

	other, otherHash := NewValue()
	assert.NotEqual(t, value, other)
	assert.NotEqual(t, hash, otherHash)
}

func TestWellFormed(t *testing.T) {
	value, _ := NewValue()
	for _, bad := range []string{"", "vh_", value[:len(value)-1], value + "a", "xx_" + value[3:], value[:10] + "-" + value[11:]} {
		assert.False(t, wellFormed(bad), bad)
	}
}
