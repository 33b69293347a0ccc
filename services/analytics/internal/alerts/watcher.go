package alerts

import (
	"context"
	"log/slog"
	"slices"
	"time"

	"github.com/vidhost/vidhost/pkg/metrics"
)

// Watcher defaults (docs/analytics.md, "Alerts").
const (
	DefaultInterval = time.Minute
	DefaultDelay    = 5 * time.Minute
	// Lookback bounds how far back a closed hour is still judged: an hour
	// missed for longer (the service was down) is news to nobody.
	Lookback = 6 * time.Hour
	// Retention is how long the hourly sums, passes and alerts are kept:
	// past Lookback, and a week, the streams' retention, in which a
	// consumer may still ask about an event.
	Retention = 7 * 24 * time.Hour
	// forgetEvery is how often old hours are deleted.
	forgetEvery = time.Hour
	// defaultPageSize video hours are judged in one transaction, and at
	// most defaultPagesPerTick pages a tick: 10,000 videos a minute.
	defaultPageSize     = 500
	defaultPagesPerTick = 20
	// defaultPageTimeout bounds one page's transaction.
	defaultPageTimeout = 30 * time.Second
)

// Options tune the Watcher.
type Options struct {
	Rule Rule
	// Interval is how often the watcher looks for hours to judge.
	Interval time.Duration
	// Delay is how long after its end an hour is judged (0: at once):
	// beacons the edge received in it may still be on their way (its
	// queue, JetStream) for that long. The views consumer's progress is
	// waited for besides.
	Delay time.Duration
	// OpenHour also judges the hour under way at every tick, on its
	// figures so far: an alert as soon as the hour has the plays and goes
	// over a threshold, marked partial, instead of after the hour.
	OpenHour bool
	// PageSize and PagesPerTick bound the work of one tick; PageTimeout
	// one page's transaction.
	PageSize, PagesPerTick int
	PageTimeout            time.Duration
	Now                    func() time.Time
}

