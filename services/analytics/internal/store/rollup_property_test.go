package store_test

import (
	"cmp"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/filter"
	"github.com/vidhost/vidhost/services/analytics/internal/store"
	"github.com/vidhost/vidhost/services/analytics/internal/views"
)

func TestPlannerPicksNarrowestRollup(t *testing.T) {
	t.Parallel()
	tests := []struct{ dimension, filter, want string }{
		{"day", "", "daily_totals"},
		{"day", "day>2026-11-01", "daily_totals"},
		{"country", "", "daily_country_views"},
		{"domain", "", "daily_domain_views"},
		{"video_id", "", "daily_video_views"},
		{"day", "country==C01,country==C02;domain=@site1", "daily_domain_country_views"},
		{"domain", "country==US", "daily_domain_country_views"},
		{"video_id", "domain==a.example", "daily_views"},
		{"country", "video_id==v1", "daily_views"},
	}
	for _, tt := range tests {
		r, err := views.ParseReport(views.ReportParams{Dimension: tt.dimension, Metric: "views",
			Start: "2026-11-01", End: "2026-11-30", Filter: tt.filter})
		require.NoError(t, err)
		assert.Equal(t, tt.want, store.PlanRollup(r), "%s %s", tt.dimension, tt.filter)
	}
}

// TestRollupReportsAgreeWithRawEvents ingests random plays (replays within
// the window, redelivered and overlapping batches), then checks random
// reports of every shape, each served by whichever roll-up the planner
// picks, against the same report computed here from the raw events the
// store marked counted, with pkg/filter's own matching.
func TestRollupReportsAgreeWithRawEvents(t *testing.T) {
	t.Parallel()
	f := setup(t)
	rng := rand.New(rand.NewPCG(15, 2026))
	pick := func(prefix string, n int) string { return fmt.Sprintf("%s%d", prefix, rng.IntN(n)) }
	var all []views.Event
	for i := range 3000 {
		account := accountA
		if rng.IntN(10) == 0 {
			account = accountB
		}
		at := day1.AddDate(0, 0, -rng.IntN(6)).Add(time.Duration(rng.IntN(86_400)) * time.Second)
		e := play(fmt.Sprintf("p%05d", i), account, pick("v", 7), pick("viewer-", 40), pick("d", 5)+".example", pick("C", 4), at)
		if rng.IntN(8) == 0 {
			e.Type = views.TypeView // not a play: never counted
		}
		all = append(all, e)
	}
	for start := 0; start < len(all); {
		end := min(len(all), start+1+rng.IntN(400))
		batch := all[start:end]
		_, err := f.store.Ingest(t.Context(), batch)
		require.NoError(t, err)
		if rng.IntN(3) == 0 { // redelivered
			_, err := f.store.Ingest(t.Context(), batch)
			require.NoError(t, err)
		}
		start = max(start+1, end-rng.IntN(50)) // the next batch overlaps this one
	}

	type rawRow struct{ day, video, domain, country string }
	var raw []rawRow
	rows, err := f.pool.Query(t.Context(), `SELECT to_char(day, 'YYYY-MM-DD'), video_id, domain, country FROM view_events
		WHERE account_id = $1 AND counted AND type = 'play'`, accountA)
	require.NoError(t, err)
	for rows.Next() {
		var r rawRow
		require.NoError(t, rows.Scan(&r.day, &r.video, &r.domain, &r.country))
		raw = append(raw, r)
	}
	require.NoError(t, rows.Err())
	require.NotEmpty(t, raw)

	values := map[string]func() string{
		"day":      func() string { return day1.AddDate(0, 0, -rng.IntN(6)).Format(time.DateOnly) },
		"video_id": func() string { return pick("v", 8) },
		"domain":   func() string { return pick("d", 6) + ".example" },
		"country":  func() string { return pick("C", 5) },
	}
	operators := []string{"==", "!=", ">", "<", ">=", "<=", "=@", "!@"}
	// The views roll-ups' own dimensions: the others are the experience
	// roll-ups' (experience_test.go).
	viewDimensions := []string{"day", "domain", "country", "video_id"}
	condition := func() string {
		field := viewDimensions[rng.IntN(len(viewDimensions))]
		value := values[field]()
		op := operators[rng.IntN(len(operators))]
		if op == "=@" || op == "!@" {
			value = strings.ToUpper(value[len(value)-2:])
		}
		return field + op + value
	}
	tables := map[string]bool{}
	for range 300 {
		var groups []string
		for range rng.IntN(3) {
			var alternatives []string
			for range 1 + rng.IntN(2) {
				alternatives = append(alternatives, condition())
			}
			groups = append(groups, strings.Join(alternatives, ","))
		}
		params := views.ReportParams{Dimension: viewDimensions[rng.IntN(len(viewDimensions))], Metric: "views",
			Start: day1.AddDate(0, 0, -4).Format(time.DateOnly), End: day1.AddDate(0, 0, -rng.IntN(3)).Format(time.DateOnly),
			Filter: strings.Join(groups, ";"), Limit: fmt.Sprint(1 + rng.IntN(12))}
		if rng.IntN(2) == 0 {
			params.By = "views"
		}
		r, err := views.ParseReport(params)
		require.NoError(t, err, params)
		tables[store.PlanRollup(r)] = true

		sums := map[string]int64{}
		for _, e := range raw {
			fields := map[string]string{"day": e.day, "video_id": e.video, "domain": e.domain, "country": e.country}
			record := filter.Record{}
			for k, v := range fields {
				record[k] = filter.String(v)
			}
			if e.day < params.Start || e.day > params.End || !r.Filter.Match(record) {
				continue
			}
			sums[fields[r.Dimension]]++
		}
		want := make([]views.Row, 0, len(sums))
		for key, n := range sums {
			want = append(want, views.Row{Key: key, Views: n})
		}
		slices.SortFunc(want, func(a, b views.Row) int {
			if r.ByViews {
				return cmp.Or(cmp.Compare(b.Views, a.Views), strings.Compare(a.Key, b.Key))
			}
			return strings.Compare(a.Key, b.Key)
		})
		want = want[:min(len(want), r.Limit)]
		got, err := f.store.Report(t.Context(), accountA, r)
		require.NoError(t, err)
		if len(want) == 0 {
			assert.Empty(t, got, params)
			continue
		}
		require.Equal(t, want, got, "%+v via %s", params, store.PlanRollup(r))
	}
	assert.Len(t, tables, 6, "every roll-up served some report: %v", tables)
}
