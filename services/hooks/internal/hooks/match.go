package hooks

import (
	"context"
	"errors"
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
	// Occurred is when the video was created (the event's occurred_time);
	// zero when the event does not say.
	Occurred time.Time
	// Payload is the body a webhook receives.
	Payload []byte
}

// Video outcomes: how a video settled (VideoOutcome.Status).
const (
	OutcomeReady   = "ready"
	OutcomeError   = "error"
	OutcomeDeleted = "deleted"
)

// VideoOutcome is how a video settled, from video.ready, video.error or
// video.deleted.
type VideoOutcome struct {
	AccountID string
	VideoID   string
	// Status is OutcomeReady, OutcomeError or OutcomeDeleted.
	Status string
	// Reason is why the video ended in error (its status_reason).
	Reason string
	// Payload is the body a webhook delivery of the video carries once it
	// is ready: the video as it is then.
	Payload []byte
}

// MatchVideoCreated records a delivery for every enabled hook of the
// account whose filters hold for the video as created, in one
// transaction; a redelivered event records nothing new. The deliveries
// wait for the video's outcome (SettleVideo), or take it at once if it
// came first. It returns how many deliveries were recorded due now.
func (r *Service) MatchVideoCreated(ctx context.Context, e VideoCreated) (int, error) {
	due := 0
	err := r.store.InTx(ctx, func(tx Tx) error {
		due = 0
		if err := tx.LockVideo(ctx, e.AccountID, e.VideoID); err != nil {
			return err
		}
		outcome, err := tx.VideoOutcome(ctx, e.AccountID, e.VideoID)
		if err != nil && !errors.Is(err, apperr.ErrNotFound) {
			return err
		}
		hooks, err := tx.EnabledHooks(ctx, e.AccountID, EventVideoCreated)
		if err != nil {
			return err
		}
		for _, h := range hooks {
			if !h.Matches(e.Video.Record()) || h.createdAfter(e.Occurred) {
				continue
			}
			d, err := r.newDelivery(ctx, tx, h, e)
			if err != nil {
				return err
			}
			if d.Status == DeliveryWaiting && outcome.Status != "" {
				d = settle(d, outcome, r.now())
			}
			n, err := record(ctx, tx, e.AccountID, d)
			if err != nil {
				return err
			}
			due += n
		}
		return nil
	})
	return due, err
}

// record inserts a matched hook's delivery and counts it if it is due
// now: 0 for one that waits, or that a redelivered event recorded before.
func record(ctx context.Context, tx Tx, accountID string, d Delivery) (int, error) {
	inserted, err := tx.InsertDelivery(ctx, accountID, d)
	if err != nil || !inserted || d.Status != DeliveryPending {
		return 0, err
	}
	return 1, nil
}

// createdAfter reports whether the hook was made after the event occurred.
// A hook fires for videos created after it: an event published again long
// after (a restore publishes the last hour's events once more, see
// docs/backup.md) must not reach back to hooks made since. Events carry
// milliseconds; hooks' times are compared at the same precision.
func (h Hook) createdAfter(occurred time.Time) bool {
	return !occurred.IsZero() && h.CreatedTime.Truncate(time.Millisecond).After(occurred)
}

func (r *Service) newDelivery(ctx context.Context, tx Tx, h Hook, e VideoCreated) (Delivery, error) {
	d := Delivery{ID: ids.New(), AccountID: e.AccountID, HookID: h.ID, ServiceID: h.ServiceID, VideoID: e.VideoID,
		EventID: e.EventID, Payload: e.Payload, Status: DeliveryWaiting}
	_, err := tx.ShareService(ctx, e.AccountID, h.ServiceID)
	switch {
	case errors.Is(err, apperr.ErrNotFound):
		// Enabled hooks have a service; this one lost it in a race.
		d.Status, d.LastError = DeliveryFailed, "the hook's service was deleted"
	case err != nil:
		return Delivery{}, err
	}
	return d, nil
}

// SettleVideo records how a video settled and settles the deliveries
// waiting for it: due now if it is ready, skipped with the reason if it
// ended in error or was deleted. It returns how many became due.
func (r *Service) SettleVideo(ctx context.Context, o VideoOutcome) (int, error) {
	due := 0
	err := r.store.InTx(ctx, func(tx Tx) error {
		due = 0
		if err := tx.LockVideo(ctx, o.AccountID, o.VideoID); err != nil {
			return err
		}
		if err := tx.PutVideoOutcome(ctx, o); err != nil {
			return err
		}
		waiting, err := tx.WaitingDeliveries(ctx, o.AccountID, o.VideoID)
		if err != nil {
			return err
		}
		for _, d := range waiting {
			d = settle(d, o, r.now())
			if err := tx.SettleDelivery(ctx, d); err != nil {
				return err
			}
			if d.Status == DeliveryPending {
				due++
			}
		}
		return nil
	})
	return due, err
}

// settle is a waiting delivery d once its video settled as o.
func settle(d Delivery, o VideoOutcome, now time.Time) Delivery {
	switch o.Status {
	case OutcomeReady:
		d.Status, d.NextAttempt, d.Payload = DeliveryPending, now, o.Payload
	case OutcomeError:
		d.Status, d.LastError = DeliverySkipped, "the video ended in error"
		if o.Reason != "" {
			d.LastError += ": " + o.Reason
		}
	default:
		d.Status, d.LastError = DeliverySkipped, "the video was deleted before its outputs existed"
	}
	return d
}
