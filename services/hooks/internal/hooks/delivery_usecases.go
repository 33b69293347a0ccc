package hooks

import (
	"context"

	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/page"
	"github.com/vidhost/vidhost/pkg/principal"
	"github.com/vidhost/vidhost/pkg/validate"
)

// Refusals of a retry.
var (
	ErrDeliveryPending = &apperr.Refused{Reason: "the delivery is already waiting for its next attempt"}
	ErrDeliverySkipped = &apperr.Refused{Reason: "a skipped delivery is never sent: see its error"}
	ErrDeliveryWaiting = &apperr.Refused{Reason: "the delivery is waiting for its video's outputs"}
)

// ListDeliveries returns a page of one of the account's hooks' deliveries,
// newest first.
func (r *Service) ListDeliveries(ctx context.Context, p principal.Principal, hookID string, req page.Request) ([]Delivery, string, error) {
	if err := checkID(hookID); err != nil {
		return nil, "", err
	}
	if _, err := r.store.GetHook(ctx, p.AccountID, hookID); err != nil {
		return nil, "", err
	}
	return page.List(req,
		func() ([]Delivery, error) { return r.store.ListDeliveries(ctx, p.AccountID, hookID, req) },
		func(d Delivery) page.Cursor { return page.Cursor{Time: d.CreatedTime, ID: d.ID} })
}

// RetryDelivery sends a failed or succeeded delivery again, under the same
// id and with a fresh retry schedule.
func (r *Service) RetryDelivery(ctx context.Context, p principal.Principal, hookID, id string) (Delivery, error) {
	if err := validate.First(checkID(hookID), checkID(id)); err != nil {
		return Delivery{}, err
	}
	var out Delivery
	err := r.store.InTx(ctx, func(tx Tx) error {
		d, err := tx.LockDelivery(ctx, p.AccountID, hookID, id)
		switch {
		case err != nil:
			return err
		case d.Status == DeliveryPending:
			return ErrDeliveryPending
		case d.Status == DeliverySkipped:
			return ErrDeliverySkipped
		case d.Status == DeliveryWaiting:
			return ErrDeliveryWaiting
		}
		out, err = tx.RequeueDelivery(ctx, p.AccountID, hookID, id)
		return err
	})
	return out, err
}
