package catalog

import (
	"context"
	"errors"
	"time"

	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/ids"
	"github.com/vidhost/vidhost/pkg/plans"
)

// AccountTerms is what the catalog knows of an account from identity's
// account.updated: its plan and whether the operator has disabled it. Live
// admission reads them (AuthorizePublish), so the operator's change reaches
// a connected publisher at its next key check.
type AccountTerms struct {
	AccountID   string
	Plan        string
	Enabled     bool
	UpdatedTime time.Time // identity's; the later change wins
}

// ErrAccountDisabled refuses the publishers of an account the operator has
// disabled.
var ErrAccountDisabled = &apperr.Refused{Reason: "the account is disabled"}

// errBadAccountTerms marks an announcement that can never be applied.
var errBadAccountTerms = errors.New("catalog: account.updated names no valid account or plan")

// ApplyAccountTerms records t unless a later change of the account is
// already recorded. An announcement with no valid account, an unknown
// plan or no time is refused with an error wrapping errBadAccountTerms
// (IsBadAccountTerms): retrying it cannot help.
func (s *Service) ApplyAccountTerms(ctx context.Context, t AccountTerms) error {
	if _, known := plans.Lookup(t.Plan); !ids.Valid(t.AccountID) || !known || t.UpdatedTime.IsZero() {
		return errBadAccountTerms
	}
	return s.store.SetAccountTerms(ctx, t)
}

// IsBadAccountTerms reports whether err is ApplyAccountTerms refusing an
// announcement for good.
func IsBadAccountTerms(err error) bool { return errors.Is(err, errBadAccountTerms) }

// publishTerms is the plan a publisher on k is admitted under: the
// account's announced plan when the catalog has one (it is newer than any
// key), else the plan recorded with the key; a disabled account is refused.
func (s *Service) publishTerms(ctx context.Context, k StoredStreamKey) (plans.Plan, error) {
	name := k.Plan
	terms, err := s.store.GetAccountTerms(ctx, k.AccountID)
	switch {
	case err == nil && !terms.Enabled:
		return plans.Plan{}, ErrAccountDisabled
	case err == nil:
		name = terms.Plan
	case !errors.Is(err, apperr.ErrNotFound):
		return plans.Plan{}, err
	}
	plan := livePlan(name)
	if !plan.LiveStreaming {
		return plans.Plan{}, &apperr.Refused{Reason: "the " + plan.Name + " plan does not include live streaming: move to a plan that does"}
	}
	return plan, nil
}
