package app

import (
	"context"
	"log/slog"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/vidhost/vidhost/pkg/lifecycle"
	"github.com/vidhost/vidhost/services/identity/internal/auditlog"
	"github.com/vidhost/vidhost/services/identity/internal/events"
)

// expireEvery is how often entries past the retention are deleted.
const expireEvery = time.Hour

// startAuditLog starts storing every service's audit entries and expiring
// old ones, pushing their stops on stack.
func startAuditLog(ctx context.Context, cfg Config, js jetstream.JetStream, svc *auditlog.Service, logger *slog.Logger, stack *lifecycle.Stack) error {
	stop, err := events.StartAuditConsumer(ctx, js, svc.Store, logger)
	if err != nil {
		return err
	}
	// Stop consuming: the entry in hand is stored first.
	stack.Push("audit consumer", func(context.Context) error { stop(); return nil })
	if cfg.AuditRetention <= 0 {
		return nil
	}
	expiryCtx, cancel := context.WithCancel(context.WithoutCancel(ctx))
	done := make(chan struct{})
	go func() {
		defer close(done)
		expireLoop(expiryCtx, svc, cfg.AuditRetention, logger)
	}()
	// Stop expiring.
	stack.Push("audit expiry", func(context.Context) error { cancel(); <-done; return nil })
	return nil
}

// expireLoop deletes entries older than keep now and every expireEvery.
func expireLoop(ctx context.Context, svc *auditlog.Service, keep time.Duration, logger *slog.Logger) {
	ticker := time.NewTicker(expireEvery)
	defer ticker.Stop()
	for {
		if n, err := svc.Expire(ctx, keep); err != nil && ctx.Err() == nil {
			logger.Warn("audit entries not expired, retrying later", "error", err)
		} else if n > 0 {
			logger.Info("audit entries expired", "count", n, "retention", keep)
		}
		select {
		case <-ctx.Done():
			return
		case <-ticker.C:
		}
	}
}
