package accounts

import (
	"context"
	"time"

	"github.com/vidhost/vidhost/pkg/plans"
	"github.com/vidhost/vidhost/pkg/principal"
)

// Summary is an account as its own people see it (GET /v2/account,
// docs/account.md): its plan and the seats it uses. Bytes and minutes are
// the upload and catalog services' to count (/v2/account/uploads, /videos).
type Summary struct {
	ID, Name, Plan string
	// Limits is the plan's row of pkg/plans.
	Limits      plans.Plan
	MfaRequired bool
	// Users counts every user, disabled ones included; PendingInvites the
	// invites that would add one. Together they are what MaxUsers bounds.
	Users, PendingInvites int
	CreatedTime           time.Time
}

// SummaryStore reads an account's summary; apperr.ErrNotFound when there is
// no such account.
type SummaryStore interface {
	AccountSummary(ctx context.Context, accountID string, now time.Time) (Summary, error)
}

// Summaries answers GET /v2/account for any person or key of the account.
type Summaries struct {
	store SummaryStore
	now   func() time.Time
}

// NewSummaries returns Summaries over store.
func NewSummaries(store SummaryStore) *Summaries {
	return &Summaries{store: store, now: time.Now}
}

// Get returns p's account. The plan is the account's row, not the one
// signed into p, so a plan the operator just changed shows at once; an
// unknown name (impossible: a CHECK keeps it to the table) gets the
// cheapest plan's limits, as the services that enforce them do.
func (s *Summaries) Get(ctx context.Context, p principal.Principal) (Summary, error) {
	out, err := s.store.AccountSummary(ctx, p.AccountID, s.now())
	if err != nil {
		return Summary{}, err
	}
	limits, ok := plans.Lookup(out.Plan)
	if !ok {
		limits = plans.All()[0]
	}
	out.Limits = limits
	return out, nil
}
