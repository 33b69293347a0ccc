package pgstore

import (
	"cmp"
	"context"
	"fmt"
	"maps"
	"slices"
	"strings"
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

// rollup is one roll-up table: views per account, day and its dims.
type rollup struct {
	table string
	dims  []string // view_events columns besides account_id and day
}

// rollups are the roll-up tables, narrowest (fewest rows) first: the
// report planner takes the first one holding every field a report needs.
// Row counts assume the usual shape: countries fewer than domains, domains
// fewer than videos.
var rollups = []rollup{
	{"daily_totals", nil},
	{"daily_country_views", []string{views.DimensionCountry}},
	{"daily_domain_views", []string{views.DimensionDomain}},
	{"daily_video_views", []string{views.DimensionVideoID}},
	{"daily_domain_country_views", []string{views.DimensionDomain, views.DimensionCountry}},
	{"daily_views", []string{views.DimensionVideoID, views.DimensionDomain, views.DimensionCountry}},
}

// covers reports whether r holds every field in fields (day is in all).
func (r rollup) covers(fields map[string]bool) bool {
	for field := range fields {
		if field != views.DimensionDay && !slices.Contains(r.dims, field) {
			return false
		}
	}
	return true
}

// rollupKey is one row of a roll-up: the values of its dims in order.
type rollupKey struct {
	AccountID string
	Day       time.Time
	Dims      [3]string
}

// value is e's value of dimension dim.
func value(e views.Event, dim string) string {
	switch dim {
	case views.DimensionVideoID:
		return e.VideoID
	case views.DimensionDomain:
		return e.Domain
	case views.DimensionCountry:
		return e.Country
	}
	panic("pgstore: no roll-up dimension " + dim)
}

// addToRollups adds the counted plays to every roll-up: summed per row
// here, then one upsert per table, rows in key order so that concurrent
// consumers lock them in the same order.
func addToRollups(ctx context.Context, tx pgx.Tx, plays []views.Event, counted map[string]bool) error {
	for _, r := range rollups {
		sums := map[rollupKey]int64{}
		for _, p := range plays {
			if counted[p.ID] {
				key := rollupKey{AccountID: p.AccountID, Day: p.Day()}
				for i, dim := range r.dims {
					key.Dims[i] = value(p, dim)
				}
				sums[key]++
			}
		}
		if len(sums) == 0 {
			return nil
		}
		if err := upsertRollup(ctx, tx, r, sums); err != nil {
			return err
		}
	}
	return nil
}

func upsertRollup(ctx context.Context, tx pgx.Tx, r rollup, sums map[rollupKey]int64) error {
	keys := slices.SortedFunc(maps.Keys(sums), func(a, b rollupKey) int {
		return cmp.Or(strings.Compare(a.AccountID, b.AccountID), a.Day.Compare(b.Day),
			strings.Compare(a.Dims[0], b.Dims[0]), strings.Compare(a.Dims[1], b.Dims[1]), strings.Compare(a.Dims[2], b.Dims[2]))
	})
	accounts := make([]string, len(keys))
	days := make([]time.Time, len(keys))
	counts := make([]int64, len(keys))
	dims := make([][]string, len(r.dims))
	for i := range dims {
		dims[i] = make([]string, len(keys))
	}
	for k, key := range keys {
		accounts[k], days[k], counts[k] = key.AccountID, key.Day, sums[key]
		for i := range dims {
			dims[i][k] = key.Dims[i]
		}
	}
	args := []any{accounts, days, counts}
	types := []string{"$1::text[]", "$2::date[]", "$3::bigint[]"}
	for i := range dims {
		args = append(args, dims[i])
		types = append(types, fmt.Sprintf("$%d::text[]", 4+i))
	}
	keyColumns := strings.Join(append([]string{"account_id", "day"}, r.dims...), ", ")
	query := fmt.Sprintf(`
		INSERT INTO %[1]s (account_id, day, views%[2]s)
		SELECT * FROM unnest(%[3]s)
		ON CONFLICT (%[4]s)
		DO UPDATE SET views = %[1]s.views + EXCLUDED.views`,
		r.table, prefixed(r.dims), strings.Join(types, ", "), keyColumns)
	if _, err := tx.Exec(ctx, query, args...); err != nil {
		return fmt.Errorf("roll-ups %s: %w", r.table, err)
	}
	return nil
}

// prefixed is ", a, b" for dims a and b.
func prefixed(dims []string) string {
	var out strings.Builder
	for _, d := range dims {
		out.WriteString(", " + d)
	}
	return out.String()
}
