package outbox

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/vidhost/vidhost/pkg/telemetry"
)

// Migration creates the outbox table. Copy it into a service's numbered
// goose migrations (below a "-- +goose Up" line); it is safe to re-run.
const Migration = `CREATE TABLE IF NOT EXISTS outbox (
	seq          bigserial PRIMARY KEY,
	id           text        NOT NULL UNIQUE,
	subject      text        NOT NULL,
	payload      bytea       NOT NULL,
	created_time timestamptz NOT NULL DEFAULT now()
);
` + TraceMigration + RetentionMigration

// TraceMigration adds the column that carries the trace context of the
// transaction that wrote a row to the message the relay publishes
// (pkg/telemetry). Services whose outbox predates it copy it into a
// numbered migration of their own; it is safe to re-run.
const TraceMigration = `ALTER TABLE outbox ADD COLUMN IF NOT EXISTS trace_context text NOT NULL DEFAULT '';
`

// RetentionMigration adds the column that marks a row published instead of
// deleting it, and the index the relay's search for unpublished rows uses.
// Published rows are kept for Retention so that a restore can publish
// them again (pkg/backup). Services whose outbox predates it copy it into
// a numbered migration of their own; it is safe to re-run.
const RetentionMigration = `ALTER TABLE outbox ADD COLUMN IF NOT EXISTS published_time timestamptz;
CREATE INDEX IF NOT EXISTS outbox_unpublished_idx ON outbox (seq) WHERE published_time IS NULL;
`

// channelSQL names the LISTEN/NOTIFY channel after the current schema
// (search_path), cut to PostgreSQL's 63-byte identifier limit.
const channelSQL = `left('outbox:' || current_schema(), 63)`

// Message is one event to publish: ID becomes the Nats-Msg-Id (use the
// event's id), Subject and Payload are published as they are.
type Message struct {
	ID      string
	Subject string
	Payload []byte
}

// Enqueue stores msgs in tx's outbox and wakes the relay when tx commits.
// If tx rolls back, nothing is published.
func Enqueue(ctx context.Context, tx pgx.Tx, msgs ...Message) error {
	if len(msgs) == 0 {
		return nil
	}
	batch := &pgx.Batch{}
	// The message continues the trace of the call that committed it.
	traceContext := telemetry.Serialize(ctx)
	for _, msg := range msgs {
		if err := msg.validate(); err != nil {
			return err
		}
		batch.Queue("INSERT INTO outbox (id, subject, payload, trace_context) VALUES ($1, $2, $3, $4)",
			msg.ID, msg.Subject, payloadOf(msg), traceContext)
	}
	// Notifications are delivered at commit, and only if it commits.
	batch.Queue("SELECT pg_notify(" + channelSQL + ", '')")
	if err := tx.SendBatch(ctx, batch).Close(); err != nil {
		return fmt.Errorf("outbox: enqueue: %w", err)
	}
	return nil
}

func (m Message) validate() error {
	switch {
	case m.ID == "":
		return errors.New("outbox: message id must not be empty")
	case m.Subject == "":
		return fmt.Errorf("outbox: message %s: subject must not be empty", m.ID)
	}
	return nil
}

// payloadOf keeps an empty payload from becoming NULL.
func payloadOf(m Message) []byte {
	if m.Payload == nil {
		return []byte{}
	}
	return m.Payload
}
