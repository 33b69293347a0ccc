package playback

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

// A lookup that began before an eviction must not store its (possibly
// stale) answer after it; one that began after may.
func TestTTLCacheEvictionBeatsLookupsInFlight(t *testing.T) {
	now := time.Unix(1_700_000_000, 0)
	tests := []struct {
		name     string
		evictKey string
	}{
		{"eviction of that key during the lookup", "v1"},
		{"eviction of another key during the lookup", "v2"}, // the generation is cache-wide: cheap and safe
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := newTTLCache[string](time.Minute, 10, func() time.Time { return now })
			c.put("v1", "enabled")
			gen := c.currentGeneration() // a lookup starts
			c.evictWhere(func(key string) bool { return key == tt.evictKey })
			c.putAt("v1", "stale", gen) // and returns after the eviction
			got, ok := c.get("v1")
			if tt.evictKey == "v1" {
				assert.False(t, ok, "evicted, and the stale answer was refused")
			} else {
				assert.Equal(t, "enabled", got, "untouched entry stays; the stale store was refused")
			}
			c.putAt("v1", "fresh", c.currentGeneration())
			got, ok = c.get("v1")
			assert.True(t, ok)
			assert.Equal(t, "fresh", got, "a lookup after the eviction is stored")
		})
	}
}
