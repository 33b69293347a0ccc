package views

import (
	"context"
	"errors"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/vidhost/vidhost/pkg/apirules"
	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/filter"
)

// Report dimensions: the bucket key of each row.
const (
	DimensionDay     = "day"
	DimensionDomain  = "domain"
	DimensionCountry = "country"
	DimensionVideoID = "video_id"
)

// Dimensions lists the report dimensions, which are also the filter's
// fields.
var Dimensions = apirules.AnalyticsDimensions

// MetricViews is the one metric: plays counted by the replay rule.
const MetricViews = apirules.AnalyticsMetric

// TypeVideos is the type=videos form (and the /v2/analytics/videos path):
// views per video, so dimension defaults to video_id. It is a form of the
// one report: any dimension may still be asked for.
const TypeVideos = apirules.AnalyticsVideos

// Report bounds.
const (
	MaxRangeDays = apirules.AnalyticsMaxRangeDays
	MaxLimit     = apirules.AnalyticsMaxLimit
	DefaultLimit = MaxLimit
)

// filterSchema is what a report's filter may test: the dimensions, as text
// (days compare as YYYY-MM-DD text, which orders like the dates).
var filterSchema = filter.Schema{
	DimensionDay: filter.KindString, DimensionDomain: filter.KindString,
	DimensionCountry: filter.KindString, DimensionVideoID: filter.KindString,
}

// ReportParams are a report request's query parameters as sent; Limit is
// "" when absent.
type ReportParams struct {
	Type, Dimension, Metric, Start, End, Filter, By, Limit string
}

// Report is a checked report request.
type Report struct {
	Dimension  string
	Start, End time.Time // UTC days, inclusive
	Filter     filter.Filter
	// ByViews sorts by views, most first (ties by the dimension);
	// otherwise rows are in the dimension's order.
	ByViews bool
	Limit   int
}

// Row is one bucket of a report.
type Row struct {
	Key   string
	Views int64
}

// Reports reads roll-ups for one account.
type Reports interface {
	Report(ctx context.Context, accountID string, r Report) ([]Row, error)
}

// ParseReport checks p against the interface's rules; errors are
// *apperr.Invalid naming the parameter and the rule.
func ParseReport(p ReportParams) (Report, error) {
	var r Report
	if p.Type != "" && p.Type != TypeVideos {
		return r, apperr.InvalidField("type", "must be videos or absent")
	}
	r.Dimension = p.Dimension
	if r.Dimension == "" && p.Type == TypeVideos {
		r.Dimension = DimensionVideoID
	}
	switch {
	case r.Dimension == "":
		return r, apperr.InvalidField("dimension", "is required (one of %s)", strings.Join(Dimensions, ", "))
	case !isDimension(r.Dimension):
		return r, apperr.InvalidField("dimension", "must be one of %s", strings.Join(Dimensions, ", "))
	}
	if p.Metric != MetricViews {
		return r, apperr.InvalidField("metric", "must be views")
	}
	var err error
	if r.Start, r.End, err = parseRange(p.Start, p.End); err != nil {
		return r, err
	}
	if r.Filter, err = parseFilter(p.Filter); err != nil {
		return r, err
	}
	switch p.By {
	case "", r.Dimension:
	case MetricViews:
		r.ByViews = true
	default:
		return r, apperr.InvalidField("by", "must be %s or views", r.Dimension)
	}
	r.Limit, err = parseLimit(p.Limit)
	return r, err
}

func isDimension(d string) bool {
	for _, known := range Dimensions {
		if d == known {
			return true
		}
	}
	return false
}

func parseRange(start, end string) (time.Time, time.Time, error) {
	from, err := parseDay("start", start)
	if err != nil {
		return time.Time{}, time.Time{}, err
	}
	to, err := parseDay("end", end)
	if err != nil {
		return time.Time{}, time.Time{}, err
	}
	if to.Before(from) {
		return time.Time{}, time.Time{}, apperr.InvalidField("end", "must not be before start")
	}
	if days := int(to.Sub(from).Hours()/24) + 1; days > MaxRangeDays {
		return time.Time{}, time.Time{}, apperr.InvalidField("end", "must be at most %d days after start (inclusive)", MaxRangeDays)
	}
	return from, to, nil
}

// datePattern is the shape the interface gives the dates (pkg/apirules).
var datePattern = regexp.MustCompile(apirules.DatePattern)

func parseDay(name, value string) (time.Time, error) {
	if value == "" {
		return time.Time{}, apperr.InvalidField(name, "is required (YYYY-MM-DD, UTC)")
	}
	if !datePattern.MatchString(value) {
		return time.Time{}, apperr.InvalidField(name, "must be a date YYYY-MM-DD")
	}
	day, err := time.Parse(time.DateOnly, value)
	if err != nil { // the shape of a date, but no day of the calendar
		return time.Time{}, apperr.InvalidField(name, "must be a date YYYY-MM-DD that exists: %s does not", value)
	}
	return day, nil
}

func parseFilter(text string) (filter.Filter, error) {
	f, err := filter.Parse(text)
	if err == nil {
		err = f.Check(filterSchema)
	}
	var ferr *filter.Error
	switch {
	case errors.As(err, &ferr) && ferr.Part == filter.PartFilter:
		return filter.Filter{}, apperr.InvalidField("filter", "%s", ferr.Rule)
	case errors.As(err, &ferr):
		return filter.Filter{}, apperr.InvalidField("filter", "%s", ferr.Error())
	}
	return f, err
}

func parseLimit(value string) (int, error) {
	if value == "" {
		return DefaultLimit, nil
	}
	n, err := strconv.Atoi(value)
	if err != nil || n < 1 || n > MaxLimit {
		return 0, apperr.InvalidField("limit", "must be an integer 1-%d", MaxLimit)
	}
	return n, nil
}
