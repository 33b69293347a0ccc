package hooks

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/ids"
)

// VideoCreated is a video.created event as hooks see it.
type VideoCreated struct {
	EventID   string
	AccountID string
	VideoID   string
	Video     VideoFacts
	// Payload is the body a webhook receives.
	Payload []byte
}

// MatchVideoCreated records a delivery for every enabled hook of the
// account whose filters hold for the video, in one transaction; a
// redelivered event records nothing new. Webhook deliveries are due at
// once; the vidhost and s3 actions are recorded as skipped until they are
// built. It returns how many deliveries were recorded.
func (r *Registry) MatchVideoCreated(ctx context.Context, e VideoCreated) (int, error) {
	recorded := 0
	err := r.store.InTx(ctx, func(tx Tx) error {
		recorded = 0
		hooks, err := tx.EnabledHooks(ctx, e.AccountID, EventVideoCreated)
		if err != nil {
			return err
		}
		for _, h := range hooks {
			if !h.Matches(e.Video) {
				continue
			}
			d, err := r.newDelivery(ctx, tx, h, e)
			if err != nil {
				return err
			}
			inserted, err := tx.InsertDelivery(ctx, e.AccountID, d)
			if err != nil {
				return err
			}
			if inserted {
				recorded++
			}
		}
		return nil
	})
	return recorded, err
}

func (r *Registry) newDelivery(ctx context.Context, tx Tx, h Hook, e VideoCreated) (Delivery, error) {
	d := Delivery{ID: ids.New(), AccountID: e.AccountID, HookID: h.ID, ServiceID: h.ServiceID, VideoID: e.VideoID,
		EventID: e.EventID, Payload: e.Payload, Status: DeliveryPending, NextAttempt: r.now()}
	s, err := tx.ShareService(ctx, e.AccountID, h.ServiceID)
	switch {
	case errors.Is(err, apperr.ErrNotFound):
		// Enabled hooks have a service; this one lost it in a race.
		d.Status, d.NextAttempt, d.LastError = DeliveryFailed, time.Time{}, "the hook's service was deleted"
	case err != nil:
		return Delivery{}, err
	case s.Type != TypeWebhook:
		d.Status, d.NextAttempt = DeliverySkipped, time.Time{}
		d.LastError = fmt.Sprintf("the videos.insert action of %s is not delivered yet", aService(s.Type))
	}
	return d, nil
}
