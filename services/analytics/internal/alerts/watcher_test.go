package alerts_test

import (
	"context"
	"fmt"
	"log/slog"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"google.golang.org/protobuf/encoding/protojson"

	eventsv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/events/v1"

	"github.com/vidhost/vidhost/pkg/natsx"
	"github.com/vidhost/vidhost/pkg/pgtest"
	"github.com/vidhost/vidhost/services/analytics/internal/alerts"
	"github.com/vidhost/vidhost/services/analytics/internal/store"
	"github.com/vidhost/vidhost/services/analytics/internal/views"
	"github.com/vidhost/vidhost/services/analytics/migrations"
)

// The watcher on a real PostgreSQL, fed through the store's ingest (so the
// hourly roll-up is the one production keeps), with a fixed clock. Each
// test has a schema of its own. About a second.
func TestMain(m *testing.M) { pgtest.Main(m) }

const accountA, accountB = "account-a", "account-b"

var (
	// now is 12:10; the hour 11:00-12:00 is over, and past the delay.
	now       = time.Date(2026, 11, 20, 12, 10, 0, 0, time.UTC)
	closed    = time.Date(2026, 11, 20, 11, 0, 0, 0, time.UTC)
	underWay  = time.Date(2026, 11, 20, 12, 0, 0, 0, time.UTC)
	rule      = alerts.Rule{MinPlays: 10, StartupP95: 5 * time.Second, ErrorRate: 0.1}
	eventSeq  int
	eventLock sync.Mutex
)

// progress is a views consumer stored through a settable time.
type progress struct {
	mu     sync.Mutex
	stored time.Time
}

func (p *progress) StoredThrough(_ context.Context) (time.Time, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.stored, nil
}

func (p *progress) set(t time.Time) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.stored = t
}

type fixture struct {
	store    *store.Store
	pool     *pgxpool.Pool
	progress *progress
}

func setup(t *testing.T) fixture {
	t.Helper()
	db := pgtest.Schema(t)
	db.Migrate(t, migrations.FS)
	pool := db.Pool(t)
	return fixture{store: store.New(pool), pool: pool, progress: &progress{stored: now}}
}

func (f fixture) watcher(opts alerts.Options) *alerts.Watcher {
	if opts.Rule == (alerts.Rule{}) {
		opts.Rule = rule
	}
	opts.Now = func() time.Time { return now }
	if opts.Delay == 0 {
		opts.Delay = alerts.DefaultDelay
	}
	return alerts.NewWatcher(f.store, f.progress, slog.New(slog.DiscardHandler), opts)
}

func nextID(prefix string) string {
	eventLock.Lock()
	defer eventLock.Unlock()
	eventSeq++
	return fmt.Sprintf("%s-%d", prefix, eventSeq)
}

// plays are n counted plays of video, each its own viewer and ticket, a
// minute apart from at, with a startup time of startupMS (none when 0).
func plays(account, video string, at time.Time, n int, startupMS int32) []views.Event {
	out := make([]views.Event, n)
	for i := range out {
		id := nextID("play")
		out[i] = views.Event{ID: id, AccountID: account, Time: at.Add(time.Duration(i) * time.Minute), Type: views.TypePlay,
			VideoID: video, ViewerID: "viewer-" + id, TicketID: "ticket-" + id, Domain: "a.example", Country: "US",
			Browser: "Chrome", OS: "Linux", Device: "desktop",
			Experience: views.Experience{StartupMS: startupMS, HasStartup: startupMS > 0}}
	}
	return out
}

// failedStarts are n fatal errors before the first frame.
func failedStarts(account, video string, at time.Time, n int) []views.Event {
	out := make([]views.Event, n)
	for i := range out {
		id := nextID("error")
		out[i] = views.Event{ID: id, AccountID: account, Time: at.Add(time.Duration(i) * time.Minute), Type: views.TypeError,
			VideoID: video, TicketID: "ticket-" + id, Domain: "a.example", Country: "US", Browser: "Chrome", OS: "Linux",
			Device: "desktop", Experience: views.Experience{ErrorClass: "manifest", Fatal: true, BeforePlay: true}}
	}
	return out
}

func (f fixture) ingest(t *testing.T, batches ...[]views.Event) {
	t.Helper()
	for _, batch := range batches {
		_, err := f.store.Ingest(t.Context(), batch)
		require.NoError(t, err)
	}
}

// published is an outbox row decoded.
type published struct {
	id, subject string
	event       *eventsv1.ExperienceDegraded
}

