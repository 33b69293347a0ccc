package upload

import (
	"context"
	"errors"
	"time"
)

// sweepBatch is how many uploads one query of the sweeper handles.
const sweepBatch = 100

// SweepResult counts what one pass did.
type SweepResult struct {
	// Settled counts pending uploads whose window closed and that became
	// complete or abandoned.
	Settled int
	// Removed counts records removed for being older than the retention.
	Removed int
	// Cleared counts deleted uploads whose key held bytes again (an S3 PUT
	// URL used after the delete) and got its tombstone back.
	Cleared int
}

// Sweep settles the uploads whose window closed before now, and removes
// the records created more than the retention before now with their
// unreferenced files. It is idempotent and safe to run from several
// replicas at once. An upload that cannot be handled is skipped until the
// next pass; its error is returned with the result.
func (s *Service) Sweep(ctx context.Context, now time.Time) (SweepResult, error) {
	var result SweepResult
	settled, err := sweepAll(func() ([]Upload, error) {
		return s.store.OverdueUploads(ctx, now.Add(-settleGrace), sweepBatch)
	}, func(u Upload) error { return s.settleOverdue(ctx, u, now) })
	result.Settled = settled
	if err != nil {
		return result, err
	}
	if result.Cleared, err = s.sweepDeletedKeys(ctx, now); err != nil {
		return result, err
	}
	result.Removed, err = sweepAll(func() ([]Upload, error) {
		return s.store.ExpiredUploads(ctx, now.Add(-s.opts.Retention), sweepBatch)
	}, func(u Upload) error { return s.expire(ctx, u) })
	return result, err
}

// sweepAll handles batches until one comes back short. A batch with a
// failure ends the pass, so a failing upload is not fetched again and again.
func sweepAll(fetch func() ([]Upload, error), handle func(Upload) error) (int, error) {
	done := 0
	for {
		batch, err := fetch()
		if err != nil {
			return done, err
		}
		var errs []error
		for _, u := range batch {
			if err := handle(u); err != nil {
				errs = append(errs, err)
				continue
			}
			done++
		}
		if len(errs) > 0 || len(batch) < sweepBatch {
			return done, errors.Join(errs...)
		}
	}
}

// settleOverdue settles an upload whose window closed; an abandoned tus
// upload's staging is discarded at once rather than at retention.
func (s *Service) settleOverdue(ctx context.Context, u Upload, now time.Time) error {
	var state State
	err := s.store.InTx(ctx, func(tx Tx) error {
		var err error
		state, err = s.settle(ctx, tx, u, "", now)
		return err
	})
	if err != nil || state != StateAbandoned {
		return err
	}
	return s.staging.Discard(ctx, u)
}

// expire removes an upload past the retention: its files first (unless a
// consumer owns them), so that a failure leaves the record to try again.
func (s *Service) expire(ctx context.Context, u Upload) error {
	if err := s.removeFiles(ctx, u); err != nil {
		return err
	}
	return s.store.InTx(ctx, func(tx Tx) error {
		return tx.RemoveUpload(ctx, u.AccountID, u.ID)
	})
}
