package store

import (
	"context"
	"fmt"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/vidhost/vidhost/services/analytics/internal/views"
)

// xpCell is one row of xp_daily_all: the experience roll-ups' finest grain.
type xpCell struct {
	accountID                                         string
	day                                               time.Time
	videoID, domain, country, browser, system, device string
}

// dim is c's value of dimension (one of cellDims).
func (c xpCell) dim(dimension string) string {
	switch dimension {
	case views.DimensionVideoID:
		return c.videoID
	case views.DimensionDomain:
		return c.domain
	case views.DimensionCountry:
		return c.country
	case views.DimensionBrowser:
		return c.browser
	case views.DimensionOS:
		return c.system
	}
	return c.device
}

// xpIncrement is what a batch adds to one cell; startups are the new
// startup times, which go into the cell's sketches.
type xpIncrement struct {
	views, failedStarts, fatalErrors, watchedMS, stalls, stallMS int64
	startups                                                     []float64
}

type renditionCell struct {
	xpCell
	rendition string
}

type renditionIncrement struct{ watchedMS, stalls, stallMS int64 }

// hourCell is one row of xp_hourly_video: an account's video in one hour,
// what the alert rule judges (docs/analytics.md, "Alerts").
type hourCell struct {
	accountID string
	hour      time.Time
	videoID   string
}

// experience is a batch's experience increments, cells in first-seen order.
type experience struct {
	cells          map[xpCell]*xpIncrement
	order          []xpCell
	renditions     map[renditionCell]*renditionIncrement
	renditionOrder []renditionCell
	// hours are the plays' and errors' increments by hour (heartbeats'
	// watching is not judged by the alert rule, so they add none).
	hours     map[hourCell]*xpIncrement
	hourOrder []hourCell
}

// experienceOf sums what events add to the experience roll-ups: counted
// plays (a view, and its startup time), heartbeats (watching, stalls, per
// rendition too) and fatal errors (failed starts apart). Startup times of
// plays the replay rule did not count are left out: a replayed ticket
// cannot weigh on the percentiles.
func experienceOf(events []views.Event, counted map[string]bool) experience {
	x := experience{cells: map[xpCell]*xpIncrement{}, renditions: map[renditionCell]*renditionIncrement{},
		hours: map[hourCell]*xpIncrement{}}
	for i := range events {
		e := &events[i]
		switch {
		case e.Type == views.TypePlay && counted[e.ID]:
			for _, inc := range []*xpIncrement{x.cell(e), x.hourOf(e)} {
				inc.views++
				if e.Experience.HasStartup {
					inc.startups = append(inc.startups, float64(e.Experience.StartupMS))
				}
			}
		case e.Type == views.TypeHeartbeat:
			x.addHeartbeat(e)
		case e.Type == views.TypeError && e.Experience.Fatal:
			for _, inc := range []*xpIncrement{x.cell(e), x.hourOf(e)} {
				inc.fatalErrors++
				if e.Experience.BeforePlay {
					inc.failedStarts++
				}
			}
		}
	}
	return x
}

// hourOf is the increment of e's video in e's hour.
func (x *experience) hourOf(e *views.Event) *xpIncrement {
	c := hourCell{accountID: e.AccountID, hour: views.HourOf(e.Time), videoID: e.VideoID}
	inc, ok := x.hours[c]
	if !ok {
		inc = &xpIncrement{}
		x.hours[c] = inc
		x.hourOrder = append(x.hourOrder, c)
	}
	return inc
}

