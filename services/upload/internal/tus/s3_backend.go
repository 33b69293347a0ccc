package tus

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/tus/tusd/v2/pkg/handler"
	"github.com/tus/tusd/v2/pkg/s3store"

	"github.com/vidhost/vidhost/pkg/blob"
	"github.com/vidhost/vidhost/services/upload/internal/upload"
)

// s3MetadataPrefix keeps tusd's bookkeeping apart under tus/; objects go
// straight to their Upload's key, under blob.UploadsFolder.
const s3MetadataPrefix = "tus/"

// S3Backend writes tus uploads as S3 multipart uploads directly at their
// Upload's key, so a finished upload needs no copy.
type S3Backend struct {
	s3      s3store.S3Store
	objects blob.Store
}

var _ Backend = (*S3Backend)(nil)

// NewS3Backend uses the bucket and credentials of cfg (an "s3" blob
// configuration) and objects, the blob store over the same bucket.
func NewS3Backend(cfg blob.Config, objects blob.Store) *S3Backend {
	store := s3store.New(cfg.Bucket, newS3Client(cfg))
	store.ObjectPrefix = blob.UploadsFolder
	store.MetadataObjectPrefix = s3MetadataPrefix
	return &S3Backend{s3: store, objects: objects}
}

// The tus id's object part is the Upload's key without blob.UploadsFolder:
// <account>/<upload>/<name>; the S3 store appends "+<multipart id>".
func (b *S3Backend) tusID(u upload.Upload) string {
	return strings.TrimPrefix(u.Key, blob.UploadsFolder)
}

func (b *S3Backend) uploadID(tusID string) string {
	objectID, _, _ := strings.Cut(tusID, "+")
	_, uploadID, _, _ := blob.ParseUploadKey(blob.UploadsFolder + objectID)
	return uploadID
}

func (b *S3Backend) dataStore() dataStore { return b.s3 }

// store checks the object the completed multipart upload left at u.Key and
// removes tusd's info object, which is no longer needed.
func (b *S3Backend) store(ctx context.Context, u upload.Upload, _ handler.FileInfo) error {
	info, err := b.objects.Stat(ctx, u.Key)
	if err != nil {
		return fmt.Errorf("tus: stat finished upload %s: %w", u.ID, err)
	}
	if info.Size != u.Size {
		return fmt.Errorf("tus: finished upload %s has %d bytes, want %d", u.ID, info.Size, u.Size)
	}
	return b.deleteInfo(ctx, u)
}

// Discard implements upload.Staging. An unfinished upload is terminated
// (its multipart upload aborted); a finished one only loses its info object,
// since terminating would delete the object itself.
func (b *S3Backend) Discard(ctx context.Context, u upload.Upload) error {
	if u.Transport != upload.TransportTus {
		return nil
	}
	if u.State == upload.StateComplete {
		return b.deleteInfo(ctx, u)
	}
	return errors.Join(terminate(ctx, b.s3, u.TusID), b.deleteInfo(ctx, u))
}

func (b *S3Backend) deleteInfo(ctx context.Context, u upload.Upload) error {
	for _, suffix := range []string{".info", ".part"} {
		if err := b.objects.Delete(ctx, s3MetadataPrefix+b.tusID(u)+suffix); err != nil {
			return err
		}
	}
	return nil
}
