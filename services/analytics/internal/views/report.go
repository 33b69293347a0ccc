package views

import (
	"context"
	"errors"
	"regexp"
	"slices"
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
	// The viewer's software, parsed from the User-Agent by the edge, and
	// the rendition height played ("720p"): the experience roll-ups have
	// them (docs/analytics.md).
	DimensionBrowser   = "browser"
	DimensionOS        = "os"
	DimensionDevice    = "device"
	DimensionRendition = "rendition"
)

// viewDimensions are the interface's dimensions, which the views roll-ups
// have had from the start; the others are the experience roll-ups'.
var viewDimensions = []string{DimensionDay, DimensionDomain, DimensionCountry, DimensionVideoID}

// Dimensions lists the report dimensions, which are also the filter's
// fields.
var Dimensions = apirules.AnalyticsDimensions

// MetricViews is the interface's metric: plays counted by the replay rule.
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
	DimensionBrowser: filter.KindString, DimensionOS: filter.KindString,
	DimensionDevice: filter.KindString, DimensionRendition: filter.KindString,
}

// ReportParams are a report request's query parameters as sent; Limit is
// "" when absent.
type ReportParams struct {
	Type, Dimension, Metric, Start, End, Filter, By, Limit string
}

// Report is a checked report request.
type Report struct {
	Dimension  string
	Metric     string
	Start, End time.Time // UTC days, inclusive
	Filter     filter.Filter
	// ByViews sorts by the metric, largest first (ties by the
	// dimension); otherwise rows are in the dimension's order. (The name
	// is from when views was the one metric.)
	ByViews bool
	Limit   int
}

// Row is one bucket of a report: Views for metric views, Value for the
// others.
type Row struct {
	Key   string
	Views int64
	Value float64
}

// Fields are the dimension and every field the filter tests.
func (r Report) Fields() map[string]bool {
	fields := map[string]bool{r.Dimension: true}
	for _, group := range r.Filter.Groups {
		for _, c := range group {
			fields[c.Field] = true
		}
	}
	return fields
}

// FromViewRollups reports whether r is the interface's views report over
// its own dimensions, which the views roll-ups (kept since the first
// version) serve; any other report reads the experience roll-ups.
func (r Report) FromViewRollups() bool {
	if r.Metric != MetricViews {
		return false
	}
	for field := range r.Fields() {
		if !slices.Contains(viewDimensions, field) {
			return false
		}
	}
	return true
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
	if !slices.Contains(Metrics, p.Metric) {
		return r, apperr.InvalidField("metric", "must be one of %s", strings.Join(Metrics, ", "))
	}
	r.Metric = p.Metric
	var err error
	if r.Start, r.End, err = parseRange(p.Start, p.End); err != nil {
		return r, err
	}
	if r.Filter, err = parseFilter(p.Filter); err != nil {
		return r, err
	}
	if err := checkRendition(r); err != nil {
		return r, err
	}
	switch p.By {
	case "", r.Dimension:
	case r.Metric:
		r.ByViews = true
	default:
		return r, apperr.InvalidField("by", "must be %s or %s", r.Dimension, r.Metric)
	}
	r.Limit, err = parseLimit(p.Limit)
	return r, err
}

// checkRendition refuses the rendition dimension or filter with a metric a
// rendition does not have (RenditionMetrics says why).
func checkRendition(r Report) error {
	if !r.Fields()[DimensionRendition] || slices.Contains(RenditionMetrics, r.Metric) {
		return nil
	}
	name := "dimension"
	if r.Dimension != DimensionRendition {
		name = "filter"
	}
	return apperr.InvalidField(name, "rendition goes only with metric %s", strings.Join(RenditionMetrics, ", "))
}

func isDimension(d string) bool { return slices.Contains(Dimensions, d) }

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
