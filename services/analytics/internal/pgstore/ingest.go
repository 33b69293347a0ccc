package pgstore

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/vidhost/vidhost/services/analytics/internal/views"
)

// stagingColumns are the staging table's columns, in COPY order.
var stagingColumns = []string{"day", "event_id", "account_id", "occurred_time", "type", "video_id", "player_id",
	"viewer_id", "domain", "country", "device", "browser", "position", "counted"}

// countPlays applies the replay rule to the plays among events (all
// assumed new) with their viewers' windows, which it reads and locks, and
// returns the ids of the plays that count. The windows move later, in
// insertAndRollUp, from the rows inserted.
func countPlays(ctx context.Context, tx pgx.Tx, events []views.Event) (map[string]bool, error) {
	plays := make([]views.Event, 0, len(events))
	for _, e := range events {
		if e.Type == views.TypePlay {
			plays = append(plays, e)
		}
	}
	if len(plays) == 0 {
		return nil, nil
	}
	last, err := lastCounted(ctx, tx, plays)
	if err != nil {
		return nil, err
	}
	counted, _ := views.CountViews(plays, last)
	return counted, nil
}

// lastCounted reads, and locks, the replay state of the plays' viewers.
func lastCounted(ctx context.Context, tx pgx.Tx, plays []views.Event) (map[views.ViewerKey]time.Time, error) {
	var accounts, videos, viewers []string
	for _, p := range plays {
		if p.ViewerID != "" {
			accounts, videos, viewers = append(accounts, p.AccountID), append(videos, p.VideoID), append(viewers, p.ViewerID)
		}
	}
	last := map[views.ViewerKey]time.Time{}
	if len(viewers) == 0 {
		return last, nil
	}
	rows, err := tx.Query(ctx, `
		SELECT v.account_id, v.video_id, v.viewer_id, v.counted_time
		FROM viewer_views v
		JOIN unnest($1::text[], $2::text[], $3::text[]) AS k(account_id, video_id, viewer_id)
		  ON v.account_id = k.account_id AND v.video_id = k.video_id AND v.viewer_id = k.viewer_id
		FOR UPDATE OF v`, accounts, videos, viewers)
	if err != nil {
		return nil, fmt.Errorf("replay state: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var key views.ViewerKey
		var at time.Time
		if err := rows.Scan(&key.AccountID, &key.VideoID, &key.ViewerID, &at); err != nil {
			return nil, fmt.Errorf("replay state: %w", err)
		}
		last[key] = at
	}
	return last, rows.Err()
}

// copyToStaging COPYs events, with whether each counts, into the staging
// table. Its rows are visible to this transaction only, and
// insertAndRollUp deletes them before the commit.
func copyToStaging(ctx context.Context, tx pgx.Tx, events []views.Event, counted map[string]bool) error {
	rows := make([][]any, len(events))
	for i, e := range events {
		rows[i] = []any{e.Day(), e.ID, e.AccountID, e.Time, e.Type, e.VideoID, e.PlayerID, e.ViewerID,
			e.Domain, e.Country, e.Device, e.Browser, e.Position, counted[e.ID]}
	}
	if _, err := tx.CopyFrom(ctx, pgx.Identifier{"view_events_staging"}, stagingColumns, pgx.CopyFromRows(rows)); err != nil {
		return fmt.Errorf("copy: %w", err)
	}
	return nil
}

// insertAndRollUp runs ingestStatement: the staging rows into view_events,
// the ones really inserted into every roll-up and the replay windows.
func insertAndRollUp(ctx context.Context, tx pgx.Tx) (views.IngestResult, error) {
	var stored, counted int
	if err := tx.QueryRow(ctx, ingestStatement).Scan(&stored, &counted); err != nil {
		return views.IngestResult{}, fmt.Errorf("insert and roll up: %w", err)
	}
	return views.IngestResult{Stored: stored, Views: counted}, nil
}

// withoutStored is events less those an earlier delivery stored.
func withoutStored(ctx context.Context, tx pgx.Tx, events []views.Event) ([]views.Event, error) {
	days := make([]time.Time, len(events))
	ids := make([]string, len(events))
	for i, e := range events {
		days[i], ids[i] = e.Day(), e.ID
	}
	rows, err := tx.Query(ctx, `
		SELECT e.event_id FROM view_events e
		JOIN unnest($1::date[], $2::text[]) AS k(day, event_id) ON e.day = k.day AND e.event_id = k.event_id`, days, ids)
	if err != nil {
		return nil, fmt.Errorf("stored events: %w", err)
	}
	stored, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return nil, fmt.Errorf("stored events: %w", err)
	}
	isStored := make(map[string]bool, len(stored))
	for _, id := range stored {
		isStored[id] = true
	}
	fresh := make([]views.Event, 0, len(events)-len(stored))
	for _, e := range events {
		if !isStored[e.ID] {
			fresh = append(fresh, e)
		}
	}
	return fresh, nil
}
