package natsx

import (
	"context"
	"fmt"

	"github.com/nats-io/nats.go"

	"github.com/vidhost/vidhost/pkg/admin"
)

// AddReadyCheck makes the process ready only while nc is connected: a
// service cut off from the bus cannot publish or consume, so a load
// balancer should send its calls elsewhere until it reconnects.
func AddReadyCheck(ctx context.Context, nc *nats.Conn) {
	admin.AddCheck(ctx, "nats", func(context.Context) error {
		if status := nc.Status(); status != nats.CONNECTED {
			return fmt.Errorf("nats connection is %s", status)
		}
		return nil
	})
}
