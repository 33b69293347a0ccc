package natsx

import (
	"errors"
	"log/slog"
	"time"

	"github.com/nats-io/nats.go/jetstream"
)

// Heartbeat tells JetStream every interval that msg is being worked on,
// which restarts its AckWait: a long job stays with a live worker, and only
// a dead worker's job is delivered again. The returned func stops it and
// waits until it has.
func Heartbeat(msg jetstream.Msg, every time.Duration, logger *slog.Logger) (stop func()) {
	done, stopped := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(stopped)
		ticker := time.NewTicker(every)
		defer ticker.Stop()
		for {
			select {
			case <-done:
				return
			case <-ticker.C:
				if err := msg.InProgress(); err != nil && !errors.Is(err, jetstream.ErrMsgAlreadyAckd) {
					logger.Warn("job heartbeat failed", "error", err)
				}
			}
		}
	}()
	return func() { close(done); <-stopped }
}
