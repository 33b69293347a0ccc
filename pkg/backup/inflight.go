package backup

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"
)

// requeueRunningTranscodes puts the message of every transcode job that
// was running at the snapshot back into catalog's outbox, so the relay
// publishes it when catalog starts. The job messages lived only in
// JetStream, which a backup does not hold; the job's row still holds its
// slot, and the worker's final report frees it as usual. The job id stays
// the Nats-Msg-Id, and the restored NATS has no dedup history, so it is
// published again exactly once. A database without catalog's queue (an
// older one) is left alone.
func requeueRunningTranscodes(ctx context.Context, conn *pgx.Conn) (int64, error) {
	var exists bool
	err := conn.QueryRow(ctx, `SELECT to_regclass('catalog.transcode_queue') IS NOT NULL
		AND to_regclass('catalog.outbox') IS NOT NULL`).Scan(&exists)
	if err != nil || !exists {
		return 0, err
	}
	tag, err := conn.Exec(ctx, `INSERT INTO catalog.outbox (id, subject, payload)
		SELECT job_id, subject, payload FROM catalog.transcode_queue
		WHERE dispatched_time IS NOT NULL ORDER BY dispatched_time
		ON CONFLICT (id) DO NOTHING`)
	if err != nil {
		return 0, fmt.Errorf("re-queueing the transcodes that were running: %w", err)
	}
	return tag.RowsAffected(), nil
}
