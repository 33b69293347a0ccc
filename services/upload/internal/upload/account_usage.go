package upload

import (
	"context"

	"github.com/vidhost/vidhost/pkg/principal"
)

// AccountUsage is what an account's uploads take against the limits in
// force for its caller's plan (GET /v2/account/uploads, docs/account.md).
type AccountUsage struct {
	Usage
	Limits Settings
}

// Usage reports p's account's uploads as the quota check counts them, with
// the limits CreateUpload would apply to p now: the same limitsFor, so the
// page and a refusal never disagree on the quota.
func (s *Service) Usage(ctx context.Context, p principal.Principal) (AccountUsage, error) {
	limits, err := s.limitsFor(ctx, p)
	if err != nil {
		return AccountUsage{}, err
	}
	var usage Usage
	err = s.store.InTx(ctx, func(tx Tx) error {
		usage, err = tx.Usage(ctx, p.AccountID, s.now())
		return err
	})
	if err != nil {
		return AccountUsage{}, err
	}
	return AccountUsage{Usage: usage, Limits: limits}, nil
}
