package natsx

import (
	"context"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/vidhost/vidhost/pkg/metrics"
)

// lagInterval is how often a consumer's lag is sampled: often enough for
// an autoscaler, rare enough to cost the server nothing.
const lagInterval = 10 * time.Second

// WatchLag samples consumer's info until ctx is done and exports its lag
// (num_pending, num_ack_pending, num_redelivered) as pkg/metrics' gauges,
// labelled with its stream and durable name. Every replica of a service
// reports the same durable's values: alert and scale on max by (stream,
// consumer), not sum.
func WatchLag(ctx context.Context, consumer jetstream.Consumer) {
	go func() {
		ticker := time.NewTicker(lagInterval)
		defer ticker.Stop()
		for {
			sampleLag(ctx, consumer)
			select {
			case <-ctx.Done():
				return
			case <-ticker.C:
			}
		}
	}()
}

// sampleLag sets the gauges from one info call; a failed call (NATS down)
// leaves the last values, which the readiness check already explains.
func sampleLag(ctx context.Context, consumer jetstream.Consumer) {
	ctx, cancel := context.WithTimeout(ctx, lagInterval/2)
	defer cancel()
	info, err := consumer.Info(ctx)
	if err != nil {
		return
	}
	metrics.ConsumerPending.WithLabelValues(info.Stream, info.Name).Set(float64(info.NumPending))
	metrics.ConsumerAckPending.WithLabelValues(info.Stream, info.Name).Set(float64(info.NumAckPending))
	metrics.ConsumerRedelivered.WithLabelValues(info.Stream, info.Name).Set(float64(info.NumRedelivered))
}
