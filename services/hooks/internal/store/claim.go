package store

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/vidhost/vidhost/services/hooks/internal/hooks"
	"github.com/vidhost/vidhost/services/hooks/internal/store/db"
)

// claimScan is how many of the first due deliveries a claim chooses from.
const claimScan = 1000

// claimDue is the one query of the service not scoped by account: the
// engine serves every account. Claimed rows are leased until $1. Of one
// service it takes at most $2 rows less its attempts in flight in this
// engine ($3[i] has $4[i]), among the $5 first due rows, so a backlog for
// one service does not fill the batch and no claimed row has to wait for
// its service; $6 rows in all. Written by hand: sqlc cannot analyze the
// window function.
const claimDue = `
WITH due AS (
	SELECT c.id, c.service_id, c.next_attempt_time, coalesce(busy.n, 0) AS in_flight
	FROM deliveries c
	LEFT JOIN (SELECT unnest($3::text[]) AS service_id, unnest($4::int[]) AS n) busy ON busy.service_id = c.service_id
	WHERE c.status = 'pending' AND c.next_attempt_time <= now()
	ORDER BY c.next_attempt_time
	LIMIT $5
), ranked AS (
	SELECT id, next_attempt_time, in_flight,
	       row_number() OVER (PARTITION BY service_id ORDER BY next_attempt_time, id) AS n
	FROM due
), picked AS (
	SELECT id FROM ranked WHERE n <= $2::bigint - in_flight ORDER BY next_attempt_time LIMIT $6
)
UPDATE deliveries
SET next_attempt_time = $1::timestamptz, updated_time = now()
WHERE id IN (
	SELECT d.id FROM deliveries d
	WHERE d.id IN (SELECT id FROM picked) AND d.status = 'pending' AND d.next_attempt_time <= now()
	FOR UPDATE SKIP LOCKED
)
RETURNING id, account_id, hook_id, service_id, video_id, event_id, payload, status, attempts, last_http_status,
          last_latency_ms, last_error, next_attempt_time, created_time, updated_time`

// ClaimDue leases up to limit due deliveries of any account until
// leaseUntil, at most perService of one service less inFlight's count for
// it: the engine's one read across accounts.
func (s *Store) ClaimDue(ctx context.Context, leaseUntil time.Time, limit int32, perService int, inFlight map[string]int) ([]hooks.Delivery, error) {
	services, counts := make([]string, 0, len(inFlight)), make([]int32, 0, len(inFlight))
	for id, n := range inFlight {
		services, counts = append(services, id), append(counts, int32(n)) //nolint:gosec // at most Workers
	}
	rows, err := s.pool.Query(ctx, claimDue, leaseUntil, perService, services, counts, claimScan, limit)
	if err != nil {
		return nil, mapError(err, "claim deliveries")
	}
	claimed, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (db.Delivery, error) {
		var d db.Delivery
		err := row.Scan(&d.ID, &d.AccountID, &d.HookID, &d.ServiceID, &d.VideoID, &d.EventID, &d.Payload, &d.Status,
			&d.Attempts, &d.LastHttpStatus, &d.LastLatencyMs, &d.LastError, &d.NextAttemptTime, &d.CreatedTime, &d.UpdatedTime)
		return d, err
	})
	if err != nil {
		return nil, mapError(err, "claim deliveries")
	}
	return mapRows(claimed, delivery), nil
}
