package apirules

// The views report's parameters (docs/analytics.md).
const (
	AnalyticsMaxRangeDays = 366
	AnalyticsMaxLimit     = 1000
	// AnalyticsVideos is type=videos: views per video.
	AnalyticsVideos = "videos"
	// AnalyticsMetric is the interface's metric, views; AnalyticsMetrics
	// adds the viewer-experience ones.
	AnalyticsMetric = "views"
	// DatePattern is a UTC day, YYYY-MM-DD.
	DatePattern = `^[0-9]{4}-[0-9]{2}-[0-9]{2}$`
)

// AnalyticsDimensions are the report's dimensions, which are also the
// filter's fields.
var AnalyticsDimensions = []string{"day", "domain", "country", "video_id", "browser", "os", "device", "rendition"}

// AnalyticsMetrics are the report's metrics: views, then the viewer
// experience's (docs/analytics.md defines each).
var AnalyticsMetrics = []string{AnalyticsMetric, "watch_time", "startup_time_p50", "startup_time_p95",
	"rebuffer_ratio", "rebuffer_frequency", "error_rate", "experience_score"}

// analyticsQuery is the rules of both forms of the report. The document
// cannot mark dimension required on GET /v2/analytics: with type=videos it
// defaults to video_id there too, and OpenAPI has no "required unless";
// the service refuses its absence otherwise, with a 400 naming it.
func analyticsQuery() map[string]Rule {
	return map[string]Rule{
		"type":      {Enum: []string{AnalyticsVideos}},
		"dimension": {Enum: AnalyticsDimensions},
		"metric":    {Required: true, Enum: AnalyticsMetrics},
		"start":     {Required: true, Pattern: DatePattern},
		"end":       {Required: true, Pattern: DatePattern},
		"by":        {Enum: append(append([]string{}, AnalyticsMetrics...), AnalyticsDimensions...)},
		"limit":     {Minimum: 1, HasMinimum: true, Maximum: AnalyticsMaxLimit, HasMaximum: true, Integer: true},
	}
}
