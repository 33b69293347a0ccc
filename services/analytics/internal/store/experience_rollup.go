package store

import (
	"fmt"
	"strings"
	"time"

	"github.com/vidhost/vidhost/services/analytics/internal/views"
)

// The experience roll-ups (migration 00007), narrowest (fewest rows)
// first, as rollups are: the planner takes the first that has every field
// a report needs. The client tables are small because browsers, systems
// and devices come in a few dozen combinations, not thousands.
var xpRollups = []rollup{
	{"xp_daily_totals", nil},
	{"xp_daily_client", []string{views.DimensionBrowser, views.DimensionOS, views.DimensionDevice}},
	{"xp_daily_client_country", []string{views.DimensionCountry, views.DimensionBrowser, views.DimensionOS, views.DimensionDevice}},
	{"xp_daily_video", []string{views.DimensionVideoID}},
	{"xp_daily_domain_country", []string{views.DimensionDomain, views.DimensionCountry}},
	{"xp_daily_all", []string{views.DimensionVideoID, views.DimensionDomain, views.DimensionCountry,
		views.DimensionBrowser, views.DimensionOS, views.DimensionDevice}},
}

// renditionRollups hold the time watched and the stalls per rendition.
var renditionRollups = []rollup{
	{"xp_daily_video_renditions", []string{views.DimensionVideoID, views.DimensionRendition}},
	{"xp_daily_renditions", []string{views.DimensionVideoID, views.DimensionDomain, views.DimensionCountry,
		views.DimensionBrowser, views.DimensionOS, views.DimensionDevice, views.DimensionRendition}},
}

// xpSums are the columns every experience roll-up adds up; renditionSums
// the rendition tables'; hourSums xp_hourly_video's, what the alert rule
// reads.
var (
	xpSums        = []string{"views", "failed_starts", "fatal_errors", "watched_ms", "stall_count", "stall_ms", "startups"}
	renditionSums = []string{"watched_ms", "stall_count", "stall_ms"}
	hourSums      = []string{"views", "failed_starts", "fatal_errors", "startups"}
)

// cellKind is which of a batch's cells a table sums: the finest cells,
// their renditions, or the plays and errors by video and hour.
type cellKind int

const (
	finestCells cellKind = iota
	renditionCells
	hourCells
)

// xpTable is an experience roll-up as ingest writes it: the cells it sums,
// its sum columns, whether it keeps a startup sketch, and its lock order:
// the order of its dimensions its rows are upserted in (and so locked),
// account and period first. Any order does, the same in every transaction;
// these make the smaller tables' orders prefixes of larger ones', so one
// sort in Go serves several (experienceRows).
type xpTable struct {
	rollup
	cells  cellKind
	sums   []string
	sketch bool
	order  []string
}

// experienceTables are every experience roll-up, in the order the upserts
// run (the same in every transaction, so two storers wait for each other
// and never deadlock).
var experienceTables = func() []xpTable {
	orders := map[string][]string{
		"xp_daily_client_country": {views.DimensionBrowser, views.DimensionOS, views.DimensionDevice, views.DimensionCountry},
		"xp_daily_renditions": {views.DimensionVideoID, views.DimensionRendition, views.DimensionDomain, views.DimensionCountry,
			views.DimensionBrowser, views.DimensionOS, views.DimensionDevice},
	}
	orderOf := func(r rollup) []string {
		if order, ok := orders[r.table]; ok {
			return order
		}
		return r.dims
	}
	tables := make([]xpTable, 0, len(xpRollups)+len(renditionRollups)+1)
	for _, r := range xpRollups {
		tables = append(tables, xpTable{rollup: r, cells: finestCells, sums: xpSums, sketch: true, order: orderOf(r)})
	}
	for _, r := range renditionRollups {
		tables = append(tables, xpTable{rollup: r, cells: renditionCells, sums: renditionSums, order: orderOf(r)})
	}
	hourly := rollup{"xp_hourly_video", []string{views.DimensionVideoID}}
	return append(tables, xpTable{rollup: hourly, cells: hourCells, sums: hourSums, sketch: true, order: hourly.dims})
}()

// keyColumns are t's primary key columns: account, day and its dimensions,
// or for xp_hourly_video, whose key leads with the hour (the alert pass
// reads an hour of every account), hour, account, video.
func (t xpTable) keyColumns() []string {
	if t.cells == hourCells {
		return append([]string{"hour", "account_id"}, t.dims...)
	}
	return append([]string{"account_id", "day"}, t.dims...)
}

// periodType is the SQL type of t's day or hour.
func (t xpTable) periodType() string {
	if t.cells == hourCells {
		return "timestamptz"
	}
	return "date"
}

// periodTime is period, t's day or hour, as a time.
func (t xpTable) periodTime(period int32) time.Time {
	seconds := int64(secondsPerDay)
	if t.cells == hourCells {
		seconds = secondsPerHour
	}
	return time.Unix(int64(period)*seconds, 0).UTC()
}

// experienceStatement adds a batch's rows to every experience roll-up,
// one upsert per table in one statement (one round trip). Each table's
// rows come summed and in its lock order from Go
// (tableRows.appendArguments: account, day, the table's dimensions, its
// sums, and for the tables with sketches the sketch of each row's new
// startup times), and are upserted in that order (the arrays'
// ordinality): PostgreSQL neither groups nor sorts the finest cells once
// per table. A row that had no startup time yet takes the new sketch as
// it is; the others keep theirs, and mergeSketches merges the new times
// into them after this statement, the rows locked.
var experienceStatement, experienceParams = buildExperienceStatement()

func buildExperienceStatement() (string, int) {
	var query strings.Builder
	query.WriteString("WITH ")
	param := 0
	for i, t := range experienceTables {
		keys := strings.Join(t.keyColumns(), ", ")
		columns := keys + ", " + strings.Join(t.sums, ", ")
		var params []string
		for _, typ := range t.keyTypes() {
			param++
			params = append(params, fmt.Sprintf("$%d::%s[]", param, typ))
		}
		for range t.sums {
			param++
			params = append(params, fmt.Sprintf("$%d::int8[]", param))
		}
		updates := make([]string, len(t.sums))
		for j, col := range t.sums {
			updates[j] = fmt.Sprintf("%[1]s = %[2]s.%[1]s + EXCLUDED.%[1]s", col, t.table)
		}
		if t.sketch {
			param++
			params = append(params, fmt.Sprintf("$%d::bytea[]", param))
			columns += ", startup_sketch"
			updates = append(updates, fmt.Sprintf("startup_sketch = CASE WHEN %[1]s.startups = 0 THEN EXCLUDED.startup_sketch ELSE %[1]s.startup_sketch END", t.table))
		}
		if i > 0 {
			query.WriteString(",\n")
		}
		fmt.Fprintf(&query, `up%[1]d AS (
	INSERT INTO %[2]s (%[3]s)
	SELECT %[3]s FROM unnest(%[4]s) WITH ORDINALITY AS r(%[3]s, n) ORDER BY n
	ON CONFLICT (%[5]s) DO UPDATE SET %[6]s
)`, i, t.table, columns, strings.Join(params, ", "), keys, strings.Join(updates, ", "))
	}
	query.WriteString("\nSELECT 1")
	return query.String(), param
}

// keyTypes are the SQL types of t's key columns, in keyColumns' order.
func (t xpTable) keyTypes() []string {
	types := make([]string, 0, len(t.keyColumns()))
	for _, col := range t.keyColumns() {
		switch col {
		case "day", "hour":
			types = append(types, t.periodType())
		default:
			types = append(types, "text")
		}
	}
	return types
}
