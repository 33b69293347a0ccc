package llhls

import (
	"context"
	"time"
)

// when runs then, holding s.mu, once ready (also called holding s.mu)
// reports true or the stream has ended. A waiting request sleeps on the
// changed channel, woken by each new part: no polling, no goroutine of its
// own, however many viewers wait. It gives up when ctx ends (the viewer
// went away) or after BlockTimeout, with ErrTimeout.
func (s *store) when(ctx context.Context, ready func() bool, then func()) error {
	var timeout <-chan time.Time
	s.mu.Lock()
	for !ready() && !s.ended {
		if timeout == nil {
			timer := time.NewTimer(s.cfg.BlockTimeout)
			defer timer.Stop()
			timeout = timer.C
		}
		changed := s.changed
		s.mu.Unlock()
		select {
		case <-changed:
		case <-ctx.Done():
			return ctx.Err()
		case <-timeout:
			return ErrTimeout
		}
		s.mu.Lock()
	}
	defer s.mu.Unlock()
	then()
	return nil
}
