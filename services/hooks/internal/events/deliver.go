package events

import (
	"context"
	"errors"
	"fmt"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/vidhost/vidhost/pkg/natsx"
)

// deliverPolicy is where a durable consumer of the catalog's stream starts.
// A consumer made now reads the whole stream: a restore's NATS is new, and
// the catalog may publish the events it republishes (docs/backup.md) before
// this service has made its consumers; reading from the start, they are
// not missed. That is safe because a hook fires only for videos created
// after it (hooks.Hook.createdAfter), so older events fire nothing, and a
// delivery is recorded once per hook and event. A consumer that exists
// keeps its policy: JetStream refuses to change it, and it has its place.
func deliverPolicy(ctx context.Context, js jetstream.JetStream, name string) (jetstream.DeliverPolicy, error) {
	consumer, err := js.Consumer(ctx, natsx.StreamNameCatalog, name)
	if errors.Is(err, jetstream.ErrConsumerNotFound) {
		return jetstream.DeliverAllPolicy, nil
	}
	if err != nil {
		return 0, fmt.Errorf("events: read consumer %s: %w", name, err)
	}
	return consumer.CachedInfo().Config.DeliverPolicy, nil
}
