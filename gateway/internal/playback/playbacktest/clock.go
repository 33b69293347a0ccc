package playbacktest

import (
	"sync"
	"time"
)

// Clock is the edge's clock in tests: it stands still until advanced, so
// cache expiry and token lifetimes never depend on how fast a test runs.
type Clock struct {
	mu  sync.Mutex
	now time.Time
}

// NewClock starts at the current time, truncated to the second.
func NewClock() *Clock { return &Clock{now: time.Now().Truncate(time.Second)} }

// Now returns the clock's time.
func (c *Clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

// Advance moves the clock on by d.
func (c *Clock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}
