package streamkeys

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/plans"
	"github.com/vidhost/vidhost/services/catalog/internal/catalog"
)

// livePlan is the plan a key was issued under; a key issued before keys
// recorded the plan (or naming a plan since removed) gets the cheapest plan
// with live streaming, which its account had to have to create the event.
func livePlan(name string) plans.Plan {
	if p, ok := plans.Lookup(name); ok {
		return p
	}
	p, _ := plans.Cheapest(func(p plans.Plan) bool { return p.LiveStreaming })
	return p
}

// admissionWindow is how long an admitted publisher holds one of its
// plan's live events at once before its event is live. The live service
// rechecks a publisher's key every 5 s, and each grant renews the
// admission, so a publisher still connecting keeps its slot; one that left
// before live.started frees it within this window.
const admissionWindow = 15 * time.Second

// admitLive refuses an event that would take the account beyond its plan's
// live events at once, and otherwise records the admission. It counts the
// account's other events that are live or were admitted within
// admissionWindow (an event counts as live only once live.started arrives,
// about 3 s after its publisher connects), under a per-account lock so two
// publishers connecting at once are admitted one after the other. An event
// already live was admitted earlier, so the live service's periodic
// recheck does not cut it.
func (s *Service) admitLive(ctx context.Context, v catalog.Video, plan plans.Plan) error {
	if v.Status == catalog.StatusLive {
		return nil
	}
	return s.store.InTx(ctx, func(tx Tx) error {
		if err := tx.LockLiveAdmission(ctx, v.AccountID); err != nil {
			return err
		}
		n, err := tx.CountAdmittedEvents(ctx, v.AccountID, v.ID, admissionWindow)
		if err != nil {
			return err
		}
		if n >= plan.MaxLiveEvents {
			// Exhausted (ResourceExhausted): the live service tells a
			// limit from a refused key (SRT's reject code 1429).
			return &apperr.Exhausted{Reason: fmt.Sprintf(
				"the account already has %d live event(s), the most the %s plan allows at once: end one, or move to a larger plan",
				n, plan.Name)}
		}
		return tx.AdmitStreamKey(ctx, v.AccountID, v.ID)
	})
}

// publishTerms is the plan a publisher on k is admitted under: the
// account's announced plan when the catalog has one (it is newer than any
// key), else the plan recorded with the key; a disabled account is refused.
func (s *Service) publishTerms(ctx context.Context, k catalog.StoredStreamKey) (plans.Plan, error) {
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
