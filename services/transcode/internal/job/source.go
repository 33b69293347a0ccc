package job

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/vidhost/vidhost/pkg/blob"
)

// fetchSource puts the job's source at path: an upload is copied out of
// the blob store, a URL downloaded with the SSRF-safe fetcher. ffprobe and
// ffmpeg then read a plain local file, and never the network.
func (r *Runner) fetchSource(ctx context.Context, j Job, path string) error {
	if j.SourceKey != "" {
		return r.copyUpload(ctx, j.SourceKey, path)
	}
	if _, err := r.Fetcher.FetchAtMost(ctx, j.SourceURL, path, j.SourceMaxBytes); err != nil {
		return &fetchError{err: err}
	}
	return nil
}

func (r *Runner) copyUpload(ctx context.Context, key, path string) error {
	body, _, err := r.Store.Open(ctx, key)
	if errors.Is(err, blob.ErrNotFound) {
		return fmt.Errorf("%w (%s)", errSourceMissing, key)
	}
	if err != nil {
		return fmt.Errorf("open source %s: %w", key, err)
	}
	defer body.Close()
	file, err := os.Create(path) //nolint:gosec // G304: a fixed name in the job's attempt directory
	if err != nil {
		return err
	}
	if _, err := io.Copy(file, body); err != nil {
		file.Close()
		return fmt.Errorf("copy source %s: %w", key, err)
	}
	return file.Close()
}
