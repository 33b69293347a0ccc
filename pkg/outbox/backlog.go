package outbox

import (
	"context"
	"time"

	"github.com/vidhost/vidhost/pkg/metrics"
)

// backlogInterval is how often Run counts the rows left: a count is a
// scan of the table, cheap while the relay keeps up, and the backlog only
// matters when it does not.
const backlogInterval = 10 * time.Second

// sampleBacklog sets pkg/metrics' outbox gauge for the pool's schema to
// the rows waiting, at most once per backlogInterval. A growing value
// means NATS is refusing or the relay cannot keep up; the alert rules watch it.
func (r *Relay) sampleBacklog(ctx context.Context) {
	if time.Since(r.sampled) < backlogInterval {
		return
	}
	r.sampled = time.Now()
	ctx, cancel := context.WithTimeout(ctx, backlogInterval/2)
	defer cancel()
	var schema string
	var pending int64
	if err := r.pool.QueryRow(ctx, "SELECT current_schema(), count(*) FROM outbox").Scan(&schema, &pending); err != nil {
		return // the database is down: its readiness check says so
	}
	metrics.OutboxPending.WithLabelValues(schema).Set(float64(pending))
}
