package upload

import (
	"context"

	"github.com/vidhost/vidhost/pkg/principal"
)

// AllowURLSource applies p's account's upload switch and limits to a video
// source the transcode worker will download from a URL: its bytes never
// pass through this service, but they are the account's upload all the
// same. It is refused like an upload (uploads disabled, bytes quota already
// full, with the same codes) and otherwise returns the most bytes the
// download may take: the per-file limit, or what is left of the bytes
// quota if that is less. The catalog hands that to the worker, which stops
// the download beyond it.
//
// Nothing is recorded: the size of a URL source is unknown until it is
// downloaded, and a reservation of the per-file limit each would let a few
// videos, waiting in the catalog's transcode queue, block every upload of
// the account. So URL sources are bounded by the quotas, not counted in
// them (docs/uploads.md).
func (s *Service) AllowURLSource(ctx context.Context, p principal.Principal) (int64, error) {
	if p.UploadToken != "" {
		return 0, errTokenScope("input") // a token's video comes from its upload only
	}
	limits, err := s.limitsFor(ctx, p)
	if err != nil {
		return 0, err
	}
	if err := limits.allow(1); err != nil {
		return 0, err
	}
	now := s.now()
	var maxBytes int64
	err = s.store.InTx(ctx, func(tx Tx) error {
		if err := tx.LockAccount(ctx, p.AccountID); err != nil {
			return err
		}
		// At least one byte must fit: a full quota refuses as for an upload.
		if err := s.checkUsage(ctx, tx, p.AccountID, limits, 1, now); err != nil {
			return err
		}
		usage, err := tx.Usage(ctx, p.AccountID, now)
		maxBytes = min(limits.MaxFileBytes, limits.QuotaBytes-usage.Bytes)
		return err
	})
	s.announceQuotaReached(ctx, p, err)
	return maxBytes, err
}
