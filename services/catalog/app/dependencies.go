package app

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/vidhost/vidhost/pkg/blob"
	"github.com/vidhost/vidhost/pkg/grpcx"
	"github.com/vidhost/vidhost/pkg/lifecycle"
	"github.com/vidhost/vidhost/pkg/secrets"
	"github.com/vidhost/vidhost/services/catalog/internal/catalog"
	"github.com/vidhost/vidhost/services/catalog/internal/clips"
	"github.com/vidhost/vidhost/services/catalog/internal/events"
	"github.com/vidhost/vidhost/services/catalog/internal/leads"
	"github.com/vidhost/vidhost/services/catalog/internal/restreams"
	"github.com/vidhost/vidhost/services/catalog/internal/server"
	"github.com/vidhost/vidhost/services/catalog/internal/store"
	"github.com/vidhost/vidhost/services/catalog/internal/streamkeys"
	"github.com/vidhost/vidhost/services/catalog/internal/transcribes"
	"github.com/vidhost/vidhost/services/catalog/internal/uploads"
)

// uploadResolver returns opts.Uploads, or a client of the upload service.
func uploadResolver(cfg Config, opts Options, stack *lifecycle.Stack) (catalog.UploadResolver, error) {
	if opts.Uploads != nil {
		return opts.Uploads, nil
	}
	conn, err := grpcx.Dial(cfg.UploadAddr, grpcx.CallerCredentials(secrets.MustRoot(cfg.InternalSecret), grpcx.Catalog))
	if err != nil {
		return nil, fmt.Errorf("catalog: upload service: %w", err)
	}
	// Close the connection once no call can resolve a reference any more.
	stack.Push("upload service connection", func(context.Context) error { return conn.Close() })
	return uploads.New(conn), nil
}

// openBlobStore opens the store tracks and thumbnails are kept in; it
// holds no connection to close.
func openBlobStore(ctx context.Context, cfg Config, logger *slog.Logger) (catalog.Files, error) {
	objects, err := blob.Open(ctx, cfg.Blob.Config())
	if err != nil {
		return catalog.Files{}, fmt.Errorf("catalog: %w", err)
	}
	return catalog.Files{Objects: objects, Logger: logger}, nil
}

// useCases builds the catalog domain's use-case types over one store: the
// catalog's own and those of the packages carved out of it, which share its
// media URLs, files and live ingest.
func useCases(cfg Config, st *store.Store, resolver catalog.UploadResolver, files catalog.Files) server.UseCases {
	media := catalog.Media{BaseURL: cfg.MediaBaseURL}
	ingest := catalog.Ingest{RTMPBase: cfg.LiveRTMPURL, SRTBase: cfg.LiveSRTURL,
		Box: secrets.BoxFor(secrets.MustRoot(cfg.InternalSecret), secrets.StreamKey)}
	videos := catalog.NewService(st, media, resolver, files).
		LimitJobsPerAccount(cfg.TranscodeAccountConcurrency).
		WithIngest(ingest)
	return server.UseCases{
		Catalog:    videos,
		StreamKeys: streamkeys.New(st.StreamKeys(), ingest),
		Transcribes: transcribes.New(st.Transcribes(), media, files).AcceptLanguages(cfg.TranscribeLanguages()).
			EngineOff(cfg.TranscribeEngine == "off"),
		Leads: leads.New(st.Leads()),
		Restreams: restreams.New(st.Restreams(), secrets.BoxFor(secrets.MustRoot(cfg.InternalSecret), secrets.RestreamKey),
			cfg.RestreamAllowLoopback),
		Clips: clips.New(st, files, videos),
	}
}

// startMediaConsumer applies transcode reports until shutdown.
func startMediaConsumer(ctx context.Context, js jetstream.JetStream, svc *catalog.Service, logger *slog.Logger, stack *lifecycle.Stack) error {
	stop, err := events.StartMediaConsumer(ctx, js, svc.ApplyMediaReport, logger)
	if err != nil {
		return fmt.Errorf("catalog: %w", err)
	}
	// Stop taking reports before the relay and the pool go; one in hand
	// finishes, the rest are delivered again after the restart.
	stack.Push("media consumer", func(context.Context) error { stop(); return nil })
	return nil
}

// startTranscribeConsumer applies transcribe reports until shutdown.
func startTranscribeConsumer(ctx context.Context, js jetstream.JetStream, svc *transcribes.Service, logger *slog.Logger, stack *lifecycle.Stack) error {
	stop, err := events.StartTranscribeConsumer(ctx, js, svc.ApplyReport, logger)
	if err != nil {
		return fmt.Errorf("catalog: %w", err)
	}
	// Like the media consumer: stop before the blob store and the pool go.
	stack.Push("transcribe consumer", func(context.Context) error { stop(); return nil })
	return nil
}

// startMediaCleanupConsumer deletes deleted videos' media until shutdown.
func startMediaCleanupConsumer(ctx context.Context, js jetstream.JetStream, svc *catalog.Service, logger *slog.Logger, stack *lifecycle.Stack) error {
	stop, err := events.StartMediaCleanupConsumer(ctx, js, svc.DeleteVideoMedia, logger)
	if err != nil {
		return fmt.Errorf("catalog: %w", err)
	}
	// Stop before the blob store and the pool go; a clean-up cut short is
	// delivered again after the restart, and deletes what is left.
	stack.Push("media cleanup consumer", func(context.Context) error { stop(); return nil })
	return nil
}

// startAccountsConsumer records identity's account changes for live
// admission until shutdown.
func startAccountsConsumer(ctx context.Context, js jetstream.JetStream, svc *catalog.Service, logger *slog.Logger, stack *lifecycle.Stack) error {
	stop, err := events.StartAccountsConsumer(ctx, js, svc.ApplyAccountTerms, logger)
	if err != nil {
		return fmt.Errorf("catalog: %w", err)
	}
	// Stop before the pool goes; an unacknowledged change is delivered again.
	stack.Push("accounts consumer", func(context.Context) error { stop(); return nil })
	return nil
}
