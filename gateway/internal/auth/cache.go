package auth

import (
	"crypto/sha256"
	"sync"
	"time"
)

// keyHash identifies a bearer key in the cache without keeping the secret.
type keyHash [sha256.Size]byte

func hashKey(key string) keyHash { return sha256.Sum256([]byte(key)) }

// Cache remembers resolved keys for a short time. It answers only while
// live() holds — while the key event subscription that can invalidate it is
// running — so a deleted key never outlives its key.deleted event.
//
// A generation number guards against a race: a lookup that started before
// an eviction (or a flush) must not store its possibly stale answer after
// it, so Put is refused when the generation moved meanwhile.
type Cache struct {
	ttl        time.Duration
	maxEntries int
	now        func() time.Time

	mu         sync.Mutex
	live       func() bool
	entries    map[keyHash]cacheEntry
	byKeyID    map[string]map[keyHash]struct{}
	generation uint64
}

type cacheEntry struct {
	cred    Credential
	expires time.Time
}

// NewCache returns a cache holding at most maxEntries keys for ttl each. It
// is not live until an Invalidator runs for it.
func NewCache(ttl time.Duration, maxEntries int) *Cache {
	return &Cache{
		ttl:        ttl,
		maxEntries: max(maxEntries, 1),
		now:        time.Now,
		live:       func() bool { return false },
		entries:    map[keyHash]cacheEntry{},
		byKeyID:    map[string]map[keyHash]struct{}{},
	}
}

// setLive installs the liveness check (see Invalidator).
func (c *Cache) setLive(live func() bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.live = live
}

// Live reports whether the cache is answering.
func (c *Cache) Live() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.live()
}

// Generation is read before a lookup and handed back to Put.
func (c *Cache) Generation() uint64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.generation
}

// Len is the number of keys held, expired or not.
func (c *Cache) Len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.entries)
}
