package store

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/vidhost/vidhost/services/analytics/internal/views"
)

// sketchKeys are, for one roll-up table, the rows that get new startup
// times: their key columns as arrays (account, day, then the table's
// dims), and the times per row.
type sketchKeys struct {
	table    rollup
	index    map[string]int
	accounts []string
	days     []time.Time
	dims     [][]string
	startups [][]float64
}

// mergeSketches merges x's new startup times into the startup_sketch of
// every experience roll-up row they belong to: it reads the rows' sketches
// (the upsert before it holds their locks until the commit, so no other
// storer changes them meanwhile), merges in Go (PostgreSQL cannot merge a
// DDSketch) and writes them back: two statements for every table at once.
func mergeSketches(ctx context.Context, tx pgx.Tx, x experience) error {
	tables := make([]*sketchKeys, len(xpRollups))
	for i, r := range xpRollups {
		tables[i] = &sketchKeys{table: r, index: map[string]int{}, dims: make([][]string, len(r.dims))}
	}
	found := false
	for _, c := range x.order {
		if startups := x.cells[c].startups; len(startups) > 0 {
			found = true
			for _, t := range tables {
				t.add(c, startups)
			}
		}
	}
	if !found {
		return nil
	}
	sketches, err := readSketches(ctx, tx, tables)
	if err != nil {
		return err
	}
	return writeSketches(ctx, tx, tables, sketches)
}

// add records startups for the row of t that holds cell c.
func (t *sketchKeys) add(c xpCell, startups []float64) {
	var key strings.Builder
	key.WriteString(c.accountID + "\x00" + c.day.Format(time.DateOnly))
	for _, d := range t.table.dims {
		key.WriteString("\x00" + c.dim(d))
	}
	i, ok := t.index[key.String()]
	if !ok {
		i = len(t.accounts)
		t.index[key.String()] = i
		t.accounts, t.days = append(t.accounts, c.accountID), append(t.days, c.day)
		for j, d := range t.table.dims {
			t.dims[j] = append(t.dims[j], c.dim(d))
		}
		t.startups = append(t.startups, nil)
	}
	t.startups[i] = append(t.startups[i], startups...)
}

// keyArrays are t's key columns as unnest's arguments, from parameter
// first on, with the SQL that unnests them as k(<key columns>[, extra]).
func (t *sketchKeys) keyArrays(first int, extra string, extraArg any) (string, []any) {
	types := []string{"text", "date"}
	args := []any{t.accounts, t.days}
	for _, d := range t.dims {
		types, args = append(types, "text"), append(args, d)
	}
	columns := t.table.keyColumns()
	if extra != "" {
		types, args = append(types, extra), append(args, extraArg)
		columns += ", extra"
	}
	params := make([]string, len(types))
	for i, typ := range types {
		params[i] = fmt.Sprintf("$%d::%s[]", first+i, typ)
	}
	return fmt.Sprintf("unnest(%s) AS k(%s)", strings.Join(params, ", "), columns), args
}

// readSketches returns the stored sketch of every row of tables, by table
// and row (nil: none yet).
func readSketches(ctx context.Context, tx pgx.Tx, tables []*sketchKeys) ([][][]byte, error) {
	var parts []string
	var args []any
	stored := make([][][]byte, len(tables))
	for i, t := range tables {
		stored[i] = make([][]byte, len(t.accounts))
		rows := make([]int32, len(t.accounts))
		for j := range rows {
			rows[j] = int32(j) //nolint:gosec // G115: a batch is far below 2^31 rows
		}
		from, more := t.keyArrays(len(args)+1, "int4", rows)
		args = append(args, more...)
		parts = append(parts, fmt.Sprintf("SELECT %d, k.extra, r.startup_sketch FROM %s JOIN %s r USING (%s)",
			i, from, t.table.table, t.table.keyColumns()))
	}
	result, err := tx.Query(ctx, strings.Join(parts, "\nUNION ALL\n"), args...)
	if err != nil {
		return nil, fmt.Errorf("startup sketches: %w", err)
	}
	var table, row int32
	var sketch []byte
	_, err = pgx.ForEachRow(result, []any{&table, &row, &sketch}, func() error {
		stored[table][row] = append([]byte(nil), sketch...)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("startup sketches: %w", err)
	}
	return stored, nil
}

// writeSketches merges each row's new startup times into its stored sketch
// and writes it back.
func writeSketches(ctx context.Context, tx pgx.Tx, tables []*sketchKeys, stored [][][]byte) error {
	var query strings.Builder
	query.WriteString("WITH ")
	var args []any
	for i, t := range tables {
		merged := make([][]byte, len(t.accounts))
		for j, startups := range t.startups {
			sketch := views.NewStartupSketch()
			if err := sketch.Merge(stored[i][j]); err != nil {
				return err
			}
			for _, ms := range startups {
				sketch.Add(ms)
			}
			merged[j] = sketch.Encode()
		}
		from, more := t.keyArrays(len(args)+1, "bytea", merged)
		args = append(args, more...)
		match := make([]string, 0, 2+len(t.table.dims))
		for _, col := range strings.Split(t.table.keyColumns(), ", ") {
			match = append(match, fmt.Sprintf("r.%[1]s = k.%[1]s", col))
		}
		if i > 0 {
			query.WriteString(", ")
		}
		fmt.Fprintf(&query, "s%d AS (UPDATE %s r SET startup_sketch = k.extra FROM %s WHERE %s)\n",
			i, t.table.table, from, strings.Join(match, " AND "))
	}
	query.WriteString("SELECT 1")
	if _, err := tx.Exec(ctx, query.String(), args...); err != nil {
		return fmt.Errorf("startup sketches: %w", err)
	}
	return nil
}
