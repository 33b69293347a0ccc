package outbox

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"
)

// listen keeps a dedicated connection LISTENing on the schema's channel and
// turns notifications into wake-ups, reconnecting with backoff on failure,
// until ctx is done. Missed notifications only cost latency: Run polls too.
func (r *Relay) listen(ctx context.Context) {
	backoff := minBackoff
	for ctx.Err() == nil {
		err := r.listenOnce(ctx, func() { backoff = minBackoff })
		if ctx.Err() != nil {
			return
		}
		r.logger.Warn("outbox relay: listen failed, reconnecting", "error", err, "retry_in", backoff)
		if !sleepCtx(ctx, backoff) {
			return
		}
		backoff = min(2*backoff, maxBackoff)
	}
}

// listenOnce runs one listening connection until it fails; listening is
// called once LISTEN is in place.
func (r *Relay) listenOnce(ctx context.Context, listening func()) error {
	// Outside the pool, so a long-lived listener never starves queries.
	conn, err := pgx.ConnectConfig(ctx, r.pool.Config().ConnConfig.Copy())
	if err != nil {
		return fmt.Errorf("connect: %w", err)
	}
	defer conn.Close(context.WithoutCancel(ctx))
	var channel string
	if err := conn.QueryRow(ctx, "SELECT "+channelSQL).Scan(&channel); err != nil {
		return fmt.Errorf("channel name: %w", err)
	}
	if _, err := conn.Exec(ctx, "LISTEN "+pgx.Identifier{channel}.Sanitize()); err != nil {
		return fmt.Errorf("listen: %w", err)
	}
	listening()
	// Rows committed while we were not listening are picked up now.
	r.notify()
	for {
		if _, err := conn.WaitForNotification(ctx); err != nil {
			return fmt.Errorf("wait for notification: %w", err)
		}
		r.notify()
	}
}
