package natsx

import (
	"fmt"
	"log/slog"
	"time"

	"github.com/nats-io/nats.go"
)

// Connect connects to c's server as c's service, with its credentials, its
// own inbox prefix and TLS unless the server is on loopback (see Client).
// It reconnects forever, every 250 ms, so a restarted server is picked up
// quickly and publishes made meanwhile are buffered. opts are applied after
// the defaults (see LogEvents).
func Connect(c Client, opts ...nats.Option) (*nats.Conn, error) {
	identity, err := c.options()
	if err != nil {
		return nil, err
	}
	defaults := append(identity,
		nats.MaxReconnects(-1),
		nats.ReconnectWait(250*time.Millisecond),
		nats.ReconnectJitter(50*time.Millisecond, 50*time.Millisecond),
	)
	nc, err := nats.Connect(c.URL, append(defaults, opts...)...)
	if err != nil {
		return nil, fmt.Errorf("natsx: connect %s to %s: %w", c.Service, c.URL, err)
	}
	return nc, nil
}

// LogEvents is a Connect option that logs disconnects, reconnects and
// asynchronous errors (e.g. slow consumers), which are otherwise silent.
func LogEvents(logger *slog.Logger) nats.Option {
	return func(o *nats.Options) error {
		o.DisconnectedErrCB = func(nc *nats.Conn, err error) {
			if err == nil && nc.IsClosed() {
				return // a deliberate Close at shutdown, not an outage
			}
			logger.Warn("nats disconnected", "error", err)
		}
		o.ReconnectedCB = func(nc *nats.Conn) {
			logger.Info("nats reconnected", "url", nc.ConnectedUrlRedacted())
		}
		o.AsyncErrorCB = func(_ *nats.Conn, sub *nats.Subscription, err error) {
			subject := ""
			if sub != nil {
				subject = sub.Subject
			}
			logger.Error("nats async error", "subject", subject, "error", err)
		}
		return nil
	}
}
