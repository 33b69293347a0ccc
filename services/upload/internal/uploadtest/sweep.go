package uploadtest

import (
	"log/slog"
	"testing"
	"time"

	"github.com/vidhost/vidhost/services/upload/internal/store"
	"github.com/vidhost/vidhost/services/upload/internal/tus"
	"github.com/vidhost/vidhost/services/upload/internal/upload"
)

// Sweep runs one sweeper pass as of now through a second instance of the
// service over the same database and storage (replicas may sweep at once).
func (b *Bundle) Sweep(t *testing.T, now time.Time) upload.SweepResult {
	t.Helper()
	result, err := b.Service(t).Sweep(t.Context(), now)
	if err != nil {
		t.Fatalf("uploadtest: sweep: %v", err)
	}
	return result
}

// Service returns a domain service over the bundle's database and storage.
func (b *Bundle) Service(t *testing.T) *upload.Service {
	t.Helper()
	var backend tus.Backend = tus.NewS3Backend(b.Config.Blob.Config(), b.Objects)
	if b.Driver == Local {
		var err error
		if backend, err = tus.NewFileBackend(b.Config.StagingDir(), b.Objects); err != nil {
			t.Fatalf("uploadtest: %v", err)
		}
	}
	opts := upload.Options{
		URLTTL: b.Config.URLTTL, TusTTL: b.Config.TusTTL, Retention: b.Config.Retention,
		Defaults: upload.Settings{UploadsEnabled: true, MaxFileBytes: b.Config.MaxFileBytes,
			QuotaBytes: b.Config.QuotaBytes, MaxConcurrent: b.Config.MaxConcurrent},
	}
	logger := slog.New(slog.NewTextHandler(t.Output(), &slog.HandlerOptions{Level: slog.LevelWarn}))
	return upload.NewService(store.New(b.Pool), b.Objects, backend, opts, logger)
}
