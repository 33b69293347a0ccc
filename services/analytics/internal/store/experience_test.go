package store_test

import (
	"fmt"
	"math"
	"sort"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/services/analytics/internal/views"
)

// client sets e's browser, os and device.
func client(e views.Event, browser, system, device string) views.Event {
	e.Browser, e.OS, e.Device = browser, system, device
	return e
}

func withStartup(e views.Event, ms int32) views.Event {
	e.Experience = views.Experience{StartupMS: ms, HasStartup: true}
	return e
}

func heartbeat(id, account, video, ticket string, at time.Time, watched, stalls, stallMS int32, height int32) views.Event {
	return views.Event{ID: id, AccountID: account, Time: at, Type: views.TypeHeartbeat, VideoID: video, TicketID: ticket,
		Domain: "a.example", Country: "US", Browser: "Chrome", OS: "Linux", Device: "desktop",
		Experience: views.Experience{WatchedMS: watched, StallCount: stalls, StallMS: stallMS,
			Renditions: []views.Rendition{{Height: height, WatchedMS: watched, StallCount: stalls, StallMS: stallMS}}}}
}

func failure(id, account, video string, at time.Time, beforePlay bool) views.Event {
	return views.Event{ID: id, AccountID: account, Time: at, Type: views.TypeError, VideoID: video,
		Domain: "a.example", Country: "US", Browser: "Firefox", OS: "Windows", Device: "desktop",
		Experience: views.Experience{ErrorClass: "manifest", Fatal: true, BeforePlay: beforePlay}}
}

// experienceReport runs a report of metric by dimension over day1.
func (f fixture) experienceReport(t *testing.T, account, metric, dimension, filterText string) map[string]float64 {
	t.Helper()
	r, err := views.ParseReport(views.ReportParams{Dimension: dimension, Metric: metric,
		Start: day1.Format(time.DateOnly), End: day1.Format(time.DateOnly), Filter: filterText})
	require.NoError(t, err)
	rows, err := f.store.Report(t.Context(), account, r)
	require.NoError(t, err)
	out := map[string]float64{}
	for _, row := range rows {
		out[row.Key] = row.Value
	}
	return out
}

// The experience metrics of a small, hand-checked day: two Chrome views
// (one stalled), a failed start on Firefox, a replayed play whose startup
// does not count, another account's figures that must not leak.
func TestExperienceReports(t *testing.T) {
	t.Parallel()
	f := setup(t)
	chrome := func(e views.Event) views.Event { return client(e, "Chrome", "Linux", "desktop") }
	events := []views.Event{
		chrome(withStartup(play("p1", accountA, "v1", "viewer-1", "a.example", "US", day1), 800)),
		chrome(withStartup(play("p2", accountA, "v1", "viewer-2", "a.example", "US", day1), 1200)),
		chrome(withStartup(play("p1-replay", accountA, "v1", "viewer-1", "a.example", "US", day1.Add(time.Minute)), 60_000)),
		heartbeat("h1", accountA, "v1", "t1", day1.Add(10*time.Second), 10_000, 0, 0, 720),
		heartbeat("h2", accountA, "v1", "t2", day1.Add(10*time.Second), 10_000, 2, 2_000, 360),
		heartbeat("h3", accountA, "v1", "t2", day1.Add(20*time.Second), 10_000, 0, 0, 720),
		failure("e1", accountA, "v2", day1, true),
		chrome(withStartup(play("other", accountB, "v9", "viewer-9", "a.example", "US", day1), 90_000)),
		heartbeat("h9", accountB, "v9", "t9", day1, 10_000, 5, 10_000, 720),
	}
	_, err := f.store.Ingest(t.Context(), events)
	require.NoError(t, err)
	_, err = f.store.Ingest(t.Context(), events) // a redelivery changes nothing
	require.NoError(t, err)

	assert.Equal(t, map[string]float64{"2026-11-20": 30}, f.experienceReport(t, accountA, "watch_time", "day", ""))
	assert.Equal(t, map[string]float64{"v1": 2}, f.experienceReport(t, accountA, "views", "video_id", "browser==Chrome"))
	assert.Equal(t, map[string]float64{"Chrome": 2}, f.experienceReport(t, accountA, "views", "browser", ""))
	p50 := f.experienceReport(t, accountA, "startup_time_p50", "browser", "")
	assert.InDelta(t, 0.8, p50["Chrome"], 0.8*views.SketchAccuracy+0.001, "the replayed play's minute is left out")
	assert.NotContains(t, p50, "Firefox", "a failed start has no startup time")
	p95 := f.experienceReport(t, accountA, "startup_time_p95", "day", "")
	assert.InDelta(t, 0.8, p95["2026-11-20"], 0.8*views.SketchAccuracy+0.001, "rank floor(0.95 x (2-1)) = 0: the lower of two")
	assert.Equal(t, map[string]float64{"2026-11-20": round4(2000.0 / 30000)}, f.experienceReport(t, accountA, "rebuffer_ratio", "day", ""))
	assert.Equal(t, map[string]float64{"360p": 0.2, "720p": 0}, f.experienceReport(t, accountA, "rebuffer_ratio", "rendition", ""))
	assert.Equal(t, map[string]float64{"720p": 20}, f.experienceReport(t, accountA, "watch_time", "rendition", "rendition==720p;video_id==v1"))
	assert.Equal(t, map[string]float64{"2026-11-20": 4}, f.experienceReport(t, accountA, "rebuffer_frequency", "day", ""), "2 stalls in half a minute")
	assert.Equal(t, map[string]float64{"v2": 1}, f.experienceReport(t, accountA, "error_rate", "video_id", "video_id==v2"))
	assert.Equal(t, map[string]float64{"Chrome": 0, "Firefox": 1}, f.experienceReport(t, accountA, "error_rate", "browser", ""))
	scores := f.experienceReport(t, accountA, "experience_score", "video_id", "")
	assert.Equal(t, 0.0, scores["v2"], "every attempt failed")
	// v1: no errors, median start within a second (full marks), 1/15 of the
	// watch time stalled: 40 + 60 x (1 - 0.0667/0.1) = 60.
	assert.InDelta(t, 60, scores["v1"], 0.1)
	assert.Equal(t, map[string]float64{"2026-11-20": 1}, f.experienceReport(t, accountB, "rebuffer_ratio", "day", ""), "account B sees only its own")
}

