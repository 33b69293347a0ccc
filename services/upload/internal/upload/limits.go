package upload

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/blob"
)

// settleGrace is how long after its window closes a pending upload is
// still given: for clocks that differ a little, and a PUT that started just
// in time. Bytes that arrive even later still count when resolved.
const settleGrace = time.Minute

// maxSettle bounds the uploads looked at before refusing a new one.
const maxSettle = 100

// allow refuses what the account's switch or per-file limit forbids.
func (s Settings) allow(size int64) error {
	if !s.UploadsEnabled {
		return &apperr.Refused{Code: apperr.CodeUploadsDisabled, Reason: "uploads are disabled for this account"}
	}
	if size > s.MaxFileBytes {
		return &apperr.Refused{Code: apperr.CodeUploadFileTooLarge,
			Reason: fmt.Sprintf("size is larger than this account's limit of %d bytes per file", s.MaxFileBytes)}
	}
	return nil
}

// fits refuses an upload of size that would exceed the account's quotas.
func (s Settings) fits(usage Usage, size int64) error {
	if usage.InProgress >= int(s.MaxConcurrent) {
		return &apperr.Exhausted{Code: apperr.CodeUploadConcurrency, Reason: fmt.Sprintf(
			"this account already has %d uploads in progress, its limit; finish or delete one first", usage.InProgress)}
	}
	if usage.Bytes+size > s.QuotaBytes {
		return s.overQuota(usage, size)
	}
	return nil
}

// checkUsage applies the quotas. Bytes PUT to a presigned URL go straight
// to object storage, so the service learns they arrived only by looking:
// before refusing, it settles the account's pending uploads and counts again.
func (s *Service) checkUsage(ctx context.Context, tx Tx, accountID string, limits Settings, size int64, now time.Time) error {
	usage, err := tx.Usage(ctx, accountID, now)
	if err != nil || limits.fits(usage, size) == nil {
		return err
	}
	pending, err := tx.PendingUploads(ctx, accountID, maxSettle)
	if err != nil {
		return err
	}
	for _, u := range pending {
		if _, err := s.settle(ctx, tx, u, "", now); err != nil {
			return err
		}
	}
	if usage, err = tx.Usage(ctx, accountID, now); err != nil {
		return err
	}
	return limits.fits(usage, size)
}

// settle moves a pending upload on once its fate is known: complete when
// its bytes are stored, abandoned when its window (and the grace) passed
// without them. It returns the upload's state afterwards.
func (s *Service) settle(ctx context.Context, tx Tx, u Upload, actorID string, now time.Time) (State, error) {
	if u.Transport == TransportPut {
		arrived, err := s.arrived(ctx, u)
		if err != nil {
			return u.State, err
		}
		if arrived {
			_, err := s.complete(ctx, tx, u, actorID, now)
			return StateComplete, err
		}
	}
	if now.After(u.ExpiresTime.Add(settleGrace)) {
		return StateAbandoned, tx.AbandonUpload(ctx, u.AccountID, u.ID)
	}
	return u.State, nil
}

// arrived reports whether u's object is stored with exactly u.Size bytes.
// Both drivers refuse a PUT of another size, so a mismatch means someone
// wrote the key another way; it is never accepted.
func (s *Service) arrived(ctx context.Context, u Upload) (bool, error) {
	info, err := s.objects.Stat(ctx, u.Key)
	if errors.Is(err, blob.ErrNotFound) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("upload %s: %w", u.ID, err)
	}
	return info.Size == u.Size, nil
}

// complete records that u's bytes arrived and announces it in the same
// transaction.
func (s *Service) complete(ctx context.Context, tx Tx, u Upload, actorID string, now time.Time) (Upload, error) {
	done, err := tx.CompleteUpload(ctx, u.AccountID, u.ID)
	if err != nil {
		return Upload{}, err
	}
	return done, tx.Emit(ctx, Event{AccountID: u.AccountID, ActorID: actorID, Time: now, Upload: done})
}
