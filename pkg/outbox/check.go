package outbox

import (
	"context"
	"fmt"
	"maps"
	"slices"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// expectedColumns is the shape Enqueue and Relay rely on.
var expectedColumns = map[string]string{
	"seq":            "bigint",
	"id":             "text",
	"subject":        "text",
	"payload":        "bytea",
	"created_time":   "timestamp with time zone",
	"trace_context":  "text",
	"published_time": "timestamp with time zone",
}

// CheckTable verifies that the pool's schema has an outbox table with the
// columns Migration creates. A service's tests call it after migrating to
// prove its copy of Migration matches.
func CheckTable(ctx context.Context, pool *pgxpool.Pool) error {
	rows, err := pool.Query(ctx, `SELECT column_name, data_type FROM information_schema.columns
		WHERE table_schema = current_schema() AND table_name = 'outbox'`)
	if err != nil {
		return fmt.Errorf("outbox: read table columns: %w", err)
	}
	type column struct{ Name, Type string }
	columns, err := pgx.CollectRows(rows, pgx.RowToStructByPos[column])
	if err != nil {
		return fmt.Errorf("outbox: read table columns: %w", err)
	}
	found := make(map[string]string, len(columns))
	for _, c := range columns {
		found[c.Name] = c.Type
	}
	for _, name := range slices.Sorted(maps.Keys(expectedColumns)) {
		if found[name] != expectedColumns[name] {
			return fmt.Errorf("outbox: table outbox: column %s is %q, want %q (copy outbox.Migration)", name, found[name], expectedColumns[name])
		}
	}
	return nil
}
