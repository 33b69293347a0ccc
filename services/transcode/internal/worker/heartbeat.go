package worker

import (
	"errors"
	"log/slog"
	"time"

	"github.com/nats-io/nats.go/jetstream"
)

// heartbeat tells JetStream every Heartbeat that the job is being worked
// on, which restarts its AckWait: a long job stays with a live worker, and
// only a dead worker's job is delivered again. The returned func stops it.
func (w *Worker) heartbeat(msg jetstream.Msg, logger *slog.Logger) (stop func()) {
	done, stopped := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(stopped)
		ticker := time.NewTicker(w.cfg.Heartbeat)
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
