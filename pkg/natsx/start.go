package natsx

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/vidhost/vidhost/pkg/lifecycle"
)

// StartJetStream is a service's messaging start-up step: connect as c
// (reconnecting for ever, logging outages), ensure the streams it publishes
// to and consumes from (idempotent, so start-up order between services does
// not matter), and push closing the connection on stack, so it closes after
// everything started later has stopped publishing. With no streams given it
// ensures AllStreams. Streams are kept on c.Settings.Replicas servers.
func StartJetStream(ctx context.Context, c Client, logger *slog.Logger, stack *lifecycle.Stack,
	streams ...jetstream.StreamConfig) (jetstream.JetStream, error) {
	nc, err := Connect(c, LogEvents(logger))
	if err != nil {
		return nil, err
	}
	stack.Push("nats connection", func(context.Context) error { nc.Close(); return nil })
	AddReadyCheck(ctx, nc)
	js, err := jetstream.New(nc)
	if err != nil {
		return nil, fmt.Errorf("jetstream: %w", err)
	}
	if len(streams) == 0 {
		streams = AllStreams()
	}
	if err := EnsureStreams(ctx, js, WithReplicas(streams, c.Settings.Replicas)...); err != nil {
		return nil, err
	}
	return js, nil
}
