package pgstore

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/vidhost/vidhost/services/analytics/internal/views"
)

// countAndRollUp applies the replay rule to the new plays among fresh,
// marks those that count, moves their viewers' windows and adds them to
// the daily roll-ups. It returns how many counted.
func countAndRollUp(ctx context.Context, tx pgx.Tx, fresh []views.Event) (int, error) {
	plays := make([]views.Event, 0, len(fresh))
	for _, e := range fresh {
		if e.Type == views.TypePlay {
			plays = append(plays, e)
		}
	}
	if len(plays) == 0 {
		return 0, nil
	}
	last, err := lastCounted(ctx, tx, plays)
	if err != nil {
		return 0, err
	}
	counted, moved := views.CountViews(plays, last)
	if err := markCounted(ctx, tx, plays, counted); err != nil {
		return 0, err
	}
	if err := moveWindows(ctx, tx, moved); err != nil {
		return 0, err
	}
	return len(counted), addToRollups(ctx, tx, plays, counted)
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

func markCounted(ctx context.Context, tx pgx.Tx, plays []views.Event, counted map[string]bool) error {
	var days []time.Time
	var ids []string
	for _, p := range plays {
		if counted[p.ID] {
			days, ids = append(days, p.Day()), append(ids, p.ID)
		}
	}
	if len(ids) == 0 {
		return nil
	}
	_, err := tx.Exec(ctx, `
		UPDATE view_events e SET counted = true
		FROM unnest($1::date[], $2::text[]) AS k(day, event_id)
		WHERE e.day = k.day AND e.event_id = k.event_id`, days, ids)
	if err != nil {
		return fmt.Errorf("mark counted: %w", err)
	}
	return nil
}

func moveWindows(ctx context.Context, tx pgx.Tx, moved map[views.ViewerKey]time.Time) error {
	if len(moved) == 0 {
		return nil
	}
	var accounts, videos, viewers []string
	var times []time.Time
	for key, at := range moved {
		accounts, videos, viewers = append(accounts, key.AccountID), append(videos, key.VideoID), append(viewers, key.ViewerID)
		times = append(times, at)
	}
	_, err := tx.Exec(ctx, `
		INSERT INTO viewer_views (account_id, video_id, viewer_id, counted_time)
		SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::timestamptz[])
		ON CONFLICT (account_id, video_id, viewer_id)
		DO UPDATE SET counted_time = GREATEST(viewer_views.counted_time, EXCLUDED.counted_time)`,
		accounts, videos, viewers, times)
	if err != nil {
		return fmt.Errorf("replay state: %w", err)
	}
	return nil
}

// rollupKey is one row of daily_views.
type rollupKey struct {
	AccountID                string
	Day                      time.Time
	VideoID, Domain, Country string
}

func addToRollups(ctx context.Context, tx pgx.Tx, plays []views.Event, counted map[string]bool) error {
	sums := map[rollupKey]int64{}
	for _, p := range plays {
		if counted[p.ID] {
			sums[rollupKey{p.AccountID, p.Day(), p.VideoID, p.Domain, p.Country}]++
		}
	}
	if len(sums) == 0 {
		return nil
	}
	var accounts, videos, domains, countries []string
	var days []time.Time
	var counts []int64
	for key, n := range sums {
		accounts, videos = append(accounts, key.AccountID), append(videos, key.VideoID)
		domains, countries = append(domains, key.Domain), append(countries, key.Country)
		days, counts = append(days, key.Day), append(counts, n)
	}
	_, err := tx.Exec(ctx, `
		INSERT INTO daily_views (account_id, day, video_id, domain, country, views)
		SELECT * FROM unnest($1::text[], $2::date[], $3::text[], $4::text[], $5::text[], $6::bigint[])
		ON CONFLICT (account_id, day, video_id, domain, country)
		DO UPDATE SET views = daily_views.views + EXCLUDED.views`,
		accounts, days, videos, domains, countries, counts)
	if err != nil {
		return fmt.Errorf("roll-ups: %w", err)
	}
	return nil
}
