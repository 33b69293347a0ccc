package ids

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestNewHasLengthAndAlphabet(t *testing.T) {
	seen := map[string]bool{}
	for range 1000 {
		id := New()
		assert.Len(t, id, Length)
		assert.True(t, Valid(id), id)
		assert.NotContains(t, "-_", id[:1], "an id never starts like a flag: %s", id)
		assert.False(t, seen[id], "duplicate id %s", id)
		seen[id] = true
	}
}

func TestValidRejectsOtherShapes(t *testing.T) {
	for _, s := range []string{"", "short", "abcdefghijklmnopqrstuv", "abcdefghijklmnopqrst!", "abcdefghij/lmnopqrstu"} {
		assert.False(t, Valid(s), s)
	}
}
