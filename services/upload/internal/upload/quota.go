package upload

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/plans"
	"github.com/vidhost/vidhost/pkg/principal"
)

// quotaNoticeInterval is the least time between two upload.quota_reached
// events of one account: a client retrying in a loop is refused every
// time, but the account's people hear of it once.
const quotaNoticeInterval = time.Hour

// QuotaReached announces that an upload was refused because the account's
// uploads would pass its bytes quota (upload.quota_reached).
type QuotaReached struct {
	AccountID string
	ActorID   string
	Time      time.Time
	// Plan is the plan whose quota applied; empty for the operator's own.
	Plan           string
	QuotaBytes     int64
	UsedBytes      int64
	RequestedBytes int64
}

// quotaRefusal is the refusal of an upload over the bytes quota, keeping
// what the event reports; it is an *apperr.Exhausted to everyone else.
type quotaRefusal struct {
	*apperr.Exhausted
	plan                   string
	quota, used, requested int64
}

func (e *quotaRefusal) Unwrap() error { return e.Exhausted }

// overQuota is the refusal of an upload of size over s's bytes quota; it
// names the plan when the quota is the plan's.
func (s Settings) overQuota(usage Usage, size int64) error {
	reason := fmt.Sprintf(
		"this upload would take the account's uploads to %d bytes, over its quota of %d bytes; delete uploads or wait for older ones to expire",
		usage.Bytes+size, s.QuotaBytes)
	if s.QuotaPlan != "" {
		reason = fmt.Sprintf(
			"this upload would take the account's uploads to %d bytes, over the %s plan's quota of %d bytes; delete uploads, wait for older ones to expire, or move to a larger plan",
			usage.Bytes+size, s.QuotaPlan, s.QuotaBytes)
	}
	return &quotaRefusal{Exhausted: &apperr.Exhausted{Code: apperr.CodeUploadQuotaBytes, Reason: reason},
		plan: s.QuotaPlan, quota: s.QuotaBytes, used: usage.Bytes, requested: size}
}

// limitsFor returns the settings that apply to p's uploads: the account's
// own, whose quota is the operator's choice for the account if there is
// one, else the quota of p's plan, capped by the service's default.
func (s *Service) limitsFor(ctx context.Context, p principal.Principal) (Settings, error) {
	stored, err := s.store.GetSettings(ctx, p.AccountID)
	if err != nil {
		return Settings{}, err
	}
	limits := effective(p.AccountID, stored, s.opts.Defaults).Settings
	if stored.QuotaBytes == nil {
		limits.QuotaBytes, limits.QuotaPlan = planQuota(p.Plan, s.opts.Defaults.QuotaBytes)
	}
	return limits, nil
}

// planQuota is the bytes quota of the plan called name, capped by
// capBytes when it is positive. A principal with no known plan (a call
// made before plans rode on it) gets the cheapest plan's. The plan is
// named only when its own quota applies, not the cap.
func planQuota(name string, capBytes int64) (int64, string) {
	plan, ok := plans.Lookup(name)
	if !ok {
		plan = plans.All()[0]
	}
	if capBytes > 0 && capBytes < plan.UploadQuotaBytes {
		return capBytes, ""
	}
	return plan.UploadQuotaBytes, plan.Name
}

// announceQuotaReached publishes upload.quota_reached when refusal is one
// over the bytes quota, at most once per quotaNoticeInterval per account.
// It runs after the refused transaction rolled back. A failure is logged,
// never returned: the client's answer is the refusal.
func (s *Service) announceQuotaReached(ctx context.Context, p principal.Principal, refusal error) {
	var over *quotaRefusal
	if !errors.As(refusal, &over) {
		return
	}
	now := s.now().UTC().Truncate(time.Microsecond)
	err := s.store.InTx(ctx, func(tx Tx) error {
		noted, err := tx.NoteQuotaReached(ctx, p.AccountID, now, now.Add(-quotaNoticeInterval))
		if err != nil || !noted {
			return err
		}
		return tx.EmitQuotaReached(ctx, QuotaReached{
			AccountID: p.AccountID, ActorID: p.ActorID, Time: now, Plan: over.plan,
			QuotaBytes: over.quota, UsedBytes: over.used, RequestedBytes: over.requested,
		})
	})
	if err != nil {
		s.logger.WarnContext(ctx, "upload.quota_reached not announced", "account", p.AccountID, "error", err)
	}
}