// outbox returns the events waiting to be published, by account/video.
func (f fixture) outbox(t *testing.T) map[string]published {
	t.Helper()
	rows, err := f.pool.Query(t.Context(), `SELECT id, subject, payload FROM outbox ORDER BY seq`)
	require.NoError(t, err)
	defer rows.Close()
	out := map[string]published{}
	for rows.Next() {
		var p published
		var payload []byte
		require.NoError(t, rows.Scan(&p.id, &p.subject, &payload))
		p.event = &eventsv1.ExperienceDegraded{}
		require.NoError(t, protojson.Unmarshal(payload, p.event))
		key := p.event.GetMeta().GetAccountId() + "/" + p.event.GetVideoId()
		_, twice := out[key]
		require.False(t, twice, "%s announced twice", key)
		out[key] = p
	}
	require.NoError(t, rows.Err())
	return out
}

func TestABadHourIsAnnouncedOnceWithItsFigures(t *testing.T) {
	t.Parallel()
	f := setup(t)
	f.ingest(t,
		failedStarts(accountA, "failing", closed, 12),
		plays(accountA, "slow", closed, 8, 9000), plays(accountA, "slow", closed.Add(20*time.Minute), 8, 9500), // two batches: the sketches merge
		plays(accountA, "fine", closed, 30, 700),
		failedStarts(accountA, "unlucky", closed, 3), // one bad viewer's few tries: under the fewest plays
		plays(accountA, "unmeasured", closed, 12, 0), failedStarts(accountA, "unmeasured", closed, 1),
	)
	w := f.watcher(alerts.Options{})

	recorded, err := w.Tick(t.Context())
	require.NoError(t, err)
	assert.Equal(t, 2, recorded)
	got := f.outbox(t)
	require.Len(t, got, 2, "failing and slow; fine, unlucky and unmeasured (1 of 13) are not")

	failing := got[accountA+"/failing"]
	assert.Equal(t, natsx.SubjectVideoExperienceDegraded, failing.subject)
	assert.Equal(t, alerts.EventID(accountA, "failing", closed), failing.id, "the id is the account's video's hour")
	assert.Equal(t, failing.id, failing.event.GetMeta().GetId())
	assert.Equal(t, "2026-11-20T11:00:00.000Z", failing.event.GetWindowStart())
	assert.Equal(t, "2026-11-20T12:00:00.000Z", failing.event.GetWindowEnd())
	assert.Equal(t, "2026-11-20T12:10:00.000Z", failing.event.GetMeta().GetOccurredTime())
	assert.Equal(t, int32(12), failing.event.GetPlays())
	assert.Equal(t, 1.0, failing.event.GetErrorRate())
	assert.Nil(t, failing.event.StartupTimeP95, "no start measured")
	assert.Equal(t, []string{alerts.ConditionErrorRate}, failing.event.GetConditions())
	assert.False(t, failing.event.GetPartial())
	assert.Equal(t, 5.0, failing.event.GetThresholds().GetStartupTimeP95())
	assert.Equal(t, 0.1, failing.event.GetThresholds().GetErrorRate())
	assert.Equal(t, int32(10), failing.event.GetThresholds().GetMinPlays())

	slow := got[accountA+"/slow"]
	assert.Equal(t, []string{alerts.ConditionStartupP95}, slow.event.GetConditions())
	assert.Equal(t, int32(16), slow.event.GetStartups(), "both batches' starts")
	assert.InDelta(t, 9.5, slow.event.GetStartupTimeP95(), 9.5*views.SketchAccuracy)
	assert.Equal(t, 0.0, slow.event.GetErrorRate())

	// Again, by this watcher, by another (a second replica), after a
	// restart (a new watcher), with more bad plays in the hour: nothing new.
	f.ingest(t, failedStarts(accountA, "slow", closed.Add(30*time.Minute), 10))
	for _, again := range []*alerts.Watcher{w, f.watcher(alerts.Options{}), f.watcher(alerts.Options{OpenHour: true})} {
		n, err := again.Tick(t.Context())
		require.NoError(t, err)
		assert.Zero(t, n)
	}
	assert.Len(t, f.outbox(t), 2)
}

// One account's bad beacons move only its own videos' hours, whatever the
// video ids.
func TestAnotherAccountsBeaconsAreItsOwn(t *testing.T) {
	t.Parallel()
	f := setup(t)
	f.ingest(t,
		plays(accountA, "shared-id", closed, 20, 600),
		append(failedStarts(accountB, "shared-id", closed, 40), plays(accountB, "shared-id", closed, 2, 100_000)...),
	)
	_, err := f.watcher(alerts.Options{}).Tick(t.Context())
	require.NoError(t, err)
	got := f.outbox(t)
	require.Len(t, got, 1)
	b := got[accountB+"/shared-id"]
	require.NotNil(t, b.event, "account B's video: %v", got)
	assert.Equal(t, accountB, b.event.GetMeta().GetAccountId())
	assert.Equal(t, int32(42), b.event.GetPlays())
	assert.NotEqual(t, alerts.EventID(accountA, "shared-id", closed), b.id)
}

