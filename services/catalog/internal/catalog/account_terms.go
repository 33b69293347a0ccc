package catalog

import (
	"context"
	"errors"
	"time"

	"github.com/vidhost/vidhost/pkg/ids"
	"github.com/vidhost/vidhost/pkg/plans"
)

// AccountTerms is what the catalog knows of an account from identity's
// account.updated: its plan and whether the operator has disabled it. Live
// admission reads them (AuthorizePublish), so the operator's change reaches
// a connected publisher at its next key check (internal/streamkeys).
type AccountTerms struct {
	AccountID   string
	Plan        string
	Enabled     bool
	UpdatedTime time.Time // identity's; the later change wins
}

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
