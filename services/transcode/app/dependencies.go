package app

import (
	"context"
	"fmt"
	"log/slog"
	"os/exec"

	"github.com/vidhost/vidhost/pkg/blob"
	"github.com/vidhost/vidhost/services/transcode/internal/fetch"
	"github.com/vidhost/vidhost/services/transcode/internal/job"
	"github.com/vidhost/vidhost/services/transcode/internal/media"
)

// checkTools fails the start when ffmpeg or ffprobe is missing, rather than
// failing every job later.
func checkTools(cfg Config) error {
	for _, tool := range []string{cfg.FFmpeg, cfg.FFprobe} {
		if _, err := exec.LookPath(tool); err != nil {
			return fmt.Errorf("transcode: %s not found (install ffmpeg or set VIDHOST_FFMPEG/VIDHOST_FFPROBE): %w", tool, err)
		}
	}
	return nil
}

// newRunner builds what an attempt uses, after clearing the work directory
// of attempts whose worker died.
func newRunner(ctx context.Context, cfg Config, logger *slog.Logger) (*job.Runner, error) {
	store, err := blob.Open(ctx, cfg.Blob.Config())
	if err != nil {
		return nil, fmt.Errorf("transcode: %w", err)
	}
	if err := job.SweepWorkDir(cfg.WorkDir); err != nil {
		logger.Warn("work directory sweep incomplete", "dir", cfg.WorkDir, "error", err)
	}
	return &job.Runner{
		Store:      store,
		Fetcher:    fetch.New(cfg.fetchOptions()),
		Transcoder: media.New(media.Config{FFmpeg: cfg.FFmpeg, FFprobe: cfg.FFprobe, Limits: cfg.limits(), Chunks: cfg.chunks()}),
		WorkDir:    cfg.WorkDir,
		Chunked:    cfg.Chunked == ChunkedLocal,
		Timeouts:   job.Timeouts{Max: cfg.JobTimeout, PerSecond: cfg.JobTimeoutPerSecond, Min: cfg.JobTimeoutMin},
		Logger:     logger,
	}, nil
}
