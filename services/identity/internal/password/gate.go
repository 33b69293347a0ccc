package password

import (
	"context"
	"runtime"
	"time"

	"github.com/vidhost/vidhost/pkg/apperr"
)

// ErrBusy answers a request whose hash found no free slot in time: 503
// busy with Retry-After (docs/authentication.md). Nothing was changed.
var ErrBusy = &apperr.Overloaded{Code: apperr.CodeBusy, Reason: "the server is busy: try again in a moment"}

// Gate bounds how many argon2id hashes run at once. Each takes 19 MiB and
// a core for tens of milliseconds, so without a bound a burst of requests
// (a flood of sign-ins, resets, invite acceptances) becomes a burst of
// memory and CPU that starves everything else in the process. A request
// that finds every slot taken waits at most wait, then gets ErrBusy: a
// short queue smooths honest bursts, and a long one would only hold
// connections open for an attacker.
type Gate struct {
	slots chan struct{}
	wait  time.Duration
}

// NewGate returns a gate of size slots (at least one) whose callers wait
// at most wait for one.
func NewGate(size int, wait time.Duration) *Gate {
	return &Gate{slots: make(chan struct{}, max(size, 1)), wait: wait}
}

// Run runs fn in a slot, or returns ErrBusy (or ctx's error) without
// running it when none frees up in time.
func (g *Gate) Run(ctx context.Context, fn func()) error {
	select {
	case g.slots <- struct{}{}: // a free slot: no timer needed
	default:
		timer := time.NewTimer(g.wait)
		defer timer.Stop()
		select {
		case g.slots <- struct{}{}:
		case <-timer.C:
			return ErrBusy
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	defer func() { <-g.slots }()
	fn()
	return nil
}

// Default bounds of the process's gate: one hash per core (argon2id with
// one lane uses one core, so more at once only adds memory and latency),
// and a wait of a couple of seconds, which covers a queue as long as the
// burst a sign-in page sees from people.
const maxWait = 2 * time.Second

// gate is the one gate of the process. It is package state, unlike most
// of Vidhost's, on purpose: the bound is on the process's memory and
// CPU, so every caller of Hash and Verify must share it, and no caller
// can forget it or bring its own.
var gate = NewGate(runtime.GOMAXPROCS(0), maxWait)
