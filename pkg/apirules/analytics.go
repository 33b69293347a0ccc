package apirules

// The views report's parameters (docs/analytics.md).
const (
	AnalyticsMaxRangeDays = 366
	AnalyticsMaxLimit     = 1000
	// AnalyticsVideos is type=videos: views per video.
	AnalyticsVideos = "videos"
	// AnalyticsMetric is the one metric.
	AnalyticsMetric = "views"
	// DatePattern is a UTC day, YYYY-MM-DD.
	DatePattern = `^[0-9]{4}-[0-9]{2}-[0-9]{2}$`
)

// AnalyticsDimensions are the report's dimensions, which are also the
// filter's fields.
var AnalyticsDimensions = []string{"day", "domain", "country", "video_id"}

// analyticsQuery is the rules of both forms of the report. The document
// cannot mark dimension required on GET /v2/analytics: with type=videos it
// defaults to video_id there too, and OpenAPI has no "required unless";
// the service refuses its absence otherwise, with a 400 naming it.
func analyticsQuery() map[string]Rule {
	return map[string]Rule{
		"type":      {Enum: []string{AnalyticsVideos}},
		"dimension": {Enum: AnalyticsDimensions},
		"metric":    {Required: true, Enum: []string{AnalyticsMetric}},
		"start":     {Required: true, Pattern: DatePattern},
		"end":       {Required: true, Pattern: DatePattern},
		"by":        {Enum: append([]string{AnalyticsMetric}, AnalyticsDimensions...)},
		"limit":     {Minimum: 1, HasMinimum: true, Maximum: AnalyticsMaxLimit, HasMaximum: true, Integer: true},
	}
}
