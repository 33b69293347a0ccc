package backup

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/vidhost/vidhost/pkg/natsx"
)

// republishRecentEvents marks every event the services' outboxes published
// within outbox.Retention before the snapshot as unpublished again, so each
// service's relay publishes it once more when it starts. JetStream's state
// is not in a backup: an event it had taken but no consumer had handled
// (a hook delivery not yet made, say) would otherwise be lost. Consumers
// dedupe by event id (hooks keeps one delivery per hook and event), so an
// event that had been handled changes nothing. Job messages are commands,
// not events: they are left alone (requeueRunningTranscodes decides which
// run again), or a finished transcode would run twice. A schema whose
// outbox predates retention has nothing to republish.
func republishRecentEvents(ctx context.Context, conn pgx.Tx) (int64, error) {
	rows, err := conn.Query(ctx, `SELECT table_schema FROM information_schema.columns
		WHERE table_name = 'outbox' AND column_name = 'published_time' ORDER BY table_schema`)
	if err != nil {
		return 0, err
	}
	schemas, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return 0, err
	}
	var total int64
	for _, schema := range schemas {
		tag, err := conn.Exec(ctx, `UPDATE `+pgx.Identifier{schema, "outbox"}.Sanitize()+` SET published_time = NULL
			WHERE published_time IS NOT NULL AND subject NOT IN ($1, $2) AND NOT starts_with(subject, $3)`,
			natsx.SubjectTranscodeJobs, natsx.SubjectTranscribeJobs, natsx.SubjectTranscribeCancelsPrefix)
		if err != nil {
			return total, fmt.Errorf("republishing the events of %s: %w", schema, err)
		}
		total += tag.RowsAffected()
	}
	return total, nil
}

// requeueRunningTranscodes puts the message of every transcode job that
// was running at the snapshot back into catalog's outbox, so the relay
// publishes it when catalog starts. The job messages lived only in
// JetStream, which a backup does not hold; the job's row still holds its
// slot, and the worker's final report frees it as usual. The job id stays
// the Nats-Msg-Id, and the restored NATS has no dedup history, so it is
// published again exactly once. The outbox may still hold the job's
// published row (outbox.Retention): it is marked unpublished instead. A
// database without catalog's queue (an older one) is left alone.
func requeueRunningTranscodes(ctx context.Context, conn pgx.Tx) (int64, error) {
	var exists, retention bool
	err := conn.QueryRow(ctx, `SELECT to_regclass('catalog.transcode_queue') IS NOT NULL
		AND to_regclass('catalog.outbox') IS NOT NULL,
		EXISTS (SELECT 1 FROM information_schema.columns WHERE table_schema = 'catalog'
			AND table_name = 'outbox' AND column_name = 'published_time')`).Scan(&exists, &retention)
	if err != nil || !exists {
		return 0, err
	}
	onConflict := "DO NOTHING"
	if retention {
		onConflict = "DO UPDATE SET published_time = NULL"
	}
	tag, err := conn.Exec(ctx, `INSERT INTO catalog.outbox (id, subject, payload)
		SELECT job_id, subject, payload FROM catalog.transcode_queue
		WHERE dispatched_time IS NOT NULL ORDER BY dispatched_time
		ON CONFLICT (id) `+onConflict)
	if err != nil {
		return 0, fmt.Errorf("re-queueing the transcodes that were running: %w", err)
	}
	return tag.RowsAffected(), nil
}
