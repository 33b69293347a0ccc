package outbox

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/vidhost/vidhost/pkg/telemetry"
)

// Flush publishes everything pending once, round after round, and returns
// the first publish or database error. Rows another relay has locked are
// skipped. Tests and shutdown use it; Run calls it on every wake-up.
func (r *Relay) Flush(ctx context.Context) error {
	for {
		published, err := r.round(ctx)
		if err != nil || published == 0 {
			return err
		}
	}
}

// round publishes up to batchSize of the oldest unpublished rows and marks
// those JetStream acked as published, in one transaction. On the first failed publish it stops,
// so a later row never overtakes an earlier one.
func (r *Relay) round(ctx context.Context) (published int, err error) {
	tx, err := r.pool.Begin(ctx)
	if err != nil {
		return 0, fmt.Errorf("outbox: begin: %w", err)
	}
	defer tx.Rollback(context.WithoutCancel(ctx)) //nolint:errcheck // a no-op after commit
	pending, err := lockPending(ctx, tx)
	if err != nil {
		return 0, err
	}
	var done []int64
	var publishErr error
	for _, row := range pending {
		if publishErr = r.publish(ctx, row); publishErr != nil {
			break
		}
		done = append(done, row.seq)
	}
	// Record what was published even if ctx was cancelled meanwhile (a
	// shutdown), so it is not published again.
	finishCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
	defer cancel()
	if err := markPublished(finishCtx, tx, done); err != nil {
		return 0, errors.Join(err, publishErr)
	}
	return len(done), publishErr
}

func (r *Relay) publish(ctx context.Context, row pendingRow) error {
	ctx, cancel := context.WithTimeout(ctx, r.publishTimeout)
	defer cancel()
	msg := &nats.Msg{Subject: row.subject, Data: row.payload, Header: nats.Header{}}
	telemetry.Deserialize(row.traceContext, msg.Header)
	if _, err := r.js.PublishMsg(ctx, msg, jetstream.WithMsgID(row.id)); err != nil {
		return fmt.Errorf("outbox: publish %s to %s: %w", row.id, row.subject, err)
	}
	return nil
}

type pendingRow struct {
	seq          int64
	id           string
	subject      string
	payload      []byte
	traceContext string
}

func lockPending(ctx context.Context, tx pgx.Tx) ([]pendingRow, error) {
	rows, err := tx.Query(ctx, `SELECT seq, id, subject, payload, trace_context FROM outbox
		WHERE published_time IS NULL ORDER BY seq LIMIT $1 FOR UPDATE SKIP LOCKED`, batchSize)
	if err != nil {
		return nil, fmt.Errorf("outbox: select pending: %w", err)
	}
	pending, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (pendingRow, error) {
		var p pendingRow
		err := row.Scan(&p.seq, &p.id, &p.subject, &p.payload, &p.traceContext)
		return p, err
	})
	if err != nil {
		return nil, fmt.Errorf("outbox: select pending: %w", err)
	}
	return pending, nil
}

// markPublished keeps the rows, marked, for Retention (see prune).
func markPublished(ctx context.Context, tx pgx.Tx, seqs []int64) error {
	if len(seqs) > 0 {
		if _, err := tx.Exec(ctx, "UPDATE outbox SET published_time = now() WHERE seq = ANY($1)", seqs); err != nil {
			return fmt.Errorf("outbox: mark published: %w", err)
		}
	}
	if err := tx.Commit(ctx); err != nil {
		return fmt.Errorf("outbox: commit: %w", err)
	}
	return nil
}
