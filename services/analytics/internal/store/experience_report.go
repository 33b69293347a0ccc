package store

import (
	"cmp"
	"context"
	"fmt"
	"slices"

	"github.com/jackc/pgx/v5"

	"github.com/vidhost/vidhost/services/analytics/internal/views"
)

// experienceReport sums accountID's experience roll-ups (the narrowest
// table with the report's fields, planExperience) by r.Dimension and
// computes r.Metric per bucket in Go, merging the buckets' startup sketches
// when the metric needs them; buckets the metric says nothing of are left
// out.
func (s *Store) experienceReport(ctx context.Context, accountID string, r views.Report) ([]views.Row, error) {
	table, renditions := planExperience(r)
	needSketch := r.Metric == views.MetricStartupP50 || r.Metric == views.MetricStartupP95 || r.Metric == views.MetricExperienceScore
	sums := "sum(views)::int8, sum(failed_starts)::int8, sum(fatal_errors)::int8"
	if renditions {
		sums = "0::int8, 0::int8, 0::int8"
	}
	sketches := "NULL::bytea[]"
	if needSketch {
		sketches = "array_agg(startup_sketch) FILTER (WHERE startup_sketch IS NOT NULL)"
	}
	where, args := filterSQL(r.Filter, []any{accountID, r.Start, r.End})
	query := fmt.Sprintf(`
		SELECT %s AS key, %s, sum(watched_ms)::int8, sum(stall_count)::int8, sum(stall_ms)::int8, %s
		FROM %s WHERE account_id = $1 AND day BETWEEN $2 AND $3%s
		GROUP BY 1`, columns[r.Dimension], sums, sketches, table, where)
	rows, err := s.pool.Query(ctx, query, args...)
	if err != nil {
		return nil, fmt.Errorf("store: experience report: %w", err)
	}
	var out []views.Row
	var key string
	var t views.Totals
	var encoded [][]byte
	_, err = pgx.ForEachRow(rows, []any{&key, &t.Views, &t.FailedStarts, &t.FatalErrors, &t.WatchedMS, &t.Stalls, &t.StallMS, &encoded},
		func() error {
			t.Startup = views.NewStartupSketch()
			for _, sketch := range encoded {
				if err := t.Startup.Merge(sketch); err != nil {
					return err
				}
			}
			if value, ok := t.Value(r.Metric); ok {
				out = append(out, views.Row{Key: key, Value: value, Views: t.Views})
			}
			return nil
		})
	if err != nil {
		return nil, fmt.Errorf("store: experience report: %w", err)
	}
	sortRows(out, r.ByViews)
	return out[:min(len(out), r.Limit)], nil
}

// sortRows orders rows by key in byte order, or by value, largest first,
// ties by key.
func sortRows(rows []views.Row, byValue bool) {
	slices.SortFunc(rows, func(a, b views.Row) int {
		if byValue {
			if c := cmp.Compare(b.Value, a.Value); c != 0 {
				return c
			}
		}
		return cmp.Compare(a.Key, b.Key)
	})
}

// planExperience is the narrowest experience roll-up holding r's
// dimension and filter fields: a rendition table when r names the
// rendition, else one of xpRollups; the last of each holds every field.
func planExperience(r views.Report) (table string, renditions bool) {
	fields := r.Fields()
	tables := xpRollups
	if fields[views.DimensionRendition] {
		tables, renditions = renditionRollups, true
	}
	for _, t := range tables {
		if t.covers(fields) {
			return t.table, renditions
		}
	}
	return tables[len(tables)-1].table, renditions
}
