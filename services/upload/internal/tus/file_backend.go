package tus

import (
	"context"
	"fmt"
	"os"

	"github.com/tus/tusd/v2/pkg/filestore"
	"github.com/tus/tusd/v2/pkg/handler"

	"github.com/vidhost/vidhost/pkg/blob"
	"github.com/vidhost/vidhost/services/upload/internal/upload"
)

// FileBackend stages tus uploads in a directory (tusd's file store), then
// Puts the complete file into the blob store.
type FileBackend struct {
	files   filestore.FileStore
	objects blob.Store
}

var _ Backend = (*FileBackend)(nil)

// NewFileBackend stages uploads in dir (created if missing) and stores
// complete ones in objects.
func NewFileBackend(dir string, objects blob.Store) (*FileBackend, error) {
	if err := os.MkdirAll(dir, 0o750); err != nil {
		return nil, fmt.Errorf("tus: staging directory: %w", err)
	}
	return &FileBackend{files: filestore.New(dir), objects: objects}, nil
}

// The tus id is the Upload id: URL-safe, and a flat file name.
func (b *FileBackend) tusID(u upload.Upload) string { return u.ID }
func (b *FileBackend) uploadID(tusID string) string { return tusID }
func (b *FileBackend) dataStore() dataStore         { return b.files }

// store copies the staged file into the blob store (which writes a
// temporary file and renames it, so readers never see part of it), then
// removes the staging files.
func (b *FileBackend) store(ctx context.Context, u upload.Upload, info handler.FileInfo) error {
	f, err := os.Open(info.Storage[filestore.StorageKeyPath])
	if err != nil {
		return fmt.Errorf("tus: open staged upload: %w", err)
	}
	defer f.Close()
	if err := b.objects.Put(ctx, u.Key, f, u.Size, contentType(info.MetaData)); err != nil {
		return fmt.Errorf("tus: store upload %s: %w", u.ID, err)
	}
	return terminate(ctx, b.files, info.ID)
}

// Discard implements upload.Staging.
func (b *FileBackend) Discard(ctx context.Context, u upload.Upload) error {
	if u.Transport != upload.TransportTus {
		return nil
	}
	// The tus id is the Upload id, so even an upload whose id was never
	// recorded (the service stopped mid-creation) is found.
	return terminate(ctx, b.files, u.ID)
}
