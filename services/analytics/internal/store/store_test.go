package store_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/pgtest"
	"github.com/vidhost/vidhost/services/analytics/internal/store"
	"github.com/vidhost/vidhost/services/analytics/internal/views"
	"github.com/vidhost/vidhost/services/analytics/migrations"
)

// Every test has a schema (and a NATS server, where it needs one) of its
// own, so every test calls t.Parallel: their waits overlap.
func TestMain(m *testing.M) { pgtest.Main(m) }

const accountA, accountB = "account-a", "account-b"

var day1 = time.Date(2026, 11, 20, 10, 0, 0, 0, time.UTC)

type fixture struct {
	store *store.Store
	pool  *pgxpool.Pool
}

func setup(t *testing.T) fixture { return setupBench(t) }

func setupBench(t testing.TB) fixture {
	t.Helper()
	db := pgtest.Schema(t)
	db.Migrate(t, migrations.FS)
	pool := db.Pool(t)
	return fixture{store: store.New(pool), pool: pool}
}

// play is a play event of video by viewer at t, from domain in country.
func play(id, account, video, viewer, domain, country string, t time.Time) views.Event {
	return views.Event{ID: id, AccountID: account, Time: t, Type: views.TypePlay, VideoID: video, ViewerID: viewer,
		Domain: domain, Country: country, Device: "desktop", Browser: "chrome"}
}

// rollups returns account's daily_views as "day video domain country" -> views.
func (f fixture) rollups(t *testing.T, account string) map[string]int64 {
	t.Helper()
	rows, err := f.pool.Query(t.Context(), `SELECT day, video_id, domain, country, views FROM daily_views WHERE account_id = $1`, account)
	require.NoError(t, err)
	defer rows.Close()
	got := map[string]int64{}
	for rows.Next() {
		var day time.Time
		var video, domain, country string
		var n int64
		require.NoError(t, rows.Scan(&day, &video, &domain, &country, &n))
		got[fmt.Sprintf("%s %s %s %s", day.Format(time.DateOnly), video, domain, country)] = n
	}
	require.NoError(t, rows.Err())
	return got
}

func (f fixture) rawCount(t *testing.T) int {
	t.Helper()
	var n int
	require.NoError(t, f.pool.QueryRow(t.Context(), `SELECT count(*) FROM view_events`).Scan(&n))
	return n
}

func TestIngestRollsUpAndIsIdempotent(t *testing.T) {
	t.Parallel()
	f := setup(t)
	batch := []views.Event{
		play("e1", accountA, "v1", "viewer-1", "a.example", "US", day1),
		play("e2", accountA, "v1", "viewer-2", "b.example", "NL", day1.Add(time.Minute)),
		play("e3", accountA, "v1", "", "unknown", "unknown", day1.Add(2*time.Minute)),
		{ID: "e4", AccountID: accountA, Time: day1, Type: views.TypeView, VideoID: "v1", ViewerID: "viewer-1", Domain: "a.example", Country: "US"},
		play("e5", accountB, "v9", "viewer-1", "a.example", "US", day1.AddDate(0, 0, 1)),
	}
	got, err := f.store.Ingest(t.Context(), batch)
	require.NoError(t, err)
	assert.Equal(t, views.IngestResult{Stored: 5, Views: 4}, got)

	// The same batch again (a redelivery after a crash before the ack),
	// and a batch overlapping it: nothing is counted twice.
	again, err := f.store.Ingest(t.Context(), batch)
	require.NoError(t, err)
	assert.Equal(t, views.IngestResult{}, again)
	overlap, err := f.store.Ingest(t.Context(), []views.Event{batch[0], batch[0], play("e6", accountA, "v2", "viewer-1", "a.example", "US", day1)})
	require.NoError(t, err)
	assert.Equal(t, views.IngestResult{Stored: 1, Views: 1}, overlap)

	assert.Equal(t, 6, f.rawCount(t))
	assert.Equal(t, map[string]int64{
		"2026-11-20 v1 a.example US": 1, "2026-11-20 v1 b.example NL": 1, "2026-11-20 v1 unknown unknown": 1,
		"2026-11-20 v2 a.example US": 1,
	}, f.rollups(t, accountA))
	assert.Equal(t, map[string]int64{"2026-11-21 v9 a.example US": 1}, f.rollups(t, accountB), "each account's rows are its own")
}

