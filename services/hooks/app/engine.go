package app

import (
	"cmp"
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/vidhost/vidhost/pkg/blob"
	"github.com/vidhost/vidhost/pkg/lifecycle"
	"github.com/vidhost/vidhost/pkg/netguard"
	"github.com/vidhost/vidhost/services/hooks/internal/action"
	"github.com/vidhost/vidhost/services/hooks/internal/delivery"
	"github.com/vidhost/vidhost/services/hooks/internal/events"
	"github.com/vidhost/vidhost/services/hooks/internal/hooks"
	"github.com/vidhost/vidhost/services/hooks/internal/store"
	"github.com/vidhost/vidhost/services/hooks/internal/webhook"
)

// startEngine sends due deliveries until shutdown.
func startEngine(ctx context.Context, cfg Config, opts Options, st *store.Store, logger *slog.Logger, stack *lifecycle.Stack) (*delivery.Engine, error) {
	// Every dial is checked; the devstack's receivers on this machine are
	// allowed with VIDHOST_HOOKS_ALLOW_LOOPBACK.
	allow := netguard.PublicOr(nil, cfg.AllowLoopback)
	sender := webhook.NewSender(allow, cfg.DeliveryTimeout)
	var objects blob.Store
	if cfg.hasBlob() {
		var err error
		if objects, err = blob.Open(ctx, cfg.blobConfig()); err != nil {
			return nil, fmt.Errorf("hooks: %w", err)
		}
	}
	timeout := cmp.Or(cfg.DeliveryTimeout, webhook.DefaultTimeout)
	engineOpts := cfg.deliveryOptions(opts)
	engineOpts.Actions = map[string]delivery.Action{
		hooks.TypeVidhost: action.Vidhost{Client: webhook.GuardedClient(allow, timeout), Objects: objects, Timeout: timeout},
		hooks.TypeS3: action.S3{Transport: webhook.GuardedTransport(allow, timeout), Objects: objects,
			Timeout: cmp.Or(cfg.CopyTimeout, 30*time.Minute)},
	}
	engine := delivery.New(st, sender, logger, engineOpts)
	engineCtx, stop := context.WithCancel(context.WithoutCancel(ctx))
	done := make(chan struct{})
	go func() { defer close(done); engine.Run(engineCtx) }()
	// Stop claiming before the pool closes; attempts in flight finish and
	// are recorded (an unrecorded one is retried after its lease).
	stack.Push("delivery engine", func(context.Context) error { stop(); <-done; return nil })
	return engine, nil
}

// startMatching records deliveries for video.created, and settles them on
// their video's outcome, and records them for video.experience_degraded,
// until shutdown. Deliveries made due wake engine at once.
func startMatching(ctx context.Context, js jetstream.JetStream, svc *hooks.Service, engine *delivery.Engine, logger *slog.Logger, stack *lifecycle.Stack) error {
	match := func(ctx context.Context, e hooks.VideoCreated) (int, error) {
		recorded, err := svc.MatchVideoCreated(ctx, e)
		if recorded > 0 {
			engine.Wake()
		}
		return recorded, err
	}
	stop, err := events.StartVideoCreatedConsumer(ctx, js, match, logger)
	if err != nil {
		return fmt.Errorf("hooks: %w", err)
	}
	// Stop taking events before the engine and the pool go; one in hand
	// finishes, the rest are delivered again after the restart.
	stack.Push("video.created consumer", func(context.Context) error { stop(); return nil })
	settle := func(ctx context.Context, o hooks.VideoOutcome) (int, error) {
		due, err := svc.SettleVideo(ctx, o)
		if due > 0 {
			engine.Wake()
		}
		return due, err
	}
	stopOutcomes, err := events.StartVideoOutcomeConsumer(ctx, js, settle, logger)
	if err != nil {
		return fmt.Errorf("hooks: %w", err)
	}
	stack.Push("video outcome consumer", func(context.Context) error { stopOutcomes(); return nil })
	matchAlert := func(ctx context.Context, e hooks.ExperienceDegraded) (int, error) {
		due, err := svc.MatchExperienceDegraded(ctx, e)
		if due > 0 {
			engine.Wake()
		}
		return due, err
	}
	stopAlerts, err := events.StartExperienceConsumer(ctx, js, matchAlert, logger)
	if err != nil {
		return fmt.Errorf("hooks: %w", err)
	}
	stack.Push("video.experience_degraded consumer", func(context.Context) error { stopAlerts(); return nil })
	return nil
}
