package outbox

import (
	"context"
	"time"

	"github.com/vidhost/vidhost/pkg/metrics"
)

// backlogInterval is how often Run counts the rows left and prunes old
// published ones: a count is a scan of the unpublished index, cheap while
// the relay keeps up, and the backlog only matters when it does not.
const backlogInterval = 10 * time.Second

// Retention is how long a published row stays in the table. A backup
// holds the rows published within it, and a restore publishes them again
// (pkg/backup), so events JetStream had taken but no consumer had handled
// when the backup was taken are not lost with JetStream's state. An hour
// covers a consumer that was down for a while; consumers dedupe by event id.
const Retention = time.Hour

// housekeeping sets pkg/metrics' outbox gauge for the pool's schema to the
// rows waiting and deletes rows published more than Retention ago, at most
// once per backlogInterval. A growing gauge means NATS is refusing or the
// relay cannot keep up; the alert rules watch it.
func (r *Relay) housekeeping(ctx context.Context) {
	if time.Since(r.sampled) < backlogInterval {
		return
	}
	r.sampled = time.Now()
	ctx, cancel := context.WithTimeout(ctx, backlogInterval/2)
	defer cancel()
	var schema string
	var pending int64
	err := r.pool.QueryRow(ctx, "SELECT current_schema(), count(*) FROM outbox WHERE published_time IS NULL").Scan(&schema, &pending)
	if err != nil {
		return // the database is down: its readiness check says so
	}
	metrics.OutboxPending.WithLabelValues(schema).Set(float64(pending))
	if _, err := r.pool.Exec(ctx, "DELETE FROM outbox WHERE published_time < now() - $1::interval", Retention.String()); err != nil {
		r.logger.Warn("outbox relay: pruning published rows failed", "error", err)
	}
}
