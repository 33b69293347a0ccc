package hooks

import (
	"context"
	"time"

	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/ids"
	"github.com/vidhost/vidhost/pkg/netguard"
	"github.com/vidhost/vidhost/pkg/principal"
)

// Service runs the use cases on services (Target) and hooks for an authenticated
// principal; the gRPC handler has already checked that it may read or write.
type Service struct {
	store Store
	urls  netguard.URLPolicy
	now   func() time.Time
}

// NewService returns a Service over store that checks the URLs clients
// save with urls.
func NewService(store Store, urls netguard.URLPolicy) *Service {
	return &Service{store: store, urls: urls, now: time.Now}
}

// commit runs write in a transaction and records, in the same transaction,
// the event announcing its result (and its audit entry). write may set
// *before to the resource as it was, for an update's entry.
func commit[T any](ctx context.Context, r *Service, p principal.Principal, kind EventKind, write func(tx Tx, before *any) (T, error)) (T, error) {
	var out T
	err := r.store.InTx(ctx, func(tx Tx) error {
		var before any
		var err error
		if out, err = write(tx, &before); err != nil {
			return err
		}
		e := r.event(p, kind, out)
		e.Before = before
		return tx.Emit(ctx, e)
	})
	return out, err
}

func (r *Service) event(p principal.Principal, kind EventKind, resource any) Event {
	return Event{Kind: kind, AccountID: p.AccountID, ActorID: p.ActorID, Time: r.now(), Resource: resource, Actor: p}
}

// checkID answers Not found for ids that cannot exist, without a query.
func checkID(id string) error {
	if !ids.Valid(id) {
		return apperr.ErrNotFound
	}
	return nil
}
