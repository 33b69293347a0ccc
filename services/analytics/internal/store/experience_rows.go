package store

import (
	"cmp"
	"slices"
	"strings"
	"time"

	"github.com/vidhost/vidhost/services/analytics/internal/views"
)

// tableRow is what a batch adds to one row of an experience roll-up.
type tableRow struct {
	key      *xpCell  // a cell of the row: its values of the table's dimensions are the row's
	sums     [7]int64 // in the order of the table's sum columns
	startups []float64
}

// tableRows are what a batch adds to one experience roll-up: a row per
// key, summed in Go, in the table's lock order (xpTable.order). PostgreSQL
// then upserts each row once, without grouping and sorting thousands of
// finest cells per table, and every storer locks a table's rows in that
// same order.
type tableRows struct {
	table xpTable
	order []int // the table's lock order, as indexes into xpCell.dims
	rows  []tableRow
}

// experienceRows are x summed per row of every experience roll-up, in
// experienceTables' order. Cells are sorted once per sort order: a table
// whose lock order is a prefix of another's reads its runs off that
// table's sort.
func experienceRows(x experience) []*tableRows {
	sorted := make(map[int][]int32, len(experienceTables)) // by the table whose order sorted them
	out := make([]*tableRows, len(experienceTables))
	for i, table := range experienceTables {
		t := &tableRows{table: table, order: dimIndexes(table.order)}
		cells := x.cellsOf(table.cells)
		by := experienceSorts[i]
		if _, ok := sorted[by]; !ok {
			sorted[by] = sortCells(cells, dimIndexes(experienceTables[by].order))
		}
		switch table.cells {
		case finestCells:
			t.sum(cells, sorted[by], func(cell int, row *tableRow) { row.add(&x.incs[cell], true) })
		case hourCells:
			t.sum(cells, sorted[by], func(cell int, row *tableRow) { row.add(&x.hourIncs[cell], false) })
		case renditionCells:
			t.sum(cells, sorted[by], func(cell int, row *tableRow) {
				inc := &x.renditionIncs[cell]
				row.sums[0] += inc.watchedMS
				row.sums[1] += inc.stalls
				row.sums[2] += inc.stallMS
			})
		}
		out[i] = t
	}
	return out
}

// cellsOf are x's cells of kind.
func (x experience) cellsOf(kind cellKind) []xpCell {
	switch kind {
	case renditionCells:
		return x.renditionOrder
	case hourCells:
		return x.hourOrder
	}
	return x.order
}

// add adds inc to row: xpSums, or with watching false hourSums.
func (row *tableRow) add(inc *xpIncrement, watching bool) {
	sums := []int64{inc.views, inc.failedStarts, inc.fatalErrors, int64(len(inc.startups))}
	if watching {
		sums = []int64{inc.views, inc.failedStarts, inc.fatalErrors, inc.watchedMS, inc.stalls, inc.stallMS, int64(len(inc.startups))}
	}
	for i, v := range sums {
		row.sums[i] += v
	}
	row.startups = append(row.startups, inc.startups...)
}

// experienceSorts is, for each of experienceTables, the table whose sort
// of the cells it reads: the one of the same cells with the longest lock
// order of which its own is a prefix (itself, when none is longer).
var experienceSorts = func() []int {
	sorts := make([]int, len(experienceTables))
	for i, t := range experienceTables {
		sorts[i] = i
		for j, u := range experienceTables {
			if u.cells == t.cells && len(u.order) > len(experienceTables[sorts[i]].order) &&
				slices.Equal(u.order[:len(t.order)], t.order) {
				sorts[i] = j
			}
		}
	}
	return sorts
}()

func dimIndexes(dims []string) []int {
	indexes := make([]int, len(dims))
	for i, d := range dims {
		indexes[i] = dimIndex[d]
	}
	return indexes
}

// sortCells is the order of cells by account, period, then the dimensions
// order (byte order: it only has to be the same in every transaction).
func sortCells(cells []xpCell, order []int) []int32 {
	sorted := make([]int32, len(cells))
	for i := range sorted {
		sorted[i] = int32(i) //nolint:gosec // G115: a batch is far below 2^31 cells
	}
	slices.SortFunc(sorted, func(a, b int32) int { return compareCells(&cells[a], &cells[b], order) })
	return sorted
}

func compareCells(a, b *xpCell, order []int) int {
	if c := strings.Compare(a.accountID, b.accountID); c != 0 {
		return c
	}
	if c := cmp.Compare(a.period, b.period); c != 0 {
		return c
	}
	for _, i := range order {
		if c := strings.Compare(a.dims[i], b.dims[i]); c != 0 {
			return c
		}
	}
	return 0
}

// sum adds cells, taken in sorted order, to t's rows: each run of cells
// with the same key in t to one row.
func (t *tableRows) sum(cells []xpCell, sorted []int32, add func(cell int, row *tableRow)) {
	newRow := func(i int) bool { return i == 0 || compareCells(&cells[sorted[i]], &cells[sorted[i-1]], t.order) != 0 }
	rows := 0
	for i := range sorted {
		if newRow(i) {
			rows++
		}
	}
	t.rows = make([]tableRow, 0, rows)
	for i, at := range sorted {
		if newRow(i) {
			t.rows = append(t.rows, tableRow{key: &cells[at]})
		}
		add(int(at), &t.rows[len(t.rows)-1])
	}
}

// appendArguments appends t's arrays, in the order of its upsert's
// parameters (experienceStatement): its key columns, its sums, and for the
// tables with sketches each row's sketch of its new startup times (NULL
// for none).
func (t *tableRows) appendArguments(args []any) []any {
	n := len(t.rows)
	keys := make([]*xpCell, n)
	for r := range t.rows {
		keys[r] = t.rows[r].key
	}
	args = append(args, t.table.keyArrays(keys)...)
	for i := range t.table.sums {
		sums := make([]int64, n)
		for r := range t.rows {
			sums[r] = t.rows[r].sums[i]
		}
		args = append(args, sums)
	}
	if t.table.sketch {
		sketches := make([][]byte, n)
		for r := range t.rows {
			if startups := t.rows[r].startups; len(startups) > 0 {
				sketches[r] = newSketch(startups)
			}
		}
		args = append(args, sketches)
	}
	return args
}

// keyArrays are keys (rows of t) as arrays of t's key columns, in
// keyColumns' order.
func (t xpTable) keyArrays(keys []*xpCell) []any {
	columns := t.keyColumns()
	out := make([]any, 0, len(columns))
	for _, col := range columns {
		switch col {
		case "account_id":
			accounts := make([]string, len(keys))
			for i, k := range keys {
				accounts[i] = k.accountID
			}
			out = append(out, accounts)
		case "day", "hour":
			times := make([]time.Time, len(keys))
			for i, k := range keys {
				times[i] = t.periodTime(k.period)
			}
			out = append(out, times)
		default:
			values, d := make([]string, len(keys)), dimIndex[col]
			for i, k := range keys {
				values[i] = k.dims[d]
			}
			out = append(out, values)
		}
	}
	return out
}

// newSketch is startups as an encoded sketch.
func newSketch(startups []float64) []byte {
	sketch := views.NewStartupSketch()
	for _, ms := range startups {
		sketch.Add(ms)
	}
	return sketch.Encode()
}
