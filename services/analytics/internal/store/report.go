package store

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5"

	"github.com/vidhost/vidhost/pkg/filter"
	"github.com/vidhost/vidhost/services/analytics/internal/views"
)

var _ views.Reports = (*Store)(nil)

// columns are the SQL of each dimension over the roll-up tables. Days are text in
// the filter (YYYY-MM-DD, which orders like the dates); every column
// compares in byte order ("C"), as pkg/filter's strings do.
var columns = map[string]string{
	views.DimensionDay:       `to_char(day, 'YYYY-MM-DD')`,
	views.DimensionDomain:    `domain`,
	views.DimensionCountry:   `country`,
	views.DimensionVideoID:   `video_id`,
	views.DimensionBrowser:   `browser`,
	views.DimensionOS:        `os`,
	views.DimensionDevice:    `device`,
	views.DimensionRendition: `rendition`,
}

// Report sums accountID's roll-ups (the narrowest table that has the
// report's fields, planRollup) between r.Start and r.End by r.Dimension;
// buckets without views are left out.
//
// Any other report (an experience metric, or views by a dimension only the
// experience roll-ups have) reads those: experienceReport.
func (s *Store) Report(ctx context.Context, accountID string, r views.Report) ([]views.Row, error) {
	if !r.FromViewRollups() {
		return s.experienceReport(ctx, accountID, r)
	}
	key, ok := columns[r.Dimension]
	if !ok {
		return nil, fmt.Errorf("store: unknown dimension %q", r.Dimension)
	}
	table := planRollup(r)
	args := []any{accountID, r.Start, r.End}
	where, args := filterSQL(r.Filter, args)
	order := "key COLLATE \"C\""
	if r.ByViews {
		order = "views DESC, " + order
	}
	args = append(args, r.Limit)
	query := fmt.Sprintf(`
		SELECT key, views FROM (
			SELECT %s AS key, sum(views)::bigint AS views FROM %s
			WHERE account_id = $1 AND day BETWEEN $2 AND $3%s
			GROUP BY 1 HAVING sum(views) > 0
		) buckets
		ORDER BY %s LIMIT $%d`, key, table, where, order, len(args))
	rows, err := s.pool.Query(ctx, query, args...)
	if err != nil {
		return nil, fmt.Errorf("store: report: %w", err)
	}
	result, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (views.Row, error) {
		var out views.Row
		return out, row.Scan(&out.Key, &out.Views)
	})
	if err != nil {
		return nil, fmt.Errorf("store: report: %w", err)
	}
	return result, nil
}

// planRollup is the narrowest roll-up table holding r's dimension and
// every field its filter tests; daily_views holds them all.
func planRollup(r views.Report) string {
	fields := r.Fields()
	for _, t := range rollups {
		if t.covers(fields) {
			return t.table
		}
	}
	return "daily_views"
}

// filterSQL turns f into " AND (...) AND (...)" with its values as
// parameters after args: each group an OR of conditions, the groups ANDed.
func filterSQL(f filter.Filter, args []any) (string, []any) {
	var sql strings.Builder
	for _, group := range f.Groups {
		alternatives := make([]string, 0, len(group))
		for _, c := range group {
			args = append(args, c.Value)
			alternatives = append(alternatives, conditionSQL(columns[c.Field], c.Operator, "$"+strconv.Itoa(len(args))))
		}
		sql.WriteString(" AND (" + strings.Join(alternatives, " OR ") + ")")
	}
	return sql.String(), args
}

// conditionSQL is one condition on column against parameter param; the
// operators mean what pkg/filter's KindString says (=@ is a
// case-insensitive substring).
func conditionSQL(column string, op filter.Operator, param string) string {
	switch op {
	case filter.Contains:
		return fmt.Sprintf("strpos(lower(%s), lower(%s)) > 0", column, param)
	case filter.NotContains:
		return fmt.Sprintf("strpos(lower(%s), lower(%s)) = 0", column, param)
	case filter.NotEqual:
		return fmt.Sprintf("%s <> %s", column, param)
	case filter.Equal:
		return fmt.Sprintf("%s = %s", column, param)
	}
	return fmt.Sprintf(`%s COLLATE "C" %s %s COLLATE "C"`, column, string(op), param)
}