// A redelivered event in a batch with new plays of the same viewer must not
// change how the new ones count: they are judged against the stored
// window only, as if the old event were not in the batch.
func TestRedeliveredEventDoesNotSwayNewPlays(t *testing.T) {
	t.Parallel()
	f := setup(t)
	first := play("m1", accountA, "v1", "viewer-1", "a.example", "US", day1)
	for _, e := range []views.Event{first, play("m2", accountA, "v1", "viewer-1", "a.example", "US", day1.Add(40*time.Minute))} {
		got, err := f.store.Ingest(t.Context(), []views.Event{e})
		require.NoError(t, err)
		require.Equal(t, views.IngestResult{Stored: 1, Views: 1}, got)
	}
	// m3 is 35 minutes from the window started by m2: a view. Taken
	// together with m1 (5 minutes before it, and far from m2) it would not be.
	got, err := f.store.Ingest(t.Context(), []views.Event{first, play("m3", accountA, "v1", "viewer-1", "a.example", "US", day1.Add(5*time.Minute))})
	require.NoError(t, err)
	assert.Equal(t, views.IngestResult{Stored: 1, Views: 1}, got)
	assert.Equal(t, map[string]int64{"2026-11-20 v1 a.example US": 3}, f.rollups(t, accountA))
}

func TestReplayWithinThirtyMinutesIsOneView(t *testing.T) {
	t.Parallel()
	f := setup(t)
	first := play("p1", accountA, "v1", "viewer-1", "a.example", "US", day1)
	_, err := f.store.Ingest(t.Context(), []views.Event{first})
	require.NoError(t, err)
	tests := []struct {
		name  string
		event views.Event
		views int
	}{
		{"replay after 10 minutes, another batch", play("p2", accountA, "v1", "viewer-1", "a.example", "US", day1.Add(10*time.Minute)), 0},
		{"replay after 29 minutes", play("p3", accountA, "v1", "viewer-1", "a.example", "US", day1.Add(29*time.Minute)), 0},
		{"another video", play("p4", accountA, "v2", "viewer-1", "a.example", "US", day1.Add(5*time.Minute)), 1},
		{"another viewer", play("p5", accountA, "v1", "viewer-2", "a.example", "US", day1.Add(5*time.Minute)), 1},
		{"same viewer id in another account", play("p6", accountB, "v1", "viewer-1", "a.example", "US", day1.Add(5*time.Minute)), 1},
		{"after 31 minutes", play("p7", accountA, "v1", "viewer-1", "a.example", "US", day1.Add(31*time.Minute)), 1},
		{"10 minutes after that", play("p8", accountA, "v1", "viewer-1", "a.example", "US", day1.Add(41*time.Minute)), 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := f.store.Ingest(t.Context(), []views.Event{tt.event})
			require.NoError(t, err)
			assert.Equal(t, tt.views, got.Views)
		})
	}
	assert.Equal(t, map[string]int64{"2026-11-20 v1 a.example US": 3, "2026-11-20 v2 a.example US": 1}, f.rollups(t, accountA))
}