// A closed hour waits for its delay and for the views consumer to have
// stored it; an hour under way is judged only with OpenHour, as partial,
// and its closed pass later adds nothing.
func TestHoursAreJudgedOnceStored(t *testing.T) {
	t.Parallel()
	f := setup(t)
	f.ingest(t, failedStarts(accountA, "v1", closed, 12), failedStarts(accountA, "v2", underWay, 12))

	f.progress.set(closed.Add(alerts.Window + time.Minute)) // stored through 12:01: the 5-minute delay is not over
	n, err := f.watcher(alerts.Options{}).Tick(t.Context())
	require.NoError(t, err)
	assert.Zero(t, n, "the consumer has not stored 12:00-12:05 yet")

	f.progress.set(now)
	n, err = f.watcher(alerts.Options{Delay: 15 * time.Minute}).Tick(t.Context())
	require.NoError(t, err)
	assert.Zero(t, n, "a longer delay is not over at 12:10")

	n, err = f.watcher(alerts.Options{}).Tick(t.Context())
	require.NoError(t, err)
	assert.Equal(t, 1, n)
	assert.Contains(t, f.outbox(t), accountA+"/v1")
	assert.NotContains(t, f.outbox(t), accountA+"/v2", "the hour under way is not judged")

	open := f.watcher(alerts.Options{OpenHour: true})
	n, err = open.Tick(t.Context())
	require.NoError(t, err)
	assert.Equal(t, 1, n)
	early := f.outbox(t)[accountA+"/v2"]
	require.NotNil(t, early.event)
	assert.True(t, early.event.GetPartial(), "figures of the hour so far")
	assert.Equal(t, "2026-11-20T12:00:00.000Z", early.event.GetWindowStart())
	n, err = open.Tick(t.Context())
	require.NoError(t, err)
	assert.Zero(t, n, "an hour's alert is made once")
}

// A pass goes a page at a time within its budget and resumes where it
// stopped; two replicas ticking at once announce each hour once.
func TestPassesArePagedAndSharedByReplicas(t *testing.T) {
	t.Parallel()
	f := setup(t)
	// The oldest hour judged, so it is the first: the empty hours after it
	// take a page each too.
	first := now.Add(-alerts.Lookback).Truncate(alerts.Window)
	var batch []views.Event
	for i := range 9 {
		batch = append(batch, failedStarts(accountA, fmt.Sprintf("v%d", i), first, 10)...)
		batch = append(batch, plays(accountB, fmt.Sprintf("ok%d", i), first, 10, 500)...)
	}
	f.ingest(t, batch)
	w := f.watcher(alerts.Options{PageSize: 2, PagesPerTick: 2})
	n, err := w.Tick(t.Context())
	require.NoError(t, err)
	assert.Equal(t, 4, n, "two pages of two bad videos")

	// The rest: several replicas at once, small pages.
	var wg sync.WaitGroup
	var mu sync.Mutex
	total := n
	for range 3 {
		replica := f.watcher(alerts.Options{PageSize: 3, PagesPerTick: 2})
		wg.Go(func() {
			for range 5 {
				n, err := replica.Tick(t.Context())
				assert.NoError(t, err)
				mu.Lock()
				total += n
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	assert.Equal(t, 9, total)
	assert.Len(t, f.outbox(t), 9, "each bad video once")
	var done bool
	require.NoError(t, f.pool.QueryRow(t.Context(), `SELECT done FROM experience_checks WHERE hour = $1`, first).Scan(&done))
	assert.True(t, done)
}

// Hours older than the lookback are not judged, and the retention forgets
// hours past it.
func TestOldHoursAreSkippedAndForgotten(t *testing.T) {
	t.Parallel()
	f := setup(t)
	old := closed.Add(-alerts.Lookback)
	ancient := closed.Add(-alerts.Retention - time.Hour)
	f.ingest(t, failedStarts(accountA, "old", old, 12), failedStarts(accountA, "ancient", ancient, 12))
	n, err := f.watcher(alerts.Options{}).Tick(t.Context())
	require.NoError(t, err)
	assert.Zero(t, n)
	var hours []time.Time
	rows, err := f.pool.Query(t.Context(), `SELECT DISTINCT hour FROM xp_hourly_video ORDER BY hour`)
	require.NoError(t, err)
	for rows.Next() {
		var h time.Time
		require.NoError(t, rows.Scan(&h))
		hours = append(hours, h.UTC())
	}
	require.NoError(t, rows.Err())
	assert.Equal(t, []time.Time{old}, hours, "the hour past the retention is gone")
}
