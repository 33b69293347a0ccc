package natsx

import (
	"context"
	"errors"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// EmptyPull reports whether err from a pull consumer's Next or Fetch only
// means nothing arrived in time (or the pull was called off): an idle
// queue, not a failure to log. JetStream says so in several ways (the
// request's timeout, its context's deadline, no messages).
func EmptyPull(err error) bool {
	return errors.Is(err, nats.ErrTimeout) || errors.Is(err, jetstream.ErrNoMessages) ||
		errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled)
}
