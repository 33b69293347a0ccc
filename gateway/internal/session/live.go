package session

import (
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"net/http"
	"sync"
	"time"
)

// Media tokens minted for a dashboard session are bound to it
// (docs/playback.md): they name the session by MediaRef and the edge asks
// SessionLive on every media request. Answers are reused for
// liveSessionTTL; the gateway that ends a session (sign-out, a password
// change, a user disabled or deleted) evicts them before it answers, so
// there the end holds at once, and other gateways within the TTL.
const (
	liveSessionTTL  = 30 * time.Second
	liveSessionSize = 10_000
)

// MediaRef is the reference a media token carries for the session of
// token: a hash under its own label, so it names the session without
// being the cookie, and cannot be turned back into it.
func MediaRef(token string) string {
	sum := sha256.Sum256([]byte("vidhost-media-session\n" + token))
	return base64.RawURLEncoding.EncodeToString(sum[:16])
}

// liveSession is what a resolve said about a session.
type liveSession struct {
	accountID string
	expires   time.Time
}

// liveSessions caches resolves by MediaRef. A generation number, moved by
// every eviction, keeps a resolve that started before an eviction from
// storing its possibly stale answer after it (as the playback caches do).
type liveSessions struct {
	mu         sync.Mutex
	entries    map[string]liveSession
	generation uint64
}

func (l *liveSessions) get(ref string, now time.Time) (liveSession, bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	s, ok := l.entries[ref]
	return s, ok && now.Before(s.expires)
}

func (l *liveSessions) currentGeneration() uint64 {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.generation
}

func (l *liveSessions) put(ref string, s liveSession, gen uint64, now time.Time) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if gen != l.generation {
		return
	}
	if l.entries == nil || len(l.entries) >= liveSessionSize {
		l.entries = make(map[string]liveSession) // bounded; a cold start costs a resolve each
	}
	if limit := now.Add(liveSessionTTL); limit.Before(s.expires) {
		s.expires = limit
	}
	l.entries[ref] = s
}

func (l *liveSessions) flush() {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.generation++
	l.entries = nil
}

// ViewSession reports whether r carries a live session of a user of
// accountID who may watch its videos (every role; not while multi-factor
// enrolment is pending), and if so the session's MediaRef and its absolute
// expiry, which bound the media tokens minted for it. Any doubt, identity
// unreachable included, is false.
func (s *Sessions) ViewSession(r *http.Request, accountID string) (ref string, expires time.Time, ok bool) {
	token, ok := s.Token(r)
	if !ok {
		return "", time.Time{}, false
	}
	gen := s.live.currentGeneration()
	live, ok := s.resolveLive(r, token, accountID)
	if !ok {
		return "", time.Time{}, false
	}
	ref = MediaRef(token)
	s.live.put(ref, live, gen, time.Now())
	return ref, live.expires, true
}

// SessionLive reports whether r carries the session ref names, still live
// and of accountID: a media token minted for a session opens nothing
// without that session's cookie, nor after the session ended.
func (s *Sessions) SessionLive(r *http.Request, ref, accountID string) bool {
	token, ok := s.Token(r)
	if !ok || subtle.ConstantTimeCompare([]byte(MediaRef(token)), []byte(ref)) != 1 {
		return false
	}
	now := time.Now()
	if live, ok := s.live.get(ref, now); ok {
		return live.accountID == accountID
	}
	gen := s.live.currentGeneration()
	live, ok := s.resolveLive(r, token, accountID)
	if ok {
		s.live.put(ref, live, gen, now)
	}
	return ok
}

// resolveLive asks identity about token; ok only for a session of
// accountID that may watch.
func (s *Sessions) resolveLive(r *http.Request, token, accountID string) (liveSession, bool) {
	resolved, err := s.Resolve(r.Context(), token, "")
	if err != nil || resolved.GetSession().GetAccountId() != accountID || resolved.GetMfaEnrolmentRequired() {
		return liveSession{}, false
	}
	expires, err := time.Parse(time.RFC3339Nano, resolved.GetSession().GetExpiresTime())
	if err != nil {
		return liveSession{}, false
	}
	return liveSession{accountID: accountID, expires: expires}, true
}

// ForgetSessions drops every cached session answer. The gateway calls it
// when a call that ends sessions (sign-out, a password change or reset, a
// user changed or deleted) has been served and before its answer leaves.
func (s *Sessions) ForgetSessions() { s.live.flush() }