// A view ticket replayed with made-up viewer ids counts once, in one batch
// or over several, including two storers ingesting it at once; a viewer's
// reload (a second ticket) within the window adds nothing either.
func TestTicketCountsOncePerWindow(t *testing.T) {
	t.Parallel()
	f := setup(t)
	ticketPlay := func(id, ticket, viewer string, at time.Time) views.Event {
		e := play(id, accountA, "v1", viewer, "a.example", "US", at)
		e.TicketID = ticket
		return e
	}
	var batch []views.Event
	for i := range 20 {
		batch = append(batch, ticketPlay(fmt.Sprintf("a%02d", i), "t1", fmt.Sprintf("forged-%02d", i), day1.Add(time.Duration(i)*time.Second)))
	}
	got, err := f.store.Ingest(t.Context(), batch)
	require.NoError(t, err)
	assert.Equal(t, 1, got.Views, "one batch")

	results := make(chan views.IngestResult, 2)
	for part := range 2 { // two storers at once, each with later replays
		go func() {
			got, err := f.store.Ingest(t.Context(), []views.Event{
				ticketPlay(fmt.Sprintf("b%d", part), "t1", fmt.Sprintf("other-%d", part), day1.Add(time.Minute))})
			assert.NoError(t, err)
			results <- got
		}()
	}
	assert.Zero(t, (<-results).Views+(<-results).Views, "later batches, concurrently")

	got, err = f.store.Ingest(t.Context(), []views.Event{ticketPlay("c1", "t2", "forged-03", day1.Add(2*time.Minute))})
	require.NoError(t, err)
	assert.Equal(t, 1, got.Views, "a second page load by a viewer the forged plays named: no window of it was opened")
	got, err = f.store.Ingest(t.Context(), []views.Event{ticketPlay("c2", "t3", "forged-03", day1.Add(3*time.Minute))})
	require.NoError(t, err)
	assert.Zero(t, got.Views, "that viewer reloading: the same view")
	got, err = f.store.Ingest(t.Context(), []views.Event{ticketPlay("c3", "t1", "", day1.Add(31*time.Minute))})
	require.NoError(t, err)
	assert.Equal(t, 1, got.Views, "the first ticket in the next window")
	assert.Equal(t, map[string]int64{"2026-11-20 v1 a.example US": 3}, f.rollups(t, accountA))
}

// A viewer's first plays under two page loads (two tickets) can reach two
// storers at once (the consumer's lanes go by ticket): before either has
// a window to lock, both used to find none and count. 40 viewers, each
// with one play in each of two concurrent batches: 40 views.
func TestFirstPlaysOfOneViewerOnTwoStorersAreOneView(t *testing.T) {
	t.Parallel()
	f := setup(t)
	const viewers = 40
	batches := [2][]views.Event{}
	for part := range batches {
		for v := range viewers {
			e := play(fmt.Sprintf("p%d-%02d", part, v), accountA, "v1", fmt.Sprintf("viewer-%02d", v), "a.example", "US",
				day1.Add(time.Duration(part)*time.Second))
			e.TicketID = fmt.Sprintf("ticket-%d-%02d", part, v)
			batches[part] = append(batches[part], e)
		}
	}
	start := make(chan struct{})
	results := make(chan views.IngestResult, len(batches))
	for _, batch := range batches {
		go func() {
			<-start
			got, err := f.store.Ingest(t.Context(), batch)
			assert.NoError(t, err)
			results <- got
		}()
	}
	close(start)
	total := (<-results).Views + (<-results).Views
	assert.Equal(t, viewers, total, "each viewer's two page loads are one view")
	assert.Equal(t, map[string]int64{"2026-11-20 v1 a.example US": viewers}, f.rollups(t, accountA))
}

// Storers (lanes of one process, or replicas: here two stores) meeting a
// new day at once both create its partition; the one that loses the race
// still stores its batch on the first try.
func TestConcurrentStorersCreateADaysPartitionOnce(t *testing.T) {
	t.Parallel()
	f := setup(t)
	stores := []*store.Store{f.store, store.New(f.pool), store.New(f.pool), store.New(f.pool)}
	for d := range 5 {
		at := day1.AddDate(0, 0, 1+d)
		start := make(chan struct{})
		errs := make(chan error, len(stores))
		for i, st := range stores {
			go func() {
				<-start
				_, err := st.Ingest(t.Context(), []views.Event{
					play(fmt.Sprintf("d%d-%d", d, i), accountA, "v1", fmt.Sprintf("viewer-%d", i), "a.example", "US", at)})
				errs <- err
			}()
		}
		close(start)
		for range stores {
			require.NoError(t, <-errs, "day %d", d)
		}
	}
}

