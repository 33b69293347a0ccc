package store

import (
	"context"

	"github.com/vidhost/vidhost/services/hooks/internal/hooks"
	"github.com/vidhost/vidhost/services/hooks/internal/store/db"
)

func (t *tx) LockVideo(ctx context.Context, accountID, videoID string) error {
	return mapError(t.q.LockVideo(ctx, db.LockVideoParams{AccountID: accountID, VideoID: videoID}), "lock video")
}

func (t *tx) VideoOutcome(ctx context.Context, accountID, videoID string) (hooks.VideoOutcome, error) {
	row, err := t.q.GetVideoOutcome(ctx, db.GetVideoOutcomeParams{AccountID: accountID, VideoID: videoID})
	if err != nil {
		return hooks.VideoOutcome{}, mapError(err, "video outcome")
	}
	return hooks.VideoOutcome{AccountID: row.AccountID, VideoID: row.VideoID, Status: row.Status, Reason: row.Reason,
		Payload: row.Payload}, nil
}

func (t *tx) PutVideoOutcome(ctx context.Context, o hooks.VideoOutcome) error {
	err := t.q.PutVideoOutcome(ctx, db.PutVideoOutcomeParams{
		AccountID: o.AccountID, VideoID: o.VideoID, Status: o.Status, Reason: o.Reason, Payload: o.Payload,
	})
	return mapError(err, "put video outcome")
}

func (t *tx) WaitingDeliveries(ctx context.Context, accountID, videoID string) ([]hooks.Delivery, error) {
	rows, err := t.q.WaitingDeliveries(ctx, db.WaitingDeliveriesParams{AccountID: accountID, VideoID: videoID})
	if err != nil {
		return nil, mapError(err, "waiting deliveries")
	}
	return mapRows(rows, delivery), nil
}

func (t *tx) SettleDelivery(ctx context.Context, d hooks.Delivery) error {
	err := t.q.SettleDelivery(ctx, db.SettleDeliveryParams{
		AccountID: d.AccountID, ID: d.ID, Status: d.Status, Payload: d.Payload, LastError: d.LastError,
		NextAttemptTime: timestamp(d.NextAttempt),
	})
	return mapError(err, "settle delivery")
}
