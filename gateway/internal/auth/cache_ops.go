package auth

// Get returns the cached credential of a key, if live and fresh.
func (c *Cache) Get(h keyHash) (Credential, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.live() {
		return Credential{}, false
	}
	e, ok := c.entries[h]
	if !ok {
		return Credential{}, false
	}
	if !c.now().Before(e.expires) {
		c.remove(h, e.cred.Principal.KeyID)
		return Credential{}, false
	}
	return e.cred, true
}

// Put stores a credential resolved during generation gen.
func (c *Cache) Put(h keyHash, cred Credential, gen uint64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.live() || gen != c.generation {
		return
	}
	if _, exists := c.entries[h]; !exists && len(c.entries) >= c.maxEntries {
		c.makeRoom()
	}
	keyID := cred.Principal.KeyID
	c.entries[h] = cacheEntry{cred: cred, expires: c.now().Add(c.ttl)}
	if c.byKeyID[keyID] == nil {
		c.byKeyID[keyID] = map[keyHash]struct{}{}
	}
	c.byKeyID[keyID][h] = struct{}{}
}

// EvictKey drops every entry of an API key id at once.
func (c *Cache) EvictKey(keyID string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.generation++
	for h := range c.byKeyID[keyID] {
		delete(c.entries, h)
	}
	delete(c.byKeyID, keyID)
}

// Flush drops everything, e.g. when events may have been missed.
func (c *Cache) Flush() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.generation++
	clear(c.entries)
	clear(c.byKeyID)
}

// makeRoom drops expired entries, or, when none has expired, one arbitrary
// entry (map order): a simple bound that keeps memory flat under load.
func (c *Cache) makeRoom() {
	now := c.now()
	for h, e := range c.entries {
		if !now.Before(e.expires) {
			c.remove(h, e.cred.Principal.KeyID)
		}
	}
	for h, e := range c.entries {
		if len(c.entries) < c.maxEntries {
			return
		}
		c.remove(h, e.cred.Principal.KeyID)
	}
}

func (c *Cache) remove(h keyHash, keyID string) {
	delete(c.entries, h)
	if set := c.byKeyID[keyID]; set != nil {
		delete(set, h)
		if len(set) == 0 {
			delete(c.byKeyID, keyID)
		}
	}
}
