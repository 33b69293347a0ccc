package auth

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"github.com/vidhost/vidhost/pkg/principal"
)

func credentialOf(keyID string) Credential {
	return Credential{Principal: principal.Principal{AccountID: "acc1", KeyID: keyID}}
}

// liveCache is a cache whose clock the test moves.
func liveCache(ttl time.Duration, size int) (*Cache, *time.Time) {
	now := time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC)
	c := NewCache(ttl, size)
	c.now = func() time.Time { return now }
	c.setLive(func() bool { return true })
	return c, &now
}

func TestCache(t *testing.T) {
	cases := []struct {
		name string
		run  func(t *testing.T, c *Cache, now *time.Time)
	}{
		{"answers within the TTL", func(t *testing.T, c *Cache, now *time.Time) {
			c.Put(hashKey("a"), credentialOf("k1"), c.Generation())
			*now = now.Add(9 * time.Second)
			_, ok := c.Get(hashKey("a"))
			assert.True(t, ok)
		}},
		{"forgets after the TTL", func(t *testing.T, c *Cache, now *time.Time) {
			c.Put(hashKey("a"), credentialOf("k1"), c.Generation())
			*now = now.Add(10 * time.Second)
			_, ok := c.Get(hashKey("a"))
			assert.False(t, ok)
			assert.Equal(t, 0, c.Len())
		}},
		{"evicts every entry of a key id", func(t *testing.T, c *Cache, _ *time.Time) {
			c.Put(hashKey("a"), credentialOf("k1"), c.Generation())
			c.Put(hashKey("b"), credentialOf("k2"), c.Generation())
			c.EvictKey("k1")
			_, okA := c.Get(hashKey("a"))
			_, okB := c.Get(hashKey("b"))
			assert.False(t, okA)
			assert.True(t, okB)
		}},
		{"refuses an answer looked up before an eviction", func(t *testing.T, c *Cache, _ *time.Time) {
			gen := c.Generation()
			c.EvictKey("k1") // the key.deleted event overtook the lookup
			c.Put(hashKey("a"), credentialOf("k1"), gen)
			_, ok := c.Get(hashKey("a"))
			assert.False(t, ok)
		}},
		{"stays within its size", func(t *testing.T, c *Cache, _ *time.Time) {
			for _, k := range []string{"a", "b", "c", "d", "e"} {
				c.Put(hashKey(k), credentialOf("id-"+k), c.Generation())
			}
			assert.Equal(t, 3, c.Len())
			_, ok := c.Get(hashKey("e"))
			assert.True(t, ok, "the newest entry is kept")
		}},
		{"drops expired entries first when full", func(t *testing.T, c *Cache, now *time.Time) {
			c.Put(hashKey("old"), credentialOf("k-old"), c.Generation())
			*now = now.Add(8 * time.Second)
			c.Put(hashKey("b"), credentialOf("k-b"), c.Generation())
			c.Put(hashKey("c"), credentialOf("k-c"), c.Generation())
			*now = now.Add(3 * time.Second) // "old" has expired, b and c have not
			c.Put(hashKey("d"), credentialOf("k-d"), c.Generation())
			for _, k := range []string{"b", "c", "d"} {
				_, ok := c.Get(hashKey(k))
				assert.True(t, ok, k)
			}
		}},
		{"answers nothing while not live", func(t *testing.T, c *Cache, _ *time.Time) {
			c.Put(hashKey("a"), credentialOf("k1"), c.Generation())
			c.setLive(func() bool { return false })
			_, ok := c.Get(hashKey("a"))
			assert.False(t, ok)
			c.Put(hashKey("b"), credentialOf("k2"), c.Generation())
			c.setLive(func() bool { return true })
			_, ok = c.Get(hashKey("b"))
			assert.False(t, ok, "nothing is stored while not live")
		}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c, now := liveCache(10*time.Second, 3)
			tc.run(t, c, now)
		})
	}
}
