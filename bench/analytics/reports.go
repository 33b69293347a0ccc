package main

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/vidhost/vidhost/deploy/devstack/stack"
)

// report is one measured report: its query string for /v2/analytics and the
// same report computed from the raw events.
type report struct {
	name  string
	query url.Values
	raw   string // $1 account, $2 start, $3 end
}

func reports(start, end string) []report {
	return []report{
		{
			name: "dimension=day, two filters (country in 2 of 60; domain contains)",
			query: url.Values{"dimension": {"day"}, "metric": {"views"}, "start": {start}, "end": {end},
				"filter": {"country==C01,country==C02;domain=@site1"}},
			raw: `SELECT to_char(day, 'YYYY-MM-DD') AS key, count(*) FROM analytics.view_events
				WHERE account_id = $1 AND day BETWEEN $2 AND $3 AND counted AND type = 'play'
				  AND (country = 'C01' OR country = 'C02') AND strpos(lower(domain), 'site1') > 0
				GROUP BY 1 ORDER BY 1`,
		},
		{
			name: "dimension=domain&by=views&limit=10",
			query: url.Values{"dimension": {"domain"}, "metric": {"views"}, "start": {start}, "end": {end},
				"by": {"views"}, "limit": {"10"}},
			raw: `SELECT domain, count(*) AS views FROM analytics.view_events
				WHERE account_id = $1 AND day BETWEEN $2 AND $3 AND counted AND type = 'play'
				GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 10`,
		},
		{
			// The dashboard's video list: the views of the 20 videos of a page.
			name: "type=videos, filter on 20 video ids (the dashboard's page)",
			query: url.Values{"type": {"videos"}, "metric": {"views"}, "start": {start}, "end": {end},
				"filter": {pageOfVideos()}, "limit": {"20"}},
			raw: `SELECT video_id, count(*) AS views FROM analytics.view_events
				WHERE account_id = $1 AND day BETWEEN $2 AND $3 AND counted AND type = 'play'
				  AND video_id IN (SELECT 'video' || lpad(n::text, 16, '0') FROM generate_series(0, 19) n)
				GROUP BY 1 ORDER BY 1`,
		},
	}
}

// pageOfVideos is the filter naming the first 20 of the bench's videos.
func pageOfVideos() string {
	ids := make([]string, 20)
	for i := range ids {
		ids[i] = fmt.Sprintf("video_id==video%016d", i)
	}
	return strings.Join(ids, ",")
}

func measureReports(ctx context.Context, s *stack.Stack, sh shape, queries, rawQueries int) error {
	pool, err := pgxpool.New(ctx, s.DatabaseURL())
	if err != nil {
		return err
	}
	defer pool.Close()
	if _, err := pool.Exec(ctx, "VACUUM ANALYZE analytics.view_events, analytics.daily_views, analytics.daily_totals, analytics.daily_domain_views, "+
		"analytics.daily_country_views, analytics.daily_video_views, analytics.daily_domain_country_views"); err != nil {
		return err
	}
	start, end := reportRange(sh)
	for _, r := range reports(start, end) {
		api, err := timeRuns(queries, func() error { _, err := get(ctx, s, r.query); return err })
		if err != nil {
			return err
		}
		raw, err := timeRuns(rawQueries, func() error {
			rows, err := pool.Query(ctx, r.raw, s.Credentials.AccountID, start, end)
			if err != nil {
				return err
			}
			rows.Close()
			return rows.Err()
		})
		if err != nil {
			return err
		}
		fmt.Printf("%s over %d days\n", r.name, sh.days)
		fmt.Printf("  GET /v2/analytics (roll-ups, through the gateway), %d requests: p50 %s  p99 %s\n", queries, api.p50(), api.p99())
		fmt.Printf("  same report on the raw events (SQL, no gateway), %d runs:     p50 %s  p99 %s\n", rawQueries, raw.p50(), raw.p99())
		fmt.Printf("  ratio raw/roll-ups p50: %.1fx\n\n", float64(raw.quantile(0.5))/float64(api.quantile(0.5)))
	}
	return nil
}

// reportRange is the reports' start and end: sh.days, ending today.
func reportRange(sh shape) (start, end string) {
	today := time.Now().UTC()
	return today.AddDate(0, 0, -(sh.days - 1)).Format(time.DateOnly), today.Format(time.DateOnly)
}

// get requests /v2/analytics with query and returns the answer's body.
func get(ctx context.Context, s *stack.Stack, query url.Values) ([]byte, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, s.URL+"/v2/analytics?"+query.Encode(), nil)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Authorization", "Bearer "+s.Credentials.APIKey)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err == nil && resp.StatusCode != http.StatusOK {
		err = fmt.Errorf("GET /v2/analytics: %d %s", resp.StatusCode, body)
	}
	return body, err
}

// durations are sorted run times.
type durations []time.Duration

func timeRuns(n int, fn func() error) (durations, error) {
	out := make(durations, 0, n)
	for range n {
		began := time.Now()
		if err := fn(); err != nil {
			return nil, err
		}
		out = append(out, time.Since(began))
	}
	slices.Sort(out)
	return out, nil
}

func (d durations) quantile(q float64) time.Duration { return d[min(len(d)-1, int(q*float64(len(d))))] }
func (d durations) p50() string                      { return d.quantile(0.5).Round(10 * time.Microsecond).String() }
func (d durations) p95() string                      { return d.quantile(0.95).Round(10 * time.Microsecond).String() }
func (d durations) p99() string                      { return d.quantile(0.99).Round(10 * time.Microsecond).String() }