func round4(v float64) float64 { return math.Round(v*1e4) / 1e4 }

// The startup percentiles from the roll-ups' sketches agree with the exact
// percentiles of the raw plays, within the sketch's accuracy, whatever
// table the planner reads.
func TestStartupPercentilesAgreeWithRawPlays(t *testing.T) {
	t.Parallel()
	f := setup(t)
	var events []views.Event
	browsers := []string{"Chrome", "Firefox", "Safari"}
	for i := range 3000 {
		e := play(fmt.Sprintf("p%d", i), accountA, fmt.Sprintf("v%d", i%7), fmt.Sprintf("viewer-%d", i), fmt.Sprintf("d%d.example", i%5),
			[]string{"US", "NL", "FR"}[i%3], day1.Add(time.Duration(i)*time.Second))
		e = client(withStartup(e, int32(100+(i*7919)%9000)), browsers[i%3], "Linux", "desktop")
		events = append(events, e)
	}
	for start := 0; start < len(events); start += 700 { // several batches: sketches merge at ingest
		_, err := f.store.Ingest(t.Context(), events[start:min(start+700, len(events))])
		require.NoError(t, err)
	}
	for _, filterText := range []string{"", "browser==Chrome", "country==US,country==NL;browser!=Safari", "video_id==v3;domain==d1.example"} {
		var startups []float64
		for _, e := range events {
			if matches(e, filterText) {
				startups = append(startups, float64(e.Experience.StartupMS))
			}
		}
		sort.Float64s(startups)
		for _, q := range []struct {
			metric string
			rank   float64
		}{{"startup_time_p50", 0.5}, {"startup_time_p95", 0.95}} {
			exact := startups[int(q.rank*float64(len(startups)-1))] / 1000
			got := f.experienceReport(t, accountA, q.metric, "day", filterText)["2026-11-20"]
			assert.InEpsilon(t, exact, got, 0.03, "%s %q", q.metric, filterText)
		}
	}
}

// matches is the few filters TestStartupPercentilesAgreeWithRawPlays uses.
func matches(e views.Event, filterText string) bool {
	switch filterText {
	case "browser==Chrome":
		return e.Browser == "Chrome"
	case "country==US,country==NL;browser!=Safari":
		return (e.Country == "US" || e.Country == "NL") && e.Browser != "Safari"
	case "video_id==v3;domain==d1.example":
		return e.VideoID == "v3" && e.Domain == "d1.example"
	}
	return true
}
