package upload

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/vidhost/vidhost/pkg/blob"
)

// TombstoneContentType marks the empty object a deleted upload leaves at its
// key. A presigned PUT URL stays valid until it expires, whatever happens
// to its upload, so the key of a deleted upload must not hold bytes again:
//
//   - the local driver's PUT URLs are write-once (blob.Local.Handler refuses
//     a PUT to a key that holds an object, 409), so the tombstone, like a
//     completed upload's file, makes the URL useless at once;
//   - S3 presigned URLs cannot be revoked, and S3 replaces the tombstone. So
//     the sweeper looks at every deleted upload whose URL may still be used
//     (SweepDeletedKeys) and puts the tombstone back over whatever landed:
//     such bytes live one sweep interval at most, never count towards a
//     quota and never resolve (a deleted upload is not found).
//
// The tombstone is removed with the record, at retention.
const TombstoneContentType = "application/vnd.vidhost.upload-deleted"

// tombstone replaces the object at u's key with the empty marker.
func (s *Service) tombstone(ctx context.Context, u Upload) error {
	return s.objects.Put(ctx, u.Key, bytes.NewReader(nil), 0, TombstoneContentType)
}

// isTombstone tells the marker from bytes a client sent: every upload
// declares at least one byte.
func isTombstone(info blob.Info) bool {
	return info.Size == 0
}

// sweepDeletedKeys puts the tombstone back on the keys of deleted uploads
// whose URL could still be used at the last pass, and returns how many
// held bytes again.
func (s *Service) sweepDeletedKeys(ctx context.Context, now time.Time) (int, error) {
	var cleared int
	var errs []error
	// A URL expires at ExpiresTime, but a PUT that started just before may
	// finish later: look one settle grace further back.
	deleted, err := s.store.DeletedUploadsWithLiveURLs(ctx, now.Add(-settleGrace))
	if err != nil {
		return 0, err
	}
	for _, u := range deleted {
		info, err := s.objects.Stat(ctx, u.Key)
		switch {
		case errors.Is(err, blob.ErrNotFound), err == nil && isTombstone(info):
			continue
		case err != nil:
			errs = append(errs, fmt.Errorf("upload %s: %w", u.ID, err))
			continue
		}
		if err := s.tombstone(ctx, u); err != nil {
			errs = append(errs, fmt.Errorf("upload %s: %w", u.ID, err))
			continue
		}
		s.logger.WarnContext(ctx, "bytes PUT to a deleted upload's URL were removed", "upload", u.ID, "size", info.Size)
		cleared++
	}
	return cleared, errors.Join(errs...)
}
