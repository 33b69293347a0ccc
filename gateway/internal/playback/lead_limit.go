package playback

import (
	"net/http"
	"net/netip"
	"sync"
	"time"

	"golang.org/x/time/rate"
)

// DefaultLeadsPerMinute is how many gate submissions one client address may
// make in a minute, in a burst or spread out. A viewer submits a gate once
// or twice; a script filling the customer's lead list with junk is slowed
// to a trickle.
const DefaultLeadsPerMinute = 10

// leadLimiterSize bounds the addresses remembered. When full, buckets that
// have refilled (the same as new ones) go first, then arbitrary ones: by
// then the sender controls thousands of addresses anyway.
const leadLimiterSize = 10_000

// leadLimiter is a token bucket per client address (an IPv6 client's whole
// /64, which one host usually has to itself).
type leadLimiter struct {
	perMinute int
	now       func() time.Time
	clientIP  func(*http.Request) netip.Addr

	mu      sync.Mutex
	buckets map[netip.Prefix]*rate.Limiter
}

func newLeadLimiter(perMinute int, clientIP func(*http.Request) netip.Addr, now func() time.Time) *leadLimiter {
	if perMinute <= 0 {
		perMinute = DefaultLeadsPerMinute
	}
	if clientIP == nil {
		clientIP = peerAddr
	}
	return &leadLimiter{perMinute: perMinute, now: now, clientIP: clientIP, buckets: map[netip.Prefix]*rate.Limiter{}}
}

// allow takes a token from the bucket of r's client, reporting whether
// there was one.
func (l *leadLimiter) allow(r *http.Request) bool {
	key := clientKey(l.clientIP(r))
	now := l.now()
	l.mu.Lock()
	defer l.mu.Unlock()
	bucket, ok := l.buckets[key]
	if !ok {
		if len(l.buckets) >= leadLimiterSize {
			l.evict(now)
		}
		bucket = rate.NewLimiter(rate.Limit(float64(l.perMinute)/60), l.perMinute)
		l.buckets[key] = bucket
	}
	return bucket.AllowN(now, 1)
}

// evict drops refilled buckets, then arbitrary ones until a tenth is free.
func (l *leadLimiter) evict(now time.Time) {
	for key, bucket := range l.buckets {
		if bucket.TokensAt(now) >= float64(l.perMinute) {
			delete(l.buckets, key)
		}
	}
	for key := range l.buckets {
		if len(l.buckets) < leadLimiterSize-leadLimiterSize/10 {
			return
		}
		delete(l.buckets, key)
	}
}

// clientKey is the bucket of addr: the address itself, or its /64 for IPv6.
// An invalid address (no peer) shares the zero prefix with its kind.
func clientKey(addr netip.Addr) netip.Prefix {
	bits := 32
	if addr.Is6() {
		bits = 64
	}
	prefix, _ := addr.Prefix(bits)
	return prefix
}

// peerAddr is the connection's peer address, for an edge not told how to
// find the client behind proxies.
func peerAddr(r *http.Request) netip.Addr {
	ap, err := netip.ParseAddrPort(r.RemoteAddr)
	if err != nil {
		return netip.Addr{}
	}
	return ap.Addr().Unmap()
}
