package playback

import (
	"sync"
	"time"

	"golang.org/x/time/rate"

	"github.com/vidhost/vidhost/gateway/internal/beacons"
)

// ticketLimiterSize bounds the view tickets remembered; when full, a tenth
// is forgotten (their pages may then send a few beacons more).
const ticketLimiterSize = 100_000

// Per page load (view ticket) limits, on top of the per-address flood
// limit: a page sends a heartbeat every beacons.HeartbeatSeconds and one
// more when hidden, so twice that rate with a small burst lets every real
// page through and stops one ticket replayed to inflate watch time; a page
// reports at most one fatal error (the player stops) and a few recovered
// ones.
const (
	heartbeatBurst           = 3
	recoveredErrorsPerTicket = 10
)

// ticketLimiter keeps, per view ticket, a heartbeat bucket and the errors
// sent. It is per edge: with several edges a replayed ticket gets each
// one's allowance, still bounded.
type ticketLimiter struct {
	mu      sync.Mutex
	tickets map[string]*ticketState
}

type ticketState struct {
	heartbeats      *rate.Limiter
	fatalSent       bool
	recoveredErrors int
}

func newTicketLimiter() *ticketLimiter {
	return &ticketLimiter{tickets: map[string]*ticketState{}}
}

// allow reports whether a beacon of event with exp (an error's) may pass
// for ticket at now; plays and views are left to the replay rule.
func (l *ticketLimiter) allow(ticket, event string, exp beacons.Experience, now time.Time) bool {
	if event != beacons.TypeHeartbeat && event != beacons.TypeError {
		return true
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	state, ok := l.tickets[ticket]
	if !ok {
		if len(l.tickets) >= ticketLimiterSize {
			l.forgetSome()
		}
		every := rate.Every(beacons.HeartbeatSeconds * time.Second / 2)
		state = &ticketState{heartbeats: rate.NewLimiter(every, heartbeatBurst)}
		l.tickets[ticket] = state
	}
	switch {
	case event == beacons.TypeHeartbeat:
		return state.heartbeats.AllowN(now, 1)
	case exp.Fatal:
		if state.fatalSent {
			return false
		}
		state.fatalSent = true
		return true
	default:
		state.recoveredErrors++
		return state.recoveredErrors <= recoveredErrorsPerTicket
	}
}

// forgetSome drops a tenth of the tickets (map order: arbitrary).
func (l *ticketLimiter) forgetSome() {
	for key := range l.tickets {
		if len(l.tickets) < ticketLimiterSize-ticketLimiterSize/10 {
			return
		}
		delete(l.tickets, key)
	}
}
