package store

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"github.com/vidhost/vidhost/services/analytics/internal/views"
)

// replay is the replay rule's verdict on a batch: the ids of the plays
// that count, and the viewers' new window starts with their keys.
type replay struct {
	counted map[string]bool
	moved   map[views.ViewerKey]time.Time
	keys    map[views.ViewerKey]int64 // ViewerKey.Hash, computed once
}

// countPlays applies the replay rule to the plays among events (all
// assumed new) with their viewers' windows, which it reads and locks.
func countPlays(ctx context.Context, tx pgx.Tx, events []views.Event) (replay, error) {
	plays := make([]views.Event, 0, len(events))
	for _, e := range events {
		if e.Type == views.TypePlay {
			plays = append(plays, e)
		}
	}
	if len(plays) == 0 {
		return replay{}, nil
	}
	keys := viewerKeys(plays)
	if err := claimWindows(ctx, tx, keys); err != nil {
		return replay{}, err
	}
	last, err := lastCounted(ctx, tx, keys)
	if err != nil {
		return replay{}, err
	}
	counted, moved := views.CountViews(plays, last)
	return replay{counted: counted, moved: moved, keys: keys}, nil
}

// viewerKeys hashes the replay windows of every play (views.WindowKeys:
// its view ticket's and its viewer's).
func viewerKeys(plays []views.Event) map[views.ViewerKey]int64 {
	keys := make(map[views.ViewerKey]int64, 2*len(plays))
	for _, p := range plays {
		for _, key := range views.WindowKeys(p) {
			if _, ok := keys[key]; !ok {
				keys[key] = key.Hash()
			}
		}
	}
	return keys
}

// claimWindows makes sure every window of keys has a row to lock, adding
// the missing ones with a start long past (no counted view yet). Without
// it, a viewer's first plays stored by two storers at once (one viewer,
// two page loads, two lanes) would lock nothing, both find no window, and
// both count. A concurrent insert of the same key waits for the inserting
// transaction to end, so the second storer then reads the first one's
// window; keys go in order, so two storers wait for each other, never
// deadlock.
func claimWindows(ctx context.Context, tx pgx.Tx, keys map[views.ViewerKey]int64) error {
	hashes := make([]int64, 0, len(keys))
	accounts := make([]string, 0, len(keys))
	for key, h := range keys {
		hashes, accounts = append(hashes, h), append(accounts, key.AccountID)
	}
	_, err := tx.Exec(ctx, `
		INSERT INTO viewer_windows (viewer_key, account_id, counted_time)
		SELECT k, a, 'epoch' FROM unnest($1::bigint[], $2::text[]) AS w(k, a) ORDER BY k
		ON CONFLICT (viewer_key) DO NOTHING`, hashes, accounts)
	if err != nil {
		return fmt.Errorf("replay state: claim windows: %w", err)
	}
	return nil
}

// lastCounted reads, and locks, the replay windows of keys. It looks them
// up by hash alone: the hash covers the account, and a collision must merge
// two windows (a view lost) rather than let one overwrite the other
// unseen (a view counted twice). It locks them in key order: two storers
// may share a viewer's window (their parts are split by ticket), and
// taking locks in one order means they wait for each other, never
// deadlock.
func lastCounted(ctx context.Context, tx pgx.Tx, keys map[views.ViewerKey]int64) (map[views.ViewerKey]time.Time, error) {
	last := map[views.ViewerKey]time.Time{}
	if len(keys) == 0 {
		return last, nil
	}
	hashes := make([]int64, 0, len(keys))
	for _, h := range keys {
		hashes = append(hashes, h)
	}
	rows, err := tx.Query(ctx, `
		SELECT viewer_key, counted_time FROM viewer_windows
		WHERE viewer_key = ANY($1::bigint[])
		ORDER BY viewer_key
		FOR UPDATE`, hashes)
	if err != nil {
		return nil, fmt.Errorf("replay state: %w", err)
	}
	byHash := map[int64]time.Time{}
	var hash int64
	var at time.Time
	if _, err := pgx.ForEachRow(rows, []any{&hash, &at}, func() error { byHash[hash] = at; return nil }); err != nil {
		return nil, fmt.Errorf("replay state: %w", err)
	}
	for key, h := range keys {
		if at, ok := byHash[h]; ok {
			last[key] = at
		}
	}
	return last, nil
}

// copyEvents COPYs events, with whether each counts, into view_events
// (PostgreSQL routes each row to its day's partition). An event stored
// before breaks the primary key and the COPY: errStoredBefore.
func copyEvents(ctx context.Context, tx pgx.Tx, events []views.Event, counted map[string]bool) error {
	source := &eventRows{events: events, counted: counted, row: make([]any, len(eventColumns)), at: -1}
	_, err := tx.CopyFrom(ctx, pgx.Identifier{"view_events"}, eventColumns, source)
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) && pgErr.Code == uniqueViolation {
		return errStoredBefore
	}
	if err != nil {
		return fmt.Errorf("copy: %w", err)
	}
	return nil
}

// uniqueViolation is PostgreSQL's unique_violation SQLSTATE.
const uniqueViolation = "23505"

// withoutStored is events less those an earlier delivery stored.
func withoutStored(ctx context.Context, tx pgx.Tx, events []views.Event) ([]views.Event, error) {
	days := make([]time.Time, len(events))
	ids := make([]string, len(events))
	for i, e := range events {
		days[i], ids[i] = e.Day(), e.ID
	}
	rows, err := tx.Query(ctx, `
		SELECT e.event_id FROM view_events e
		JOIN unnest($1::date[], $2::text[]) AS k(day, event_id) ON e.day = k.day AND e.event_id = k.event_id`, days, ids)
	if err != nil {
		return nil, fmt.Errorf("stored events: %w", err)
	}
	stored, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return nil, fmt.Errorf("stored events: %w", err)
	}
	isStored := make(map[string]bool, len(stored))
	for _, id := range stored {
		isStored[id] = true
	}
	fresh := make([]views.Event, 0, len(events)-len(stored))
	for _, e := range events {
		if !isStored[e.ID] {
			fresh = append(fresh, e)
		}
	}
	return fresh, nil
}