func (o Options) withDefaults() Options {
	if o.Interval <= 0 {
		o.Interval = DefaultInterval
	}
	if o.Delay < 0 {
		o.Delay = 0
	}
	if o.PageSize <= 0 {
		o.PageSize = defaultPageSize
	}
	if o.PagesPerTick <= 0 {
		o.PagesPerTick = defaultPagesPerTick
	}
	if o.PageTimeout <= 0 {
		o.PageTimeout = defaultPageTimeout
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	return o
}

// Watcher judges each video's hours by its Rule and records an alert,
// with its event, for each bad one.
type Watcher struct {
	store    Store
	progress Progress
	logger   *slog.Logger
	opts     Options
	// open is where the pass over the hour under way got (OpenHour),
	// in memory: a restart starts it over, and alerts are recorded once
	// whatever is judged twice.
	open       Pass
	lastForget time.Time
}

// NewWatcher returns a watcher over store, which judges a closed hour once
// progress says its beacons are stored.
func NewWatcher(store Store, progress Progress, logger *slog.Logger, opts Options) *Watcher {
	return &Watcher{store: store, progress: progress, logger: logger, opts: opts.withDefaults()}
}

// Run ticks every Interval until ctx ends.
func (w *Watcher) Run(ctx context.Context) {
	ticker := time.NewTicker(w.opts.Interval)
	defer ticker.Stop()
	for {
		if _, err := w.Tick(ctx); err != nil && ctx.Err() == nil {
			w.logger.Warn("experience alerts", "error", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-ticker.C:
		}
	}
}

// Tick judges what is due, within PagesPerTick pages: the closed hours of
// the last Lookback not yet judged, oldest first, then (OpenHour) the hour
// under way. It returns how many alerts it recorded.
func (w *Watcher) Tick(ctx context.Context) (int, error) {
	now := w.opts.Now().UTC()
	w.forget(ctx, now)
	budget, recorded := w.opts.PagesPerTick, 0
	hours, err := w.closedHours(ctx, now)
	for _, hour := range hours {
		for budget > 0 {
			budget--
			n, more, pageErr := w.closedPage(ctx, hour, now)
			recorded += n
			if pageErr != nil {
				return recorded, pageErr
			}
			if !more {
				break
			}
		}
	}
	if w.opts.OpenHour {
		n, openErr := w.openPages(ctx, now, budget)
		recorded += n
		if openErr != nil {
			return recorded, openErr
		}
	}
	return recorded, err
}

// closedHours are the hours due for judging: over for Delay, their
// beacons stored, within Lookback, and not judged yet. When progress
// cannot be read, none is due (the open hour still is).
func (w *Watcher) closedHours(ctx context.Context, now time.Time) ([]time.Time, error) {
	stored, err := w.progress.StoredThrough(ctx)
	if err != nil {
		return nil, err
	}
	since := now.Add(-Lookback).Truncate(Window)
	done, err := w.store.DoneHours(ctx, since)
	if err != nil {
		return nil, err
	}
	var due []time.Time
	for hour := since; ; hour = hour.Add(Window) {
		ready := hour.Add(Window + w.opts.Delay)
		if ready.After(now) || ready.After(stored) {
			break
		}
		if !slices.ContainsFunc(done, hour.Equal) {
			due = append(due, hour)
		}
	}
	return due, nil
}

// closedPage judges the next page of a closed hour's pass; more is false
// once the pass is done, or held by another replica.
func (w *Watcher) closedPage(ctx context.Context, hour, now time.Time) (recorded int, more bool, err error) {
	ctx, cancel := context.WithTimeout(ctx, w.opts.PageTimeout)
	defer cancel()
	var alerts []Alert
	err = w.store.InTx(ctx, func(tx Tx) error {
		alerts, more = nil, false
		pass, ok, err := tx.LockPass(ctx, hour)
		if err != nil || !ok || pass.Done {
			return err
		}
		rows, err := tx.VideoHours(ctx, hour, pass.After, w.opts.Rule.MinPlays, w.opts.PageSize)
		if err != nil {
			return err
		}
		if alerts, err = w.judge(ctx, tx, rows, now, false); err != nil {
			return err
		}
		if len(rows) > 0 {
			last := rows[len(rows)-1]
			pass.After = Key{AccountID: last.AccountID, VideoID: last.VideoID}
		}
		pass.Done = len(rows) < w.opts.PageSize
		more = !pass.Done
		return tx.SavePass(ctx, pass)
	})
	if err != nil {
		return 0, false, err
	}
	count(alerts)
	return len(alerts), more, nil
}

// openPages judges up to budget pages of the hour under way, from where
// the last tick stopped; a pass that reaches the end starts over at the
// next tick.
func (w *Watcher) openPages(ctx context.Context, now time.Time, budget int) (int, error) {
	hour := now.Truncate(Window)
	if !w.open.Hour.Equal(hour) || w.open.Done {
		w.open = Pass{Hour: hour}
	}
	recorded := 0
	for ; budget > 0 && !w.open.Done; budget-- {
		n, err := w.openPage(ctx, now)
		recorded += n
		if err != nil {
			return recorded, err
		}
	}
	return recorded, nil
}

func (w *Watcher) openPage(ctx context.Context, now time.Time) (int, error) {
	ctx, cancel := context.WithTimeout(ctx, w.opts.PageTimeout)
	defer cancel()
	var alerts []Alert
	var rows []VideoHour
	err := w.store.InTx(ctx, func(tx Tx) error {
		var err error
		if rows, err = tx.VideoHours(ctx, w.open.Hour, w.open.After, w.opts.Rule.MinPlays, w.opts.PageSize); err != nil {
			return err
		}
		alerts, err = w.judge(ctx, tx, rows, now, true)
		return err
	})
	if err != nil {
		return 0, err
	}
	if len(rows) > 0 {
		last := rows[len(rows)-1]
		w.open.After = Key{AccountID: last.AccountID, VideoID: last.VideoID}
	}
	w.open.Done = len(rows) < w.opts.PageSize
	count(alerts)
	return len(alerts), nil
}

// judge records an alert for each of rows the rule finds bad, unless its
// hour was announced before, and returns those it recorded.
func (w *Watcher) judge(ctx context.Context, tx Tx, rows []VideoHour, now time.Time, partial bool) ([]Alert, error) {
	var recorded []Alert
	for _, row := range rows {
		figures, conditions := w.opts.Rule.Judge(row.Totals)
		if len(conditions) == 0 {
			continue
		}
		a := Alert{ID: EventID(row.AccountID, row.VideoID, row.Hour), AccountID: row.AccountID, VideoID: row.VideoID,
			Hour: row.Hour, Judged: now, Figures: figures, Conditions: conditions, Rule: w.opts.Rule, Partial: partial}
		inserted, err := tx.RecordAlert(ctx, a)
		if err != nil {
			return nil, err
		}
		if inserted {
			recorded = append(recorded, a)
		}
	}
	return recorded, nil
}

// count adds committed alerts to the metric, by condition.
func count(alerts []Alert) {
	for _, a := range alerts {
		for _, c := range a.Conditions {
			metrics.ExperienceAlerts.WithLabelValues(c).Inc()
		}
	}
}

// forget deletes what is older than Retention, at most every forgetEvery.
func (w *Watcher) forget(ctx context.Context, now time.Time) {
	if now.Sub(w.lastForget) < forgetEvery {
		return
	}
	if err := w.store.Forget(ctx, now.Add(-Retention)); err != nil {
		w.logger.Warn("experience alerts: forget old hours", "error", err)
		return
	}
	w.lastForget = now
}
