package store_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/services/analytics/internal/views"
)

// xpTables are the experience roll-ups and their key columns besides
// account and day (migration 00007).
var xpTables = []struct {
	table      string
	keys       []string
	renditions bool
}{
	{"xp_daily_totals", nil, false},
	{"xp_daily_client", []string{"browser", "os", "device"}, false},
	{"xp_daily_client_country", []string{"country", "browser", "os", "device"}, false},
	{"xp_daily_video", []string{"video_id"}, false},
	{"xp_daily_domain_country", []string{"domain", "country"}, false},
	{"xp_daily_all", []string{"video_id", "domain", "country", "browser", "os", "device"}, false},
	{"xp_daily_video_renditions", []string{"video_id"}, true},
	{"xp_daily_renditions", []string{"video_id", "domain", "country", "browser", "os", "device"}, true},
}

// TestExperienceRollupsAgreeWithRawEvents ingests random plays, heartbeats
// and errors on two storers at once (split by ticket, as the consumer's
// lanes are; redelivered and overlapping batches; replays), then checks
// every row of every experience roll-up against the same sums computed
// from the raw events, and each row's startup sketch against the exact
// startup times of its counted plays: its count, and its median within the
// sketch's accuracy.
func TestExperienceRollupsAgreeWithRawEvents(t *testing.T) {
	t.Parallel()
	f := setup(t)
	lanes := randomExperience(rand.New(rand.NewPCG(32, 2026)), 4000)
	var wg sync.WaitGroup
	errs := make([]error, len(lanes))
	for i, lane := range lanes {
		wg.Go(func() { errs[i] = ingestOverlapping(t, f, rand.New(rand.NewPCG(uint64(i), 7)), lane) })
	}
	wg.Wait()
	for _, err := range errs {
		require.NoError(t, err)
	}

	for _, table := range xpTables {
		keys := strings.Join(append([]string{"account_id", "to_char(day, 'YYYY-MM-DD')"}, table.keys...), ", ")
		if table.renditions {
			keys += ", rendition"
		}
		want := f.sums(t, rawSumsQuery(table.renditions, keys))
		got := f.sums(t, fmt.Sprintf("SELECT %s, %s FROM %s", keys, storedSums(table.renditions), table.table))
		require.NotEmpty(t, want, table.table)
		assert.Equal(t, want, got, table.table)
		if !table.renditions {
			f.checkSketches(t, table.table, keys)
		}
	}
	// xp_hourly_video: the plays and errors of a video in an hour.
	rawHour, storedHour := "account_id, video_id, to_char(date_trunc('hour', occurred_time AT TIME ZONE 'UTC'), 'YYYY-MM-DD HH24')",
		"account_id, video_id, to_char(hour AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24')"
	want := f.sums(t, fmt.Sprintf(`SELECT %s, count(*) FILTER (WHERE type = 'play') || ' ' ||
			count(*) FILTER (WHERE type = 'error' AND before_play) || ' ' || count(*) FILTER (WHERE type = 'error') || ' ' ||
			count(startup_ms) FILTER (WHERE type = 'play')
		FROM view_events WHERE (type = 'play' AND counted) OR (type = 'error' AND fatal) GROUP BY %s`, rawHour, rawHour))
	got := f.sums(t, fmt.Sprintf("SELECT %s, views::text || ' ' || failed_starts || ' ' || fatal_errors || ' ' || startups FROM xp_hourly_video",
		storedHour))
	require.NotEmpty(t, want)
	assert.Equal(t, want, got, "xp_hourly_video")
	f.checkHourlySketches(t, rawHour, storedHour)
}

