package store

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/vidhost/vidhost/services/analytics/internal/views"
)

// sketchKeys are, for one table with startup sketches, the rows that get
// new startup times: their key columns as arrays (account, the time
// column, then the table's dims), and the times per row.
type sketchKeys struct {
	table string
	// columns are the key columns: account_id, the time column, the dims.
	columns []string
	// timeType is the time column's SQL type: date for the daily
	// roll-ups, timestamptz for xp_hourly_video's hour.
	timeType string
	index    map[string]int
	accounts []string
	times    []time.Time
	dims     [][]string
	startups [][]float64
}

// dailySketchKeys are the rows of the daily experience roll-up r.
func dailySketchKeys(r rollup) *sketchKeys {
	return &sketchKeys{table: r.table, columns: append([]string{"account_id", "day"}, r.dims...), timeType: "date",
		index: map[string]int{}, dims: make([][]string, len(r.dims))}
}

// hourlySketchKeys are the rows of xp_hourly_video.
func hourlySketchKeys() *sketchKeys {
	return &sketchKeys{table: "xp_hourly_video", columns: []string{"account_id", "hour", "video_id"}, timeType: "timestamptz",
		index: map[string]int{}, dims: make([][]string, 1)}
}

// mergeSketches merges x's new startup times into the startup_sketch of
// every experience roll-up row they belong to, hourly ones included: it
// reads the rows' sketches (the upsert before it holds their locks until
// the commit, so no other storer changes them meanwhile), merges in Go
// (PostgreSQL cannot merge a DDSketch) and writes them back: two
// statements for every table at once.
func mergeSketches(ctx context.Context, tx pgx.Tx, x experience) error {
	tables := make([]*sketchKeys, 0, len(xpRollups)+1)
	for _, r := range xpRollups {
		tables = append(tables, dailySketchKeys(r))
	}
	found := false
	for _, c := range x.order {
		if startups := x.cells[c].startups; len(startups) > 0 {
			found = true
			for i, t := range tables {
				t.add(c.accountID, c.day, cellDimsOf(c, xpRollups[i].dims), startups)
			}
		}
	}
	if !found {
		return nil
	}
	hourly := hourlySketchKeys()
	for _, c := range x.hourOrder {
		if startups := x.hours[c].startups; len(startups) > 0 {
			hourly.add(c.accountID, c.hour, []string{c.videoID}, startups)
		}
	}
	tables = append(tables, hourly)
	sketches, err := readSketches(ctx, tx, tables)
	if err != nil {
		return err
	}
	return writeSketches(ctx, tx, tables, sketches)
}

// cellDimsOf is c's values of dims.
func cellDimsOf(c xpCell, dims []string) []string {
	out := make([]string, len(dims))
	for i, d := range dims {
		out[i] = c.dim(d)
	}
	return out
}

// add records startups for the row of t keyed by account, at and dims.
func (t *sketchKeys) add(account string, at time.Time, dims []string, startups []float64) {
	var key strings.Builder
	key.WriteString(account + "\x00" + at.Format(time.RFC3339))
	for _, d := range dims {
		key.WriteString("\x00" + d)
	}
	i, ok := t.index[key.String()]
	if !ok {
		i = len(t.accounts)
		t.index[key.String()] = i
		t.accounts, t.times = append(t.accounts, account), append(t.times, at)
		for j, d := range dims {
			t.dims[j] = append(t.dims[j], d)
		}
		t.startups = append(t.startups, nil)
	}
	t.startups[i] = append(t.startups[i], startups...)
}

// keyArrays are t's key columns as unnest's arguments, from parameter
// first on, with the SQL that unnests them as k(<key columns>[, extra]).
func (t *sketchKeys) keyArrays(first int, extra string, extraArg any) (string, []any) {
	types := []string{"text", t.timeType}
	args := []any{t.accounts, t.times}
	for _, d := range t.dims {
		types, args = append(types, "text"), append(args, d)
	}
	columns := strings.Join(t.columns, ", ")
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
			i, from, t.table, strings.Join(t.columns, ", ")))
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
		match := make([]string, 0, len(t.columns))
		for _, col := range t.columns {
			match = append(match, fmt.Sprintf("r.%[1]s = k.%[1]s", col))
		}
		if i > 0 {
			query.WriteString(", ")
		}
		fmt.Fprintf(&query, "s%d AS (UPDATE %s r SET startup_sketch = k.extra FROM %s WHERE %s)\n",
			i, t.table, from, strings.Join(match, " AND "))
	}
	query.WriteString("SELECT 1")
	if _, err := tx.Exec(ctx, query.String(), args...); err != nil {
		return fmt.Errorf("startup sketches: %w", err)
	}
	return nil
}
