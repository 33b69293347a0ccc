package catalog

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"iter"
	"log/slog"

	"github.com/vidhost/vidhost/pkg/blob"
)

// ObjectStore is the part of the blob store (pkg/blob.Store) the catalog
// uses for the files it stores itself (tracks and custom thumbnails) and
// for deleting a deleted video's media.
type ObjectStore interface {
	Open(ctx context.Context, key string) (io.ReadCloser, blob.Info, error)
	Put(ctx context.Context, key string, r io.Reader, size int64, contentType string) error
	Delete(ctx context.Context, key string) error
	DeletePrefix(ctx context.Context, prefix string) error
	List(ctx context.Context, prefix string) iter.Seq2[blob.Info, error]
}

// Files is where the catalog keeps the files clients upload for a video.
type Files struct {
	Objects ObjectStore
	// Logger reports clean-ups that failed after a request's outcome was
	// settled: the file they leave is named so an operator can remove it.
	Logger *slog.Logger
}

// uploadPrefix returns the folder of an upload's files,
// uploads/<account>/<upload>/, refusing a key outside the account's
// uploads so a clean-up can never delete anything else.
func uploadPrefix(accountID, key string) (string, error) {
	account, upload, _, ok := blob.ParseUploadKey(key)
	if !ok || account != accountID {
		return "", fmt.Errorf("catalog: upload key %q is not in account %s's uploads", key, accountID)
	}
	return blob.UploadPrefix(account, upload)
}

// Read returns an object's bytes, refusing with tooLarge one of more than
// max bytes without reading more than max+1 of it.
func (f Files) Read(ctx context.Context, key string, max int64, tooLarge error) ([]byte, error) {
	content, info, err := f.Objects.Open(ctx, key)
	if err != nil {
		return nil, fmt.Errorf("catalog: open %s: %w", key, err)
	}
	defer content.Close()
	if info.Size > max {
		return nil, tooLarge
	}
	data, err := io.ReadAll(io.LimitReader(content, max+1))
	if err != nil {
		return nil, fmt.Errorf("catalog: read %s: %w", key, err)
	}
	if int64(len(data)) > max {
		return nil, tooLarge
	}
	return data, nil
}

// Put stores data at key.
func (f Files) Put(ctx context.Context, key string, data []byte, contentType string) error {
	if err := f.Objects.Put(ctx, key, bytes.NewReader(data), int64(len(data)), contentType); err != nil {
		return fmt.Errorf("catalog: store %s: %w", key, err)
	}
	return nil
}

// Remove deletes path of a video's media folder after the request's
// outcome is settled; it runs even if the caller has gone, and a failure is
// logged, not returned.
func (f Files) Remove(ctx context.Context, accountID, videoID, path string) {
	key, err := blob.VideoKey(accountID, videoID, path)
	if err == nil {
		err = f.Objects.Delete(context.WithoutCancel(ctx), key)
	}
	if err != nil {
		f.Logger.Warn("catalog: could not delete a file no video uses", "video_id", videoID, "path", path, "error", err)
	}
}

// removeUpload deletes a resolved upload's files, like Remove.
func (f Files) removeUpload(ctx context.Context, prefix string) {
	if err := f.Objects.DeletePrefix(context.WithoutCancel(ctx), prefix); err != nil {
		f.Logger.Warn("catalog: could not delete a consumed upload", "prefix", prefix, "error", err)
	}
}