// randomExperience is n random events of two accounts over a few days,
// videos, domains, countries and clients (so that rows collect many
// events), split in two lanes by view ticket.
func randomExperience(rng *rand.Rand, n int) [2][]views.Event {
	pick := func(prefix string, k int) string { return fmt.Sprintf("%s%d", prefix, rng.IntN(k)) }
	clients := [][3]string{{"Chrome", "Windows", "desktop"}, {"Safari", "iOS", "mobile"}, {"Firefox", "Linux", "desktop"}}
	var lanes [2][]views.Event
	for i := range n {
		ticket := rng.IntN(300) // a few events per ticket: replayed plays among them
		account := accountA
		if ticket%7 == 0 {
			account = accountB
		}
		c := clients[rng.IntN(len(clients))]
		e := views.Event{ID: fmt.Sprintf("x%05d", i), AccountID: account, TicketID: fmt.Sprintf("t%d", ticket),
			ViewerID: pick("viewer-", 500), VideoID: pick("v", 4), Domain: pick("d", 3) + ".example", Country: pick("C", 3),
			Browser: c[0], OS: c[1], Device: c[2],
			Time: day1.AddDate(0, 0, -rng.IntN(3)).Add(time.Duration(rng.IntN(86_400)) * time.Second)}
		switch kind := rng.IntN(10); {
		case kind < 3:
			e.Type = views.TypePlay
			if rng.IntN(5) > 0 {
				e.Experience = views.Experience{HasStartup: true, StartupMS: int32(50 + rng.IntN(20_000))} //nolint:gosec // G115: small
			}
		case kind < 8:
			e.Type = views.TypeHeartbeat
			e.Experience = randomHeartbeat(rng)
		case kind < 9:
			e.Type = views.TypeView
		default:
			e.Type = views.TypeError
			e.Experience = views.Experience{ErrorClass: "network", Fatal: rng.IntN(2) == 0}
			e.Experience.BeforePlay = e.Experience.Fatal && rng.IntN(2) == 0
		}
		lanes[ticket%2] = append(lanes[ticket%2], e)
	}
	return lanes
}

func randomHeartbeat(rng *rand.Rand) views.Experience {
	if rng.IntN(10) == 0 {
		return views.Experience{SeekWaitMS: 300, Switches: 1} // nothing a roll-up sums
	}
	watched := int32(rng.IntN(10_000)) //nolint:gosec // G115: small
	x := views.Experience{WatchedMS: watched}
	if rng.IntN(4) == 0 {
		x.StallCount, x.StallMS = 1+int32(rng.IntN(2)), int32(rng.IntN(int(watched)+1)) //nolint:gosec // G115: small
	}
	heights := []int32{360, 720, 1080}
	first := heights[rng.IntN(3)]
	x.Renditions = []views.Rendition{{Height: first, WatchedMS: watched / 2, StallCount: x.StallCount, StallMS: x.StallMS / 2}}
	if second := heights[rng.IntN(3)]; second != first {
		x.Renditions = append(x.Renditions, views.Rendition{Height: second, WatchedMS: watched - watched/2})
	}
	return x
}

// ingestOverlapping stores events in random batches, some redelivered,
// each overlapping the one before.
func ingestOverlapping(t *testing.T, f fixture, rng *rand.Rand, events []views.Event) error {
	for start := 0; start < len(events); {
		end := min(len(events), start+1+rng.IntN(300))
		batch := events[start:end]
		if _, err := f.store.Ingest(t.Context(), batch); err != nil {
			return err
		}
		if rng.IntN(4) == 0 {
			if _, err := f.store.Ingest(t.Context(), batch); err != nil {
				return err
			}
		}
		start = max(start+1, end-rng.IntN(40))
	}
	return nil
}

// rawSumsQuery sums the raw events by keys as the roll-ups do: counted
// plays and their startup times, fatal errors (before the first frame
// apart), the heartbeats' figures (those with any: a seek-only heartbeat
// adds no row), per rendition for the rendition tables.
func rawSumsQuery(renditions bool, keys string) string {
	if renditions {
		return fmt.Sprintf(`SELECT %s, sum(w)::text || ' ' || sum(sc) || ' ' || sum(sm)
			FROM (SELECT e.*, r.h || 'p' AS rendition, r.w, r.sc, r.sm FROM view_events e,
				unnest(rendition_heights, rendition_watched_ms, rendition_stall_counts, rendition_stall_ms) AS r(h, w, sc, sm)
				WHERE type = 'heartbeat' AND (watched_ms, stall_count, stall_ms) <> (0, 0, 0)) e
			GROUP BY %s`, keys, keys)
	}
	return fmt.Sprintf(`SELECT %s, count(*) FILTER (WHERE type = 'play' AND counted) || ' ' ||
			count(*) FILTER (WHERE type = 'error' AND fatal AND before_play) || ' ' ||
			count(*) FILTER (WHERE type = 'error' AND fatal) || ' ' ||
			coalesce(sum(watched_ms) FILTER (WHERE type = 'heartbeat'), 0) || ' ' ||
			coalesce(sum(stall_count) FILTER (WHERE type = 'heartbeat'), 0) || ' ' ||
			coalesce(sum(stall_ms) FILTER (WHERE type = 'heartbeat'), 0) || ' ' ||
			count(startup_ms) FILTER (WHERE type = 'play' AND counted)
		FROM view_events
		WHERE (type = 'play' AND counted) OR (type = 'error' AND fatal)
		   OR (type = 'heartbeat' AND (watched_ms, stall_count, stall_ms) <> (0, 0, 0))
		GROUP BY %s`, keys, keys)
}

