package store

import (
	"fmt"
	"slices"
	"strings"

	"github.com/vidhost/vidhost/services/analytics/internal/views"
)

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

// keyColumns are r's primary key columns.
func (r rollup) keyColumns() string {
	return strings.Join(append([]string{"account_id", "day"}, r.dims...), ", ")
}

// rollUpStatement adds a batch's views, given as arrays at the grain of
// daily_views ($1-$6: account, day, video, domain, country, views), to
// every roll-up, summed per row in SQL, and moves the replay windows
// ($7-$9: key, account, start). One statement: one round trip, and the
// arrays are read once, from memory, by all the upserts. Each upsert takes
// its rows in key order, and the upserts run in the same order in every
// transaction, so two consumers lock rows in the same order and cannot
// deadlock.
var rollUpStatement = buildRollUpStatement(rollups)

func buildRollUpStatement(tables []rollup) string {
	var query strings.Builder
	query.WriteString(`
WITH new_views AS (
	SELECT * FROM unnest($1::text[], $2::date[], $3::text[], $4::text[], $5::text[], $6::int[])
		AS v(account_id, day, video_id, domain, country, views)
), windows AS (
	INSERT INTO viewer_windows (viewer_key, account_id, counted_time)
	SELECT * FROM unnest($7::bigint[], $8::text[], $9::timestamptz[]) ORDER BY 1
	ON CONFLICT (viewer_key)
	DO UPDATE SET counted_time = GREATEST(viewer_windows.counted_time, EXCLUDED.counted_time)
)`)
	for i, r := range tables {
		keys := r.keyColumns()
		fmt.Fprintf(&query, `, rollup%[1]d AS (
	INSERT INTO %[2]s (%[3]s, views)
	SELECT %[3]s, sum(views) FROM new_views GROUP BY %[3]s ORDER BY %[3]s
	ON CONFLICT (%[3]s) DO UPDATE SET views = %[2]s.views + EXCLUDED.views
)`, i, r.table, keys)
	}
	query.WriteString(`
SELECT 1`)
	return query.String()
}
