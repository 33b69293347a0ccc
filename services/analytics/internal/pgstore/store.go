package pgstore

import (
	"context"
	"fmt"
	"sync"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/vidhost/vidhost/services/analytics/internal/views"
)

// Store is the PostgreSQL views.Store.
type Store struct {
	pool *pgxpool.Pool

	mu         sync.Mutex
	partitions map[string]bool // partitions known to exist
}

var _ views.Store = (*Store)(nil)

// New returns a Store over pool, whose search path is the service's schema.
func New(pool *pgxpool.Pool) *Store {
	return &Store{pool: pool, partitions: map[string]bool{}}
}

// eventColumns are the staging table's columns, in COPY order.
var eventColumns = []string{"day", "event_id", "account_id", "occurred_time", "type", "video_id", "player_id",
	"viewer_id", "domain", "country", "device", "browser", "position"}

// Ingest stores events in one transaction: COPY into the staging table, an
// INSERT ... ON CONFLICT DO NOTHING into the partitioned table that returns
// only the events not stored before, the replay rule over the new plays,
// and the roll-up increments of the plays that count. A redelivered batch
// finds its events stored and changes nothing.
func (s *Store) Ingest(ctx context.Context, events []views.Event) (views.IngestResult, error) {
	if len(events) == 0 {
		return views.IngestResult{}, nil
	}
	if err := s.ensurePartitions(ctx, events); err != nil {
		return views.IngestResult{}, err
	}
	var result views.IngestResult
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		fresh, err := insertNew(ctx, tx, events)
		if err != nil {
			return err
		}
		result.Stored = len(fresh)
		result.Views, err = countAndRollUp(ctx, tx, fresh)
		return err
	})
	if err != nil {
		return views.IngestResult{}, fmt.Errorf("pgstore: ingest %d events: %w", len(events), err)
	}
	return result, nil
}

// insertNew copies events into the partitioned table and returns those
// that were not there yet.
func insertNew(ctx context.Context, tx pgx.Tx, events []views.Event) ([]views.Event, error) {
	rows := make([][]any, len(events))
	for i, e := range events {
		rows[i] = []any{e.Day(), e.ID, e.AccountID, e.Time, e.Type, e.VideoID, e.PlayerID, e.ViewerID,
			e.Domain, e.Country, e.Device, e.Browser, e.Position}
	}
	if _, err := tx.CopyFrom(ctx, pgx.Identifier{"view_events_staging"}, eventColumns, pgx.CopyFromRows(rows)); err != nil {
		return nil, fmt.Errorf("copy: %w", err)
	}
	inserted, err := tx.Query(ctx, `
		INSERT INTO view_events SELECT DISTINCT ON (day, event_id) * FROM view_events_staging
		ON CONFLICT (day, event_id) DO NOTHING
		RETURNING event_id`)
	if err != nil {
		return nil, fmt.Errorf("insert: %w", err)
	}
	newIDs, err := pgx.CollectRows(inserted, pgx.RowTo[string])
	if err != nil {
		return nil, fmt.Errorf("insert: %w", err)
	}
	// Only this transaction's rows are visible to it: no other batch is touched.
	if _, err := tx.Exec(ctx, `DELETE FROM view_events_staging`); err != nil {
		return nil, fmt.Errorf("staging: %w", err)
	}
	isNew := make(map[string]bool, len(newIDs))
	for _, id := range newIDs {
		isNew[id] = true
	}
	fresh := make([]views.Event, 0, len(newIDs))
	for _, e := range events {
		if isNew[e.ID] {
			fresh = append(fresh, e)
			delete(isNew, e.ID) // a duplicate within the batch is new once
		}
	}
	return fresh, nil
}