// storedSums are a roll-up's sums in rawSumsQuery's form.
func storedSums(renditions bool) string {
	if renditions {
		return "watched_ms::text || ' ' || stall_count || ' ' || stall_ms"
	}
	return "views::text || ' ' || failed_starts || ' ' || fatal_errors || ' ' || watched_ms || ' ' || stall_count || ' ' || stall_ms || ' ' || startups"
}

// sums runs query, whose last column is the sums and the others the key.
func (f fixture) sums(t *testing.T, query string) map[string]string {
	t.Helper()
	rows, err := f.pool.Query(t.Context(), query)
	require.NoError(t, err)
	defer rows.Close()
	out := map[string]string{}
	for rows.Next() {
		values, err := rows.Values()
		require.NoError(t, err)
		key := fmt.Sprint(values[:len(values)-1]...)
		out[key] = fmt.Sprint(values[len(values)-1])
	}
	require.NoError(t, rows.Err())
	return out
}

// checkHourlySketches is checkSketches for xp_hourly_video, whose rows are
// keyed by hour (rawKeys over the raw events, storedKeys over the table).
func (f fixture) checkHourlySketches(t *testing.T, rawKeys, storedKeys string) {
	t.Helper()
	f.checkSketchesOf(t, "xp_hourly_video", rawKeys, storedKeys)
}

// checkSketches checks every row of table that has startup times: its
// sketch holds as many, with the median of the raw ones (the value at
// rank ⌊0.5·(n−1)⌋) within the sketch's accuracy.
func (f fixture) checkSketches(t *testing.T, table, keys string) {
	t.Helper()
	f.checkSketchesOf(t, table, keys, keys)
}

func (f fixture) checkSketchesOf(t *testing.T, table, rawKeys, keys string) {
	t.Helper()
	type key = string
	exact := map[key][]int32{}
	rows, err := f.pool.Query(t.Context(), fmt.Sprintf(`SELECT %s, array_agg(startup_ms ORDER BY startup_ms) FROM view_events
		WHERE type = 'play' AND counted AND startup_ms IS NOT NULL GROUP BY %s`, rawKeys, rawKeys))
	require.NoError(t, err)
	for rows.Next() {
		values, err := rows.Values()
		require.NoError(t, err)
		var times []int32
		for _, v := range values[len(values)-1].([]any) {
			times = append(times, v.(int32))
		}
		exact[fmt.Sprint(values[:len(values)-1]...)] = times
	}
	require.NoError(t, rows.Err())
	rows, err = f.pool.Query(t.Context(), fmt.Sprintf("SELECT %s, startups, startup_sketch FROM %s WHERE startups > 0", keys, table))
	require.NoError(t, err)
	defer rows.Close()
	checked := 0
	for rows.Next() {
		values, err := rows.Values()
		require.NoError(t, err)
		k := fmt.Sprint(values[:len(values)-2]...)
		sketch := views.NewStartupSketch()
		require.NoError(t, sketch.Merge(values[len(values)-1].([]byte)))
		times := exact[k]
		require.Len(t, times, int(values[len(values)-2].(int64)), "%s %s", table, k)
		assert.InDelta(t, float64(len(times)), sketch.Count(), 0, "%s %s", table, k)
		median, ok := sketch.Quantile(0.5)
		require.True(t, ok)
		want := float64(slices.Sorted(slices.Values(times))[(len(times)-1)/2])
		assert.InEpsilon(t, want, median, views.SketchAccuracy*1.01, "%s %s", table, k)
		checked++
	}
	require.NoError(t, rows.Err())
	assert.Len(t, exact, checked, "%s: every row with startup times has a sketch", table)
}
