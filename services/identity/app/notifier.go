package app

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/vidhost/vidhost/pkg/lifecycle"
	"github.com/vidhost/vidhost/services/identity/internal/notify"
	"github.com/vidhost/vidhost/services/identity/internal/store"
)

// startNotifier emails users the events they chose (docs/users.md) until
// shutdown. Without a mailer (no SMTP host) it does not start: the events
// wait in their streams, and are mailed from where the durable consumers
// stopped once mail is configured (or from the next events, for a first
// start).
func startNotifier(ctx context.Context, cfg Config, js jetstream.JetStream, st *store.Store, sender notify.Sender,
	logger *slog.Logger, stack *lifecycle.Stack) error {
	if sender == nil {
		logger.Warn("no SMTP host (VIDHOST_SMTP_HOST): notification emails are not sent")
		return nil
	}
	stop, err := notify.Start(ctx, js, notify.Decoder{PublicURL: cfg.PublicURL}, notify.New(st.Notifications(), sender), logger)
	if err != nil {
		return fmt.Errorf("identity: %w", err)
	}
	// Stop taking events before the relay and the pool go; those in hand
	// finish, the rest are delivered again after the restart.
	stack.Push("notification consumers", func(context.Context) error { stop(); return nil })
	return nil
}
