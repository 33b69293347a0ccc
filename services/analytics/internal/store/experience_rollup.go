package store

import (
	"fmt"
	"strings"

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

// xpSums are the columns every experience roll-up adds up, in the order of
// the arrays experienceStatement takes; renditionSums the rendition
// tables'.
var (
	xpSums        = []string{"views", "failed_starts", "fatal_errors", "watched_ms", "stall_count", "stall_ms", "startups"}
	renditionSums = []string{"watched_ms", "stall_count", "stall_ms"}
	// hourSums are xp_hourly_video's: what the alert rule reads.
	hourSums = []string{"views", "failed_starts", "fatal_errors", "startups"}
	// cellDims are the finest cell's dimensions, in array order.
	cellDims = []string{views.DimensionVideoID, views.DimensionDomain, views.DimensionCountry,
		views.DimensionBrowser, views.DimensionOS, views.DimensionDevice}
)

// experienceStatement adds a batch's experience sums, given as arrays at
// the finest grain ($1-$15: account, day, the six cellDims, the seven
// xpSums; $16-$27: the same cells with a rendition, and the three
// renditionSums; $28-$34: account, hour, video and the four hourSums of
// xp_hourly_video), to every experience roll-up, as rollUpStatement does
// for views: one statement, each upsert in key order, the same order in
// every transaction.
var experienceStatement = buildExperienceStatement()

func buildExperienceStatement() string {
	var query strings.Builder
	query.WriteString(`
WITH cells AS (
	SELECT * FROM unnest($1::text[], $2::date[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[],
		$9::int8[], $10::int8[], $11::int8[], $12::int8[], $13::int8[], $14::int8[], $15::int8[])
		AS c(account_id, day, video_id, domain, country, browser, os, device, ` + strings.Join(xpSums, ", ") + `)
), rendition_cells AS (
	SELECT * FROM unnest($16::text[], $17::date[], $18::text[], $19::text[], $20::text[], $21::text[], $22::text[], $23::text[],
		$24::text[], $25::int8[], $26::int8[], $27::int8[])
		AS c(account_id, day, video_id, domain, country, browser, os, device, rendition, ` + strings.Join(renditionSums, ", ") + `)
), hour_cells AS (
	SELECT * FROM unnest($28::text[], $29::timestamptz[], $30::text[], $31::int8[], $32::int8[], $33::int8[], $34::int8[])
		AS c(account_id, hour, video_id, ` + strings.Join(hourSums, ", ") + `)
)`)
	upsert := func(i int, r rollup, source string, sums []string) {
		keys := r.keyColumns()
		sumList, updates := make([]string, len(sums)), make([]string, len(sums))
		for j, col := range sums {
			sumList[j] = "sum(" + col + ")"
			updates[j] = fmt.Sprintf("%[1]s = %[2]s.%[1]s + EXCLUDED.%[1]s", col, r.table)
		}
		fmt.Fprintf(&query, `, up%[1]d AS (
	INSERT INTO %[2]s (%[3]s, %[4]s)
	SELECT %[3]s, %[5]s FROM %[6]s GROUP BY %[3]s ORDER BY %[3]s
	ON CONFLICT (%[3]s) DO UPDATE SET %[7]s
)`, i, r.table, keys, strings.Join(sums, ", "), strings.Join(sumList, ", "), source, strings.Join(updates, ", "))
	}
	for i, r := range xpRollups {
		upsert(i, r, "cells", xpSums)
	}
	for i, r := range renditionRollups {
		upsert(len(xpRollups)+i, r, "rendition_cells", renditionSums)
	}
	// The hourly cells are unique already (summed in Go), so the upsert
	// needs no GROUP BY; its key leads with the hour.
	updates := make([]string, len(hourSums))
	for j, col := range hourSums {
		updates[j] = fmt.Sprintf("%[1]s = xp_hourly_video.%[1]s + EXCLUDED.%[1]s", col)
	}
	fmt.Fprintf(&query, `, up_hourly AS (
	INSERT INTO xp_hourly_video (hour, account_id, video_id, %[1]s)
	SELECT hour, account_id, video_id, %[1]s FROM hour_cells ORDER BY hour, account_id, video_id
	ON CONFLICT (hour, account_id, video_id) DO UPDATE SET %[2]s
)`, strings.Join(hourSums, ", "), strings.Join(updates, ", "))
	query.WriteString(`
SELECT 1`)
	return query.String()
}
