package natsx_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"github.com/vidhost/vidhost/pkg/natsx"
)

func TestBackoffDoublesUpToItsMax(t *testing.T) {
	b := natsx.Backoff{Min: time.Second, Max: 30 * time.Second}
	for delivered, want := range map[uint64]time.Duration{
		0: time.Second, 1: time.Second, 2: 2 * time.Second, 3: 4 * time.Second, 5: 16 * time.Second,
		6: 30 * time.Second, 1000: 30 * time.Second,
	} {
		assert.Equal(t, want, b.After(delivered), "after delivery %d", delivered)
	}
}
