package store

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5/pgtype"

	"github.com/vidhost/vidhost/pkg/page"
	"github.com/vidhost/vidhost/services/hooks/internal/hooks"
	"github.com/vidhost/vidhost/services/hooks/internal/store/db"
)

func (t *tx) EnabledHooks(ctx context.Context, accountID, event string) ([]hooks.Hook, error) {
	rows, err := t.q.EnabledHooks(ctx, db.EnabledHooksParams{AccountID: accountID, Event: event})
	if err != nil {
		return nil, mapError(err, "enabled hooks")
	}
	return hookRows(rows)
}

func (t *tx) InsertDelivery(ctx context.Context, accountID string, d hooks.Delivery) (bool, error) {
	n, err := t.q.InsertDelivery(ctx, db.InsertDeliveryParams{
		ID: d.ID, AccountID: accountID, HookID: d.HookID, ServiceID: d.ServiceID, VideoID: d.VideoID, EventID: d.EventID,
		Payload: d.Payload, Status: d.Status, LastError: d.LastError, NextAttemptTime: timestamp(d.NextAttempt),
	})
	return n == 1, mapError(err, "insert delivery")
}

// OpenService reads a service with its credentials, without a lock: what a
// delivery needs to sign and send.
func (s *Store) OpenService(ctx context.Context, accountID, id string) (hooks.Target, error) {
	row, err := db.New(s.pool).OpenServiceRow(ctx, db.OpenServiceRowParams{AccountID: accountID, ID: id})
	if err != nil {
		return hooks.Target{}, mapError(err, "open service")
	}
	credentials, err := (&tx{box: s.box}).open(accountID, id, row.Credentials)
	return withCredentials(row, credentials), err
}

// RecordAttempt stores the outcome of an attempt: d's status, counters,
// last answer and next attempt.
func (s *Store) RecordAttempt(ctx context.Context, d hooks.Delivery) error {
	err := db.New(s.pool).RecordAttempt(ctx, db.RecordAttemptParams{
		AccountID: d.AccountID, ID: d.ID, Status: d.Status, Attempts: int32(d.Attempts), //nolint:gosec // bounded by the schedule
		LastHttpStatus: int32(d.LastStatus), LastLatencyMs: int32(d.LastLatency.Milliseconds()), //nolint:gosec // HTTP status, milliseconds of one attempt
		LastError: d.LastError, NextAttemptTime: timestamp(d.NextAttempt),
	})
	return mapError(err, "record attempt")
}

func timestamp(t time.Time) pgtype.Timestamptz {
	return pgtype.Timestamptz{Time: t, Valid: !t.IsZero()}
}

func delivery(row db.Delivery) hooks.Delivery {
	d := hooks.Delivery{
		ID: row.ID, AccountID: row.AccountID, HookID: row.HookID, ServiceID: row.ServiceID, VideoID: row.VideoID,
		EventID: row.EventID, Payload: row.Payload, Status: row.Status, Attempts: int(row.Attempts),
		LastStatus: int(row.LastHttpStatus), LastLatency: time.Duration(row.LastLatencyMs) * time.Millisecond,
		LastError: row.LastError, CreatedTime: row.CreatedTime.UTC(), UpdatedTime: row.UpdatedTime.UTC(),
	}
	if row.NextAttemptTime.Valid {
		d.NextAttempt = row.NextAttemptTime.Time.UTC()
	}
	return d
}

// farFuture starts a newest-first list.
var farFuture = time.Date(9999, 12, 31, 0, 0, 0, 0, time.UTC)

func (r reader) ListDeliveries(ctx context.Context, accountID, hookID string, req page.Request) ([]hooks.Delivery, error) {
	before, beforeID := req.Cursor.Time, req.Cursor.ID
	if req.Cursor.IsZero() {
		before, beforeID = farFuture, ""
	}
	rows, err := r.q.ListDeliveries(ctx, db.ListDeliveriesParams{
		AccountID: accountID, HookID: hookID, BeforeTime: before, BeforeID: beforeID, RowLimit: req.FetchLimit(),
	})
	if err != nil {
		return nil, mapError(err, "list deliveries")
	}
	return mapRows(rows, delivery), nil
}

func (t *tx) LockDelivery(ctx context.Context, accountID, hookID, id string) (hooks.Delivery, error) {
	row, err := t.q.LockDelivery(ctx, db.LockDeliveryParams{AccountID: accountID, HookID: hookID, ID: id})
	return delivery(row), mapError(err, "lock delivery")
}

func (t *tx) RequeueDelivery(ctx context.Context, accountID, hookID, id string) (hooks.Delivery, error) {
	row, err := t.q.RequeueDelivery(ctx, db.RequeueDeliveryParams{AccountID: accountID, HookID: hookID, ID: id})
	return delivery(row), mapError(err, "requeue delivery")
}

// ExtendLease keeps a claimed delivery leased until leaseUntil.
func (s *Store) ExtendLease(ctx context.Context, d hooks.Delivery, leaseUntil time.Time) error {
	err := db.New(s.pool).ExtendLease(ctx, db.ExtendLeaseParams{AccountID: d.AccountID, ID: d.ID, LeaseUntil: leaseUntil})
	return mapError(err, "extend lease")
}
