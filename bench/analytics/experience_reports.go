package main

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"net/url"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/vidhost/vidhost/deploy/devstack/stack"
)

// xpReport is a startup_time_p95 report by day with a filter, and the same
// condition on the raw events.
type xpReport struct {
	name, filter, where string
}

// experienceReports are the report (two filters, the first) and
// two more shapes, each read from another roll-up (store.planExperience).
var experienceReports = []xpReport{
	{"browser==Chrome;device==mobile (xp_daily_client)", "browser==Chrome;device==mobile",
		"browser = 'Chrome' AND device = 'mobile'"},
	{"browser==Chrome;country==US (xp_daily_client_country)", "browser==Chrome;country==US",
		"browser = 'Chrome' AND country = 'US'"},
	{"domain==site001.example;browser==Safari (xp_daily_all)", "domain==site001.example;browser==Safari",
		"domain = 'site001.example' AND browser = 'Safari'"},
}

// rawStartupP95 is the report on the raw events: the counted plays'
// startup times, percentile_disc per day ($1 account, $2 start, $3 end).
// It is the timed query.
const rawStartupP95 = `
	SELECT to_char(day, 'YYYY-MM-DD'), percentile_disc(0.95) WITHIN GROUP (ORDER BY startup_ms)
	FROM analytics.view_events
	WHERE account_id = $1 AND day BETWEEN $2 AND $3 AND type = 'play' AND counted AND startup_ms IS NOT NULL AND %s
	GROUP BY 1 ORDER BY 1`

// exactStartupP95 is the metric's own definition (docs/analytics.md,
// "Metrics"): the value at rank ⌊q·(n−1)⌋, from 0, of the sorted times.
// percentile_disc's rank is ⌈q·n⌉ − 1, one more for most n, which on the
// few plays of a narrow filter's day is far apart in the tail; the
// sketches are checked against this one, run once.
const exactStartupP95 = `
	SELECT to_char(day, 'YYYY-MM-DD'), (array_agg(startup_ms ORDER BY startup_ms))[floor(0.95 * (count(*) - 1))::int + 1]
	FROM analytics.view_events
	WHERE account_id = $1 AND day BETWEEN $2 AND $3 AND type = 'play' AND counted AND startup_ms IS NOT NULL AND %s
	GROUP BY 1 ORDER BY 1`

// experienceTables are what the reports read, analyzed before they run.
const experienceTables = "analytics.view_events, analytics.xp_daily_totals, analytics.xp_daily_client, " +
	"analytics.xp_daily_client_country, analytics.xp_daily_video, analytics.xp_daily_domain_country, analytics.xp_daily_all"

func measureExperienceReports(ctx context.Context, s *stack.Stack, sh shape, counts experienceCounts, queries, rawQueries int) error {
	pool, err := pgxpool.New(ctx, s.DatabaseURL())
	if err != nil {
		return err
	}
	defer pool.Close()
	if err := checkTotals(ctx, pool, s.Credentials.AccountID, counts); err != nil {
		return err
	}
	if _, err := pool.Exec(ctx, "VACUUM ANALYZE "+experienceTables); err != nil {
		return err
	}
	start, end := reportRange(sh)
	for _, r := range experienceReports {
		query := url.Values{"dimension": {"day"}, "metric": {"startup_time_p95"}, "start": {start}, "end": {end}, "filter": {r.filter}}
		var body []byte
		api, err := timeRuns(queries, func() (err error) { body, err = get(ctx, s, query); return err })
		if err != nil {
			return err
		}
		raw, err := timeRuns(rawQueries, func() error {
			_, err := rawPercentiles(ctx, pool, fmt.Sprintf(rawStartupP95, r.where), s.Credentials.AccountID, start, end)
			return err
		})
		if err != nil {
			return err
		}
		exact, err := rawPercentiles(ctx, pool, fmt.Sprintf(exactStartupP95, r.where), s.Credentials.AccountID, start, end)
		if err != nil {
			return err
		}
		fmt.Printf("metric=startup_time_p95&dimension=day&filter=%s over %d days\n", r.name, sh.days)
		fmt.Printf("  GET /v2/analytics (roll-ups, through the gateway), %d requests: p50 %s  p95 %s  p99 %s\n",
			queries, api.p50(), api.p95(), api.p99())
		fmt.Printf("  same report on the raw events (percentile_disc, no gateway), %d runs: p50 %s  p95 %s  p99 %s\n",
			rawQueries, raw.p50(), raw.p95(), raw.p99())
		fmt.Printf("  ratio raw/roll-ups p50: %.1fx\n", float64(raw.quantile(0.5))/float64(api.quantile(0.5)))
		if err := compare(body, exact); err != nil {
			return fmt.Errorf("%s: %w", r.name, err)
		}
	}
	return nil
}

// checkTotals checks the experience roll-ups hold what was published:
// every play is a view (every ticket and viewer distinct), every kept
// startup time, every fatal error and failed start.
func checkTotals(ctx context.Context, pool *pgxpool.Pool, accountID string, want experienceCounts) error {
	var views, startups, failedStarts, fatal int
	err := pool.QueryRow(ctx, `SELECT coalesce(sum(views), 0), coalesce(sum(startups), 0), coalesce(sum(failed_starts), 0),
		coalesce(sum(fatal_errors), 0) FROM analytics.xp_daily_totals WHERE account_id = $1`, accountID).
		Scan(&views, &startups, &failedStarts, &fatal)
	if err != nil {
		return err
	}
	got := fmt.Sprintf("%d views, %d startup times, %d failed starts, %d fatal errors", views, startups, failedStarts, fatal)
	published := fmt.Sprintf("%d views, %d startup times, %d failed starts, %d fatal errors",
		want.plays, want.startups, want.failedStarts, want.fatal)
	if got != published {
		return fmt.Errorf("roll-ups hold %s; published %s", got, published)
	}
	fmt.Printf("roll-ups hold what was published: %s\n\n", got)
	return nil
}

// rawPercentiles runs query, returning each day's percentile in ms.
func rawPercentiles(ctx context.Context, pool *pgxpool.Pool, query string, args ...any) (map[string]float64, error) {
	rows, err := pool.Query(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	out := map[string]float64{}
	var day string
	var ms float64
	_, err = pgx.ForEachRow(rows, []any{&day, &ms}, func() error { out[day] = ms; return nil })
	return out, err
}

// compare prints how far the report's answer (seconds, from the roll-ups'
// sketches) is from the exact percentiles: within the sketches' 1 % and
// the answer's 3 decimals it should be.
func compare(body []byte, exact map[string]float64) error {
	var answer struct {
		Result []struct {
			Day   string  `json:"day"`
			Value float64 `json:"startup_time_p95"`
		} `json:"result"`
	}
	if err := json.Unmarshal(body, &answer); err != nil {
		return err
	}
	if len(answer.Result) != len(exact) {
		return fmt.Errorf("%d days from the roll-ups, %d from the raw events", len(answer.Result), len(exact))
	}
	worst := 0.0
	for _, row := range answer.Result {
		want, ok := exact[row.Day]
		if !ok {
			return fmt.Errorf("day %s not in the raw events", row.Day)
		}
		worst = math.Max(worst, math.Abs(row.Value*1000-want)/want)
	}
	fmt.Printf("  %d days; largest difference from the exact p95: %.2f%% (sketch accuracy 1%%)\n\n", len(exact), 100*worst)
	return nil
}
