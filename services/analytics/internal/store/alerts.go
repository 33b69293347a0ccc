package store

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/vidhost/vidhost/pkg/outbox"
	"github.com/vidhost/vidhost/services/analytics/internal/alerts"
	"github.com/vidhost/vidhost/services/analytics/internal/events"
	"github.com/vidhost/vidhost/services/analytics/internal/views"
)

// The experience alerts' storage (migration 00009, docs/analytics.md,
// "Alerts"): the hourly roll-up the ingest keeps, the passes over closed
// hours and the alerts announced, each with its event in the outbox. These
// are the service's only queries across accounts: the watcher judges every
// account's videos, and each row it reads or writes names its account.

var _ alerts.Store = (*Store)(nil)

// InTx runs fn in one transaction.
func (s *Store) InTx(ctx context.Context, fn func(alerts.Tx) error) error {
	return pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error { return fn(alertTx{tx}) })
}

// DoneHours returns the hours from since on whose pass is done.
func (s *Store) DoneHours(ctx context.Context, since time.Time) ([]time.Time, error) {
	rows, err := s.pool.Query(ctx, `SELECT hour FROM experience_checks WHERE hour >= $1 AND done ORDER BY hour`, since)
	if err != nil {
		return nil, fmt.Errorf("store: alert passes: %w", err)
	}
	hours, err := pgx.CollectRows(rows, pgx.RowTo[time.Time])
	if err != nil {
		return nil, fmt.Errorf("store: alert passes: %w", err)
	}
	for i := range hours {
		hours[i] = hours[i].UTC()
	}
	return hours, nil
}

// Forget deletes the hourly sums, passes and alerts of hours before
// before; each key leads with the hour, so each delete is a range.
func (s *Store) Forget(ctx context.Context, before time.Time) error {
	for _, table := range []string{"xp_hourly_video", "experience_checks", "experience_alerts"} {
		if _, err := s.pool.Exec(ctx, "DELETE FROM "+table+" WHERE hour < $1", before); err != nil {
			return fmt.Errorf("store: forget %s: %w", table, err)
		}
	}
	return nil
}

// alertTx is one transaction of the watcher.
type alertTx struct{ tx pgx.Tx }

// LockPass creates hour's pass if new and takes it, skipping it when
// another transaction holds it: two replicas never judge one page, and
// neither waits for the other.
func (t alertTx) LockPass(ctx context.Context, hour time.Time) (alerts.Pass, bool, error) {
	if _, err := t.tx.Exec(ctx, `INSERT INTO experience_checks (hour) VALUES ($1) ON CONFLICT (hour) DO NOTHING`, hour); err != nil {
		return alerts.Pass{}, false, fmt.Errorf("store: alert pass: %w", err)
	}
	p := alerts.Pass{Hour: hour}
	err := t.tx.QueryRow(ctx, `SELECT after_account, after_video, done FROM experience_checks WHERE hour = $1 FOR UPDATE SKIP LOCKED`,
		hour).Scan(&p.After.AccountID, &p.After.VideoID, &p.Done)
	if errors.Is(err, pgx.ErrNoRows) {
		return alerts.Pass{}, false, nil
	}
	if err != nil {
		return alerts.Pass{}, false, fmt.Errorf("store: alert pass: %w", err)
	}
	return p, true, nil
}

// SavePass stores p's progress.
func (t alertTx) SavePass(ctx context.Context, p alerts.Pass) error {
	_, err := t.tx.Exec(ctx, `UPDATE experience_checks SET after_account = $2, after_video = $3, done = $4, updated_time = now()
		WHERE hour = $1`, p.Hour, p.After.AccountID, p.After.VideoID, p.Done)
	if err != nil {
		return fmt.Errorf("store: alert pass: %w", err)
	}
	return nil
}

// VideoHours reads a page of hour's rows with at least minPlays plays, in
// key order after after.
func (t alertTx) VideoHours(ctx context.Context, hour time.Time, after alerts.Key, minPlays int64, limit int) ([]alerts.VideoHour, error) {
	rows, err := t.tx.Query(ctx, `
		SELECT account_id, video_id, views, failed_starts, fatal_errors, startup_sketch FROM xp_hourly_video
		WHERE hour = $1 AND (account_id, video_id) > ($2, $3) AND views + failed_starts >= $4
		ORDER BY account_id, video_id LIMIT $5`, hour, after.AccountID, after.VideoID, minPlays, limit)
	if err != nil {
		return nil, fmt.Errorf("store: video hours: %w", err)
	}
	var out []alerts.VideoHour
	var sketch []byte
	row := alerts.VideoHour{Hour: hour}
	_, err = pgx.ForEachRow(rows, []any{&row.AccountID, &row.VideoID, &row.Totals.Views, &row.Totals.FailedStarts,
		&row.Totals.FatalErrors, &sketch}, func() error {
		v := row
		v.Totals.Startup = views.NewStartupSketch()
		if err := v.Totals.Startup.Merge(sketch); err != nil {
			return err
		}
		out = append(out, v)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("store: video hours: %w", err)
	}
	return out, nil
}

// RecordAlert stores a, and its event in the outbox, unless the video's
// hour has an alert already.
func (t alertTx) RecordAlert(ctx context.Context, a alerts.Alert) (bool, error) {
	tag, err := t.tx.Exec(ctx, `INSERT INTO experience_alerts (hour, account_id, video_id, event_id, conditions, partial, created_time)
		VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (hour, account_id, video_id) DO NOTHING`,
		a.Hour, a.AccountID, a.VideoID, a.ID, a.Conditions, a.Partial, a.Judged)
	if err != nil {
		return false, fmt.Errorf("store: record alert: %w", err)
	}
	if tag.RowsAffected() == 0 {
		return false, nil
	}
	msg, err := events.AlertMessage(a)
	if err != nil {
		return false, err
	}
	return true, outbox.Enqueue(ctx, t.tx, msg)
}
