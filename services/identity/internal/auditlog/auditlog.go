package auditlog

import (
	"context"
	"time"

	"github.com/google/uuid"

	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/page"
	"github.com/vidhost/vidhost/pkg/plans"
	"github.com/vidhost/vidhost/pkg/principal"
	eventsv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/events/v1"
)

// Entry is one stored entry of an account's audit log.
type Entry struct {
	ID         string
	AccountID  string
	ActorType  string
	ActorID    string
	EntityType string
	EntityID   string
	ActionType string
	ActionData string
	ActionIP   string
	ActionTime time.Time
}

// Store keeps entries: append-only, so it has no update or delete but
// Expire, which the database bounds by audit.RetentionFloor.
type Store interface {
	// InsertAuditEntry stores e; an entry already stored (same id) is left
	// as it is, so a redelivered message is stored once.
	InsertAuditEntry(ctx context.Context, e Entry) error
	// ListAuditEntries returns up to req.FetchLimit() entries of the account
	// before req.Cursor in (action_time, id) order, newest first.
	ListAuditEntries(ctx context.Context, accountID string, f Filter, req page.Request) ([]Entry, error)
	// ExpireAuditEntries deletes entries older than keep and says how many.
	ExpireAuditEntries(ctx context.Context, keep time.Duration) (int64, error)
	// AccountPlan returns the account's plan name.
	AccountPlan(ctx context.Context, accountID string) (string, error)
}

// Service lists and keeps audit entries.
type Service struct {
	store Store
}

// NewService returns a Service over store.
func NewService(store Store) *Service {
	return &Service{store: store}
}

// ErrPlanRequired is the refusal for an account whose plan has no audit logs.
var ErrPlanRequired = plans.Required("audit logs", func(p plans.Plan) bool { return p.AuditLogs })

// List returns a page of the principal's account's entries, newest first,
// matching in, and the next page's cursor ("" on the last). Plans without
// audit logs are refused with plan_required, before the filters are read.
func (s *Service) List(ctx context.Context, p principal.Principal, in FilterInput, req page.Request) ([]Entry, string, error) {
	if err := s.checkPlan(ctx, p); err != nil {
		return nil, "", err
	}
	f, err := in.Parse()
	if err != nil {
		return nil, "", err
	}
	if _, err := uuid.Parse(req.Cursor.ID); !req.Cursor.IsZero() && err != nil {
		return nil, "", apperr.InvalidField("cursor", "is not a cursor this service issued")
	}
	rows, err := s.store.ListAuditEntries(ctx, p.AccountID, f, req)
	if err != nil {
		return nil, "", err
	}
	items, next := page.Trim(rows, req, func(e Entry) page.Cursor {
		return page.Cursor{Time: e.ActionTime, ID: e.ID}
	})
	return items, next, nil
}

// checkPlan asks the principal's plan, which the gateway signs, or the
// account's row when the principal names none.
func (s *Service) checkPlan(ctx context.Context, p principal.Principal) error {
	name := p.Plan
	if name == "" {
		var err error
		if name, err = s.store.AccountPlan(ctx, p.AccountID); err != nil {
			return err
		}
	}
	if plan, ok := plans.Lookup(name); !ok || !plan.AuditLogs {
		return ErrPlanRequired
	}
	return nil
}

// Store stores one entry, once.
func (s *Service) Store(ctx context.Context, e Entry) error {
	return s.store.InsertAuditEntry(ctx, e)
}

// Expire deletes the entries older than keep.
func (s *Service) Expire(ctx context.Context, keep time.Duration) (int64, error) {
	return s.store.ExpireAuditEntries(ctx, keep)
}

// FromProto is the entry of a decoded (and validated) message.
func FromProto(e *eventsv1.AuditEntry) Entry {
	at, _ := time.Parse(time.RFC3339Nano, e.GetActionTime())
	return Entry{
		ID: e.GetId(), AccountID: e.GetAccountId(), ActorType: e.GetActorType(), ActorID: e.GetActorId(),
		EntityType: e.GetEntityType(), EntityID: e.GetEntityId(), ActionType: e.GetActionType(),
		ActionData: e.GetActionData(), ActionIP: e.GetActionIp(), ActionTime: at.UTC(),
	}
}