func (x *experience) cell(e *views.Event) *xpIncrement {
	c := xpCell{accountID: e.AccountID, day: e.Day(), videoID: e.VideoID, domain: e.Domain, country: e.Country,
		browser: e.Browser, system: e.OS, device: e.Device}
	inc, ok := x.cells[c]
	if !ok {
		inc = &xpIncrement{}
		x.cells[c] = inc
		x.order = append(x.order, c)
	}
	return inc
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
		c := renditionCell{xpCell: xpCell{accountID: e.AccountID, day: e.Day(), videoID: e.VideoID, domain: e.Domain,
			country: e.Country, browser: e.Browser, system: e.OS, device: e.Device}, rendition: RenditionName(r.Height)}
		ri, ok := x.renditions[c]
		if !ok {
			ri = &renditionIncrement{}
			x.renditions[c] = ri
			x.renditionOrder = append(x.renditionOrder, c)
		}
		ri.watchedMS += int64(r.WatchedMS)
		ri.stalls += int64(r.StallCount)
		ri.stallMS += int64(r.StallMS)
	}
}

// RenditionName is a rendition height as reports show it: "720p".
func RenditionName(height int32) string { return strconv.Itoa(int(height)) + "p" }

// rollUpExperience adds x to the experience roll-ups, then merges its new
// startup times into the sketches of the rows they belong to.
func rollUpExperience(ctx context.Context, tx pgx.Tx, x experience) error {
	if len(x.order) == 0 && len(x.renditionOrder) == 0 {
		return nil
	}
	if _, err := tx.Exec(ctx, experienceStatement, x.arguments()...); err != nil {
		return fmt.Errorf("roll up experience: %w", err)
	}
	return mergeSketches(ctx, tx, x)
}

// arguments are experienceStatement's arrays.
func (x experience) arguments() []any {
	n := len(x.order)
	dims := make([][]string, 1+len(cellDims))
	for i := range dims {
		dims[i] = make([]string, 0, n)
	}
	days := make([]time.Time, 0, n)
	sums := make([][]int64, len(xpSums))
	for _, c := range x.order {
		inc := x.cells[c]
		dims[0], days = append(dims[0], c.accountID), append(days, c.day)
		for i, d := range cellDims {
			dims[i+1] = append(dims[i+1], c.dim(d))
		}
		for i, v := range []int64{inc.views, inc.failedStarts, inc.fatalErrors, inc.watchedMS, inc.stalls, inc.stallMS, int64(len(inc.startups))} {
			sums[i] = append(sums[i], v)
		}
	}
	args := []any{dims[0], days}
	for _, d := range dims[1:] {
		args = append(args, d)
	}
	for _, s := range sums {
		args = append(args, s)
	}
	args = append(args, x.renditionArguments()...)
	return append(args, x.hourArguments()...)
}

// hourArguments are the hourly cells' arrays: account, hour, video, then
// hourSums.
func (x experience) hourArguments() []any {
	n := len(x.hourOrder)
	accounts, hours, videos := make([]string, 0, n), make([]time.Time, 0, n), make([]string, 0, n)
	sums := make([][]int64, len(hourSums))
	for _, c := range x.hourOrder {
		inc := x.hours[c]
		accounts, hours, videos = append(accounts, c.accountID), append(hours, c.hour), append(videos, c.videoID)
		for i, v := range []int64{inc.views, inc.failedStarts, inc.fatalErrors, int64(len(inc.startups))} {
			sums[i] = append(sums[i], v)
		}
	}
	args := []any{accounts, hours, videos}
	for _, s := range sums {
		args = append(args, s)
	}
	return args
}

func (x experience) renditionArguments() []any {
	n := len(x.renditionOrder)
	dims := make([][]string, 2+len(cellDims)) // account, the cell's, rendition
	days := make([]time.Time, 0, n)
	sums := make([][]int64, len(renditionSums))
	for _, c := range x.renditionOrder {
		inc := x.renditions[c]
		dims[0], days = append(dims[0], c.accountID), append(days, c.day)
		for i, d := range cellDims {
			dims[i+1] = append(dims[i+1], c.dim(d))
		}
		dims[len(dims)-1] = append(dims[len(dims)-1], c.rendition)
		for i, v := range []int64{inc.watchedMS, inc.stalls, inc.stallMS} {
			sums[i] = append(sums[i], v)
		}
	}
	args := []any{dims[0], days}
	for _, d := range dims[1:] {
		args = append(args, d)
	}
	for _, s := range sums {
		args = append(args, s)
	}
	return args
}
