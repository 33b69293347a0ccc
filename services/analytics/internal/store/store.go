package store

import (
	"context"
	"errors"
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

// Ingest stores events in one transaction (ingest.go): the replay rule
// decides which new plays count before anything is written, the batch is
// COPYed into the partitioned table with that decision, and one statement
// adds the counted views to every roll-up and moves the replay windows. A
// redelivered batch finds its events stored and changes nothing.
//
// The first attempt assumes every event is new, which is true of all but
// redelivered batches. When some were stored before, the COPY breaks the
// primary key and the attempt is rolled back (the counting assumed those
// events new); the second attempt leaves out the events already stored and
// counts the others.
func (s *Store) Ingest(ctx context.Context, events []views.Event) (views.IngestResult, error) {
	events = uniqueByID(events)
	if len(events) == 0 {
		return views.IngestResult{}, nil
	}
	if err := s.ensurePartitions(ctx, events); err != nil {
		return views.IngestResult{}, err
	}
	result, err := s.ingestOnce(ctx, events, false)
	if errors.Is(err, errStoredBefore) {
		result, err = s.ingestOnce(ctx, events, true)
	}
	if err != nil {
		return views.IngestResult{}, fmt.Errorf("store: ingest %d events: %w", len(events), err)
	}
	return result, nil
}

// ingestOnce is one transaction of Ingest; skipStored first leaves out the
// events an earlier delivery stored.
func (s *Store) ingestOnce(ctx context.Context, events []views.Event, skipStored bool) (views.IngestResult, error) {
	var result views.IngestResult
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if skipStored {
			var err error
			if events, err = withoutStored(ctx, tx, events); err != nil || len(events) == 0 {
				return err
			}
		}
		verdict, err := countPlays(ctx, tx, events)
		if err != nil {
			return err
		}
		if err := copyEvents(ctx, tx, events, verdict.counted); err != nil {
			return err
		}
		result = views.IngestResult{Stored: len(events), Views: len(verdict.counted)}
		if err := rollUp(ctx, tx, incrementsOf(events, verdict)); err != nil {
			return err
		}
		return rollUpExperience(ctx, tx, experienceOf(events, verdict.counted))
	})
	return result, err
}

// errStoredBefore rolls back an attempt that found events stored by an
// earlier delivery (or, rarely, by a concurrent one: then the second
// attempt may meet it too, and the batch is retried later).
var errStoredBefore = errors.New("some events were stored before")

// uniqueByID is events without repeated ids (the first of each is kept):
// the same message delivered twice within one batch.
func uniqueByID(events []views.Event) []views.Event {
	seen := make(map[string]bool, len(events))
	out := make([]views.Event, 0, len(events))
	for _, e := range events {
		if !seen[e.ID] {
			seen[e.ID] = true
			out = append(out, e)
		}
	}
	return out
}
