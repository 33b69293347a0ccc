package store

import (
	"context"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/vidhost/vidhost/pkg/outbox"
	"github.com/vidhost/vidhost/services/upload/internal/events"
	"github.com/vidhost/vidhost/services/upload/internal/store/db"
	"github.com/vidhost/vidhost/services/upload/internal/upload"
)

// NoteQuotaReached records the account's quota notice at now unless one
// was recorded after since.
func (t *tx) NoteQuotaReached(ctx context.Context, accountID string, now, since time.Time) (bool, error) {
	_, err := t.q.NoteQuotaReached(ctx, db.NoteQuotaReachedParams{AccountID: accountID, NoticedTime: now, Since: since})
	if errors.Is(err, pgx.ErrNoRows) {
		return false, nil
	}
	return err == nil, mapError(err, "note quota reached")
}

// EmitQuotaReached encodes e and adds it to the transaction's outbox.
func (t *tx) EmitQuotaReached(ctx context.Context, e upload.QuotaReached) error {
	msg, err := events.QuotaReachedMessage(e)
	if err != nil {
		return err
	}
	return outbox.Enqueue(ctx, t.pgTx, msg)
}