func TestRetentionDropsOldPartitionsOnly(t *testing.T) {
	t.Parallel()
	f := setup(t)
	var batch []views.Event
	for i := range 5 {
		batch = append(batch, play(fmt.Sprintf("d%d", i), accountA, "v1", "", "a.example", "US", day1.AddDate(0, 0, i)))
	}
	_, err := f.store.Ingest(t.Context(), batch)
	require.NoError(t, err)

	dropped, err := f.store.DropEventsBefore(t.Context(), day1.AddDate(0, 0, 3))
	require.NoError(t, err)
	assert.ElementsMatch(t, []string{"view_events_20261120", "view_events_20261121", "view_events_20261122"}, dropped)
	assert.Equal(t, 2, f.rawCount(t))
	assert.Len(t, f.rollups(t, accountA), 5, "roll-ups outlive the raw events")

	// A day whose partition was dropped can be written again (a new
	// partition), and dropping again is harmless.
	_, err = f.store.Ingest(t.Context(), []views.Event{play("late", accountA, "v1", "", "a.example", "US", day1)})
	require.NoError(t, err)
	_, err = f.store.DropEventsBefore(t.Context(), day1.AddDate(0, 0, 3))
	require.NoError(t, err)
}

func TestReportReadsRollups(t *testing.T) {
	t.Parallel()
	f := setup(t)
	day2 := day1.AddDate(0, 0, 1)
	_, err := f.store.Ingest(t.Context(), []views.Event{
		play("r1", accountA, "v1", "", "a.example", "US", day1),
		play("r2", accountA, "v1", "", "a.example", "NL", day1),
		play("r3", accountA, "v2", "", "b.example", "US", day1),
		play("r4", accountA, "v2", "", "unknown", "US", day2),
		play("r5", accountA, "v2", "", "a.example", "US", day2.AddDate(0, 0, 5)), // outside the range
		play("r6", accountB, "v9", "", "a.example", "US", day1),                  // another account
	})
	require.NoError(t, err)
	report := func(dimension, filterText string, byViews bool, limit int) []views.Row {
		t.Helper()
		r, err := views.ParseReport(views.ReportParams{Dimension: dimension, Metric: "views",
			Start: day1.Format(time.DateOnly), End: day2.Format(time.DateOnly), Filter: filterText, Limit: fmt.Sprint(limit)})
		require.NoError(t, err)
		r.ByViews = byViews
		rows, err := f.store.Report(t.Context(), accountA, r)
		require.NoError(t, err)
		return rows
	}
	tests := []struct {
		name, dimension, filter string
		byViews                 bool
		limit                   int
		want                    []views.Row
	}{
		{"by domain", "domain", "", false, 100, []views.Row{row("a.example", 2), row("b.example", 1), row("unknown", 1)}},
		{"by day", "day", "", false, 100, []views.Row{row("2026-11-20", 3), row("2026-11-21", 1)}},
		{"by views, limited", "country", "", true, 1, []views.Row{row("US", 3)}},
		{"OR binds tighter than AND", "video_id", "country==NL,domain==b.example;video_id!=v9", false, 100, []views.Row{row("v1", 1), row("v2", 1)}},
		{"contains ignores case", "domain", "domain=@EXAMPLE", false, 100, []views.Row{row("a.example", 2), row("b.example", 1)}},
		{"does not contain", "domain", "domain!@example", false, 100, []views.Row{row("unknown", 1)}},
		{"day compares as a date", "day", "day>2026-11-20", false, 100, []views.Row{row("2026-11-21", 1)}},
		{"no match: no rows", "country", "country==FR", false, 100, []views.Row{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := report(tt.dimension, tt.filter, tt.byViews, tt.limit)
			if len(tt.want) == 0 {
				assert.Empty(t, got)
				return
			}
			assert.Equal(t, tt.want, got)
		})
	}
}

func row(key string, n int64) views.Row { return views.Row{Key: key, Views: n} }
