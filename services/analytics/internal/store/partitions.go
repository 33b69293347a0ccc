package store

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"github.com/vidhost/vidhost/services/analytics/internal/views"
)

const partitionPrefix = "view_events_"

// partitionName is the table holding day's raw events.
func partitionName(day time.Time) string { return partitionPrefix + day.Format("20060102") }

// ensurePartitions creates the day partitions events need, once per day
// per process (CREATE TABLE IF NOT EXISTS, with its race lost taken as
// success, makes racing storers and replicas harmless).
func (s *Store) ensurePartitions(ctx context.Context, events []views.Event) error {
	for _, e := range events {
		day := e.Day()
		name := partitionName(day)
		s.mu.Lock()
		known := s.partitions[name]
		s.mu.Unlock()
		if known {
			continue
		}
		_, err := s.pool.Exec(ctx, fmt.Sprintf(`CREATE TABLE IF NOT EXISTS %s PARTITION OF view_events FOR VALUES FROM ('%s') TO ('%s')`,
			pgx.Identifier{name}.Sanitize(), day.Format(time.DateOnly), day.AddDate(0, 0, 1).Format(time.DateOnly)))
		if err != nil && !createdConcurrently(err) {
			return fmt.Errorf("store: partition %s: %w", name, err)
		}
		s.mu.Lock()
		s.partitions[name] = true
		s.mu.Unlock()
	}
	return nil
}

// createdConcurrently reports whether err is CREATE TABLE IF NOT EXISTS
// losing a race with another storer creating the same partition: IF NOT
// EXISTS checks before it creates, so the loser meets the winner's table
// (duplicate_table) or its row type (a unique violation in pg_type). The
// partition is there either way.
func createdConcurrently(err error) bool {
	var pgErr *pgconn.PgError
	return errors.As(err, &pgErr) && (pgErr.Code == duplicateTable || pgErr.Code == uniqueViolation)
}

// duplicateTable is PostgreSQL's duplicate_table SQLSTATE.
const duplicateTable = "42P07"

// DropEventsBefore drops the partitions of days before day and the replay
// state older than the replay window.
func (s *Store) DropEventsBefore(ctx context.Context, day time.Time) ([]string, error) {
	rows, err := s.pool.Query(ctx, `
		SELECT c.relname FROM pg_inherits i
		JOIN pg_class c ON c.oid = i.inhrelid
		JOIN pg_class p ON p.oid = i.inhparent
		WHERE p.oid = 'view_events'::regclass`)
	if err != nil {
		return nil, fmt.Errorf("store: list partitions: %w", err)
	}
	names, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return nil, fmt.Errorf("store: list partitions: %w", err)
	}
	cutoff := partitionName(views.DayOf(day))
	var dropped []string
	for _, name := range names {
		// The names sort as their days do (view_events_YYYYMMDD).
		if !strings.HasPrefix(name, partitionPrefix) || len(name) != len(cutoff) || name >= cutoff {
			continue
		}
		if _, err := s.pool.Exec(ctx, "DROP TABLE IF EXISTS "+pgx.Identifier{name}.Sanitize()); err != nil {
			return dropped, fmt.Errorf("store: drop %s: %w", name, err)
		}
		s.mu.Lock()
		delete(s.partitions, name)
		s.mu.Unlock()
		dropped = append(dropped, name)
	}
	if _, err := s.pool.Exec(ctx, `DELETE FROM viewer_windows WHERE counted_time < now() - make_interval(secs => $1)`,
		views.ReplayWindow.Seconds()); err != nil {
		return dropped, fmt.Errorf("store: replay state: %w", err)
	}
	return dropped, nil
}
