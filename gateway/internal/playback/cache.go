package playback

import (
	"sync"
	"time"
)

// ttlCache remembers lookups for a short time. Short on purpose: disabling a
// video or deleting a JWT key must take effect within seconds. It holds at
// most size entries; when full, expired entries go first, then arbitrary
// ones (a cache this short-lived needs no LRU).
//
// Entries can also be evicted at once (a change served by this gateway, or
// an event). A generation number, moved by every eviction, keeps a lookup
// that started before an eviction from storing its possibly stale answer
// after it: read generation before asking, hand it to putAt.
type ttlCache[V any] struct {
	ttl  time.Duration
	size int
	now  func() time.Time

	mu         sync.Mutex
	entries    map[string]cacheEntry[V]
	generation uint64
}

type cacheEntry[V any] struct {
	value   V
	expires time.Time
}

func newTTLCache[V any](ttl time.Duration, size int, now func() time.Time) *ttlCache[V] {
	return &ttlCache[V]{ttl: ttl, size: size, now: now, entries: make(map[string]cacheEntry[V])}
}

func (c *ttlCache[V]) get(key string) (V, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	entry, ok := c.entries[key]
	if !ok || !c.now().Before(entry.expires) {
		var zero V
		return zero, false
	}
	return entry.value, true
}

// put stores value with no regard to evictions (lookups that nothing
// evicts, such as players).
func (c *ttlCache[V]) put(key string, value V) {
	c.putAt(key, value, c.currentGeneration())
}

// currentGeneration is read before a lookup and handed back to putAt.
func (c *ttlCache[V]) currentGeneration() uint64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.generation
}

// putAt stores value for key unless an eviction happened since gen was read.
func (c *ttlCache[V]) putAt(key string, value V, gen uint64) {
	c.putUntil(key, value, gen, time.Time{})
}

// putUntil is putAt for an entry that also expires at expires (zero: no
// sooner than the cache's TTL says).
func (c *ttlCache[V]) putUntil(key string, value V, gen uint64, expires time.Time) {
	if c.ttl <= 0 {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if gen != c.generation {
		return
	}
	now := c.now()
	if len(c.entries) >= c.size {
		c.evict(now)
	}
	if limit := now.Add(c.ttl); expires.IsZero() || limit.Before(expires) {
		expires = limit
	}
	c.entries[key] = cacheEntry[V]{value: value, expires: expires}
}

// evict drops expired entries, and arbitrary ones until a tenth is free.
func (c *ttlCache[V]) evict(now time.Time) {
	for key, entry := range c.entries {
		if !now.Before(entry.expires) {
			delete(c.entries, key)
		}
	}
	for key := range c.entries {
		if len(c.entries) < c.size-c.size/10 {
			return
		}
		delete(c.entries, key)
	}
}

// evictValues drops every entry whose value matches and moves the
// generation, like evictWhere.
func (c *ttlCache[V]) evictValues(match func(value V) bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.generation++
	for key, entry := range c.entries {
		if match(entry.value) {
			delete(c.entries, key)
		}
	}
}

// evictWhere drops every entry whose key matches and moves the generation,
// so no lookup in flight can bring a dropped entry back.
func (c *ttlCache[V]) evictWhere(match func(key string) bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.generation++
	for key := range c.entries {
		if match(key) {
			delete(c.entries, key)
		}
	}
}
