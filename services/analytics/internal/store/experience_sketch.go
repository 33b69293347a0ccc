package store

import (
	"context"
	"fmt"
	"strings"

	"github.com/jackc/pgx/v5"

	"github.com/vidhost/vidhost/services/analytics/internal/views"
)

// sketchRows are the rows of one table with sketches that got new startup
// times, in key order, and once read, those whose stored sketch needs them
// merged in, with the merge.
type sketchRows struct {
	*tableRows
	rows   []*tableRow
	merged [][]byte
}

// mergeSketches merges the new startup times of every row that had some
// before into its stored sketch. experienceStatement has written the new
// sketch of each row that had none and kept the others', holding every
// row's lock to the commit, so no other storer changes them between this
// read and this write. PostgreSQL cannot merge a DDSketch: the rows'
// sketches are read, merged in Go and written back, two statements for
// every table at once, the second only when some row needs it.
func mergeSketches(ctx context.Context, tx pgx.Tx, tables []*tableRows) error {
	var pending []sketchRows
	found := false
	for _, t := range tables {
		if !t.table.sketch {
			continue
		}
		s := sketchRows{tableRows: t}
		for i := range t.rows {
			if len(t.rows[i].startups) > 0 {
				s.rows = append(s.rows, &t.rows[i])
			}
		}
		found = found || len(s.rows) > 0
		pending = append(pending, s)
	}
	if !found {
		return nil
	}
	merges, err := readSketches(ctx, tx, pending)
	if err != nil || merges == 0 {
		return err
	}
	return writeSketches(ctx, tx, pending)
}

// keyArrays are s's rows' key columns as unnest's arguments, from
// parameter first on, with the SQL that unnests them as k(<key columns>,
// extra).
func (s sketchRows) keyArrays(first int, extra string, extraArg any) (string, []any) {
	keys := make([]*xpCell, len(s.rows))
	for i, row := range s.rows {
		keys[i] = row.key
	}
	args := append(s.table.keyArrays(keys), extraArg)
	types := append(s.table.keyTypes(), extra)
	params := make([]string, len(types))
	for i, typ := range types {
		params[i] = fmt.Sprintf("$%d::%s[]", first+i, typ)
	}
	return fmt.Sprintf("unnest(%s) AS k(%s, extra)", strings.Join(params, ", "), strings.Join(s.table.keyColumns(), ", ")), args
}

// readSketches reads the stored sketch of every pending row. A row whose
// stored count of startup times is its new ones' had none before and took
// the new sketch in the upsert; the stored sketch of any other is merged
// with the new times. It leaves in pending only the rows to write, with
// their merges, and counts them.
func readSketches(ctx context.Context, tx pgx.Tx, pending []sketchRows) (merged int, err error) {
	var parts []string
	var args []any
	for i, s := range pending {
		indexes := make([]int32, len(s.rows))
		for j := range indexes {
			indexes[j] = int32(j) //nolint:gosec // G115: a batch is far below 2^31 rows
		}
		from, more := s.keyArrays(len(args)+1, "int4", indexes)
		args = append(args, more...)
		parts = append(parts, fmt.Sprintf("SELECT %d, k.extra, r.startups, r.startup_sketch FROM %s JOIN %s r USING (%s)",
			i, from, s.table.table, strings.Join(s.table.keyColumns(), ", ")))
	}
	result, err := tx.Query(ctx, strings.Join(parts, "\nUNION ALL\n"), args...)
	if err != nil {
		return 0, fmt.Errorf("startup sketches: %w", err)
	}
	sketches := make([][][]byte, len(pending))
	for i, s := range pending {
		sketches[i] = make([][]byte, len(s.rows))
	}
	var table, row int32
	var startups int64
	var stored []byte
	_, err = pgx.ForEachRow(result, []any{&table, &row, &startups, &stored}, func() error {
		if times := pending[table].rows[row].startups; startups != int64(len(times)) {
			sketch := views.NewStartupSketch()
			if err := sketch.Merge(stored); err != nil {
				return err
			}
			for _, ms := range times {
				sketch.Add(ms)
			}
			sketches[table][row] = sketch.Encode()
			merged++
		}
		return nil
	})
	if err != nil {
		return 0, fmt.Errorf("startup sketches: %w", err)
	}
	for i := range pending {
		pending[i].keepMerged(sketches[i])
	}
	return merged, nil
}

// keepMerged keeps the rows that have a merge in merged (by row), with it.
func (s *sketchRows) keepMerged(merged [][]byte) {
	kept := s.rows[:0]
	for r, sketch := range merged {
		if sketch != nil {
			kept, s.merged = append(kept, s.rows[r]), append(s.merged, sketch)
		}
	}
	s.rows = kept
}

// writeSketches writes the merged sketches of pending back.
func writeSketches(ctx context.Context, tx pgx.Tx, pending []sketchRows) error {
	var query strings.Builder
	query.WriteString("WITH ")
	var args []any
	for i, s := range pending {
		from, more := s.keyArrays(len(args)+1, "bytea", s.merged)
		args = append(args, more...)
		match := make([]string, 0, 2+len(s.table.dims))
		for _, col := range s.table.keyColumns() {
			match = append(match, fmt.Sprintf("r.%[1]s = k.%[1]s", col))
		}
		if i > 0 {
			query.WriteString(", ")
		}
		fmt.Fprintf(&query, "s%d AS (UPDATE %s r SET startup_sketch = k.extra FROM %s WHERE %s)\n",
			i, s.table.table, from, strings.Join(match, " AND "))
	}
	query.WriteString("SELECT 1")
	if _, err := tx.Exec(ctx, query.String(), args...); err != nil {
		return fmt.Errorf("startup sketches: %w", err)
	}
	return nil
}
