package pgstore

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

// ingestStatement moves the staging rows into view_events, skipping events
// stored before, and adds only the rows it really inserted (RETURNING)
// to the replay windows and to every roll-up, summed per row in SQL. One
// statement: the batch crosses the connection once and the inserted rows
// are read once, from memory, by all the upserts. Each upsert takes its
// rows in key order, and the upserts run in the same order in every
// transaction, so two consumers lock rows in the same order and cannot
// deadlock. It returns the events stored and the views counted.
var ingestStatement = buildIngestStatement(rollups)

func buildIngestStatement(tables []rollup) string {
	var query strings.Builder
	query.WriteString(`
WITH inserted AS (
	INSERT INTO view_events SELECT * FROM view_events_staging
	ON CONFLICT (day, event_id) DO NOTHING
	RETURNING account_id, day, occurred_time, video_id, viewer_id, domain, country, counted
), new_views AS (
	SELECT * FROM inserted WHERE counted
), cleared AS (
	DELETE FROM view_events_staging
), windows AS (
	INSERT INTO viewer_views (account_id, video_id, viewer_id, counted_time)
	SELECT account_id, video_id, viewer_id, max(occurred_time) FROM new_views WHERE viewer_id <> ''
	GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
	ON CONFLICT (account_id, video_id, viewer_id)
	DO UPDATE SET counted_time = GREATEST(viewer_views.counted_time, EXCLUDED.counted_time)
)`)
	for i, r := range tables {
		keys := r.keyColumns()
		fmt.Fprintf(&query, `, rollup%[1]d AS (
	INSERT INTO %[2]s (%[3]s, views)
	SELECT %[3]s, count(*) FROM new_views GROUP BY %[3]s ORDER BY %[3]s
	ON CONFLICT (%[3]s) DO UPDATE SET views = %[2]s.views + EXCLUDED.views
)`, i, r.table, keys)
	}
	query.WriteString(`
SELECT (SELECT count(*) FROM inserted), (SELECT count(*) FROM new_views)`)
	return query.String()
}
