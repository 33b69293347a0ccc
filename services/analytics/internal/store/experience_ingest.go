package store

import (
	"context"
	"fmt"
	"strconv"

	"github.com/jackc/pgx/v5"

	"github.com/vidhost/vidhost/services/analytics/internal/views"
)

// cellDims are the experience roll-ups' dimensions besides account and
// day, in the order of xpCell.dims: the finest cell has them all, a table
// some (experience_rollup.go).
var cellDims = []string{views.DimensionVideoID, views.DimensionDomain, views.DimensionCountry,
	views.DimensionBrowser, views.DimensionOS, views.DimensionDevice, views.DimensionRendition}

// dimIndex is each dimension's place in xpCell.dims.
var dimIndex = func() map[string]int {
	index := make(map[string]int, len(cellDims))
	for i, d := range cellDims {
		index[d] = i
	}
	return index
}()

// xpCell is a row's key in an experience roll-up: the account, the period
// (the day, in days since 1970-01-01 UTC, or for xp_hourly_video the hour,
// in hours since then: cheaper to compare and hash than a time) and the
// values of cellDims (empty where the table has no such dimension; the
// rendition is empty but in the rendition tables).
type xpCell struct {
	accountID string
	period    int32
	dims      [7]string
}

// Seconds in a period of the daily and hourly roll-ups.
const (
	secondsPerDay  = 24 * 60 * 60
	secondsPerHour = 60 * 60
)

// xpIncrement is what a batch adds to one cell; startups are the new
// startup times, which go into the cell's sketches.
type xpIncrement struct {
	views, failedStarts, fatalErrors, watchedMS, stalls, stallMS int64
	startups                                                     []float64
}

type renditionIncrement struct{ watchedMS, stalls, stallMS int64 }

// experience is a batch's experience increments at the finest grain (the
// rendition cells and the hourly ones apart): the cells in first-seen
// order, each with its increment at the same place.
type experience struct {
	cells          map[xpCell]int32 // place in order
	order          []xpCell
	incs           []xpIncrement
	renditions     map[xpCell]int32
	renditionOrder []xpCell
	renditionIncs  []renditionIncrement
	// hours are the plays' and errors' increments by video and hour, for
	// xp_hourly_video (heartbeats' watching is not judged by the alert
	// rule, so they add none).
	hours     map[xpCell]int32
	hourOrder []xpCell
	hourIncs  []xpIncrement
}

// experienceOf sums what events add to the experience roll-ups: counted
// plays (a view, and its startup time), heartbeats (watching, stalls, per
// rendition too) and fatal errors (failed starts apart). Startup times of
// plays the replay rule did not count are left out: a replayed ticket
// cannot weigh on the percentiles.
func experienceOf(events []views.Event, counted map[string]bool) experience {
	x := experience{cells: make(map[xpCell]int32, len(events)), renditions: make(map[xpCell]int32, len(events)),
		hours: map[xpCell]int32{}}
	for i := range events {
		e := &events[i]
		switch {
		case e.Type == views.TypePlay && counted[e.ID]:
			for _, inc := range [...]*xpIncrement{x.cell(e), x.hourOf(e)} {
				inc.views++
				if e.Experience.HasStartup {
					inc.startups = append(inc.startups, float64(e.Experience.StartupMS))
				}
			}
		case e.Type == views.TypeHeartbeat:
			x.addHeartbeat(e)
		case e.Type == views.TypeError && e.Experience.Fatal:
			for _, inc := range [...]*xpIncrement{x.cell(e), x.hourOf(e)} {
				inc.fatalErrors++
				if e.Experience.BeforePlay {
					inc.failedStarts++
				}
			}
		}
	}
	return x
}

// cellOf is e's finest cell, in rendition (empty for none).
func cellOf(e *views.Event, rendition string) xpCell {
	day := int32(e.Day().Unix() / secondsPerDay) //nolint:gosec // G115: days since 1970 fit
	return xpCell{accountID: e.AccountID, period: day, dims: [7]string{e.VideoID, e.Domain, e.Country, e.Browser, e.OS, e.Device, rendition}}
}

func (x *experience) cell(e *views.Event) *xpIncrement {
	return addCell(x.cells, &x.order, &x.incs, cellOf(e, ""))
}

// hourOf is the increment of e's video in e's hour.
func (x *experience) hourOf(e *views.Event) *xpIncrement {
	hour := int32(views.HourOf(e.Time).Unix() / secondsPerHour) //nolint:gosec // G115: hours since 1970 fit
	c := xpCell{accountID: e.AccountID, period: hour}
	c.dims[dimIndex[views.DimensionVideoID]] = e.VideoID
	return addCell(x.hours, &x.hourOrder, &x.hourIncs, c)
}

// addCell is the increment of c, added (to order and incs, its place in
// index) if new.
func addCell(index map[xpCell]int32, order *[]xpCell, incs *[]xpIncrement, c xpCell) *xpIncrement {
	at, ok := index[c]
	if !ok {
		at = int32(len(*order)) //nolint:gosec // G115: a batch is far below 2^31 cells
		index[c] = at
		*order, *incs = append(*order, c), append(*incs, xpIncrement{})
	}
	return &(*incs)[at]
}

func (x *experience) addHeartbeat(e *views.Event) {
	h := &e.Experience
	if h.WatchedMS == 0 && h.StallCount == 0 && h.StallMS == 0 {
		return // a seek wait or a switch only: nothing a roll-up sums
	}
	inc := x.cell(e)
	inc.watchedMS += int64(h.WatchedMS)
	inc.stalls += int64(h.StallCount)
	inc.stallMS += int64(h.StallMS)
	for _, r := range h.Renditions {
		c := cellOf(e, RenditionName(r.Height))
		at, ok := x.renditions[c]
		if !ok {
			at = int32(len(x.renditionOrder)) //nolint:gosec // G115: a batch is far below 2^31 cells
			x.renditions[c] = at
			x.renditionOrder, x.renditionIncs = append(x.renditionOrder, c), append(x.renditionIncs, renditionIncrement{})
		}
		ri := &x.renditionIncs[at]
		ri.watchedMS += int64(r.WatchedMS)
		ri.stalls += int64(r.StallCount)
		ri.stallMS += int64(r.StallMS)
	}
}

// RenditionName is a rendition height as reports show it: "720p".
func RenditionName(height int32) string { return strconv.Itoa(int(height)) + "p" }

// rollUpExperience adds x to the experience roll-ups, each table's rows
// summed in Go (experienceRows), then merges the new startup times into the
// sketches of the rows that had some before.
func rollUpExperience(ctx context.Context, tx pgx.Tx, x experience) error {
	if len(x.order) == 0 && len(x.renditionOrder) == 0 && len(x.hourOrder) == 0 {
		return nil
	}
	tables := experienceRows(x)
	args := make([]any, 0, experienceParams)
	for _, t := range tables {
		args = t.appendArguments(args)
	}
	if _, err := tx.Exec(ctx, experienceStatement, args...); err != nil {
		return fmt.Errorf("roll up experience: %w", err)
	}
	return mergeSketches(ctx, tx, tables)
}
