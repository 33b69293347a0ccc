package alerts

import (
	"time"

	"github.com/vidhost/vidhost/services/analytics/internal/views"
)

// Conditions an alert names: the report metrics they judge.
const (
	ConditionStartupP95 = views.MetricStartupP95
	ConditionErrorRate  = views.MetricErrorRate
)

// Rule is when a video's hour counts as degraded.
type Rule struct {
	// MinPlays is the fewest plays (views and failed starts) an hour needs
	// to be judged, and the fewest startup times its startup p95 needs:
	// one unlucky viewer is not an outage.
	MinPlays int64
	// StartupP95 trips when the hour's startup p95 is over it; 0: startup
	// times are not judged.
	StartupP95 time.Duration
	// ErrorRate trips when the hour's error rate is over it; 0: errors
	// are not judged.
	ErrorRate float64
}

// Enabled reports whether r judges anything.
func (r Rule) Enabled() bool { return r.StartupP95 > 0 || r.ErrorRate > 0 }

// Figures are what an alert reports of its hour, as GET /v2/analytics
// would compute them over that hour.
type Figures struct {
	Plays    int64
	Startups int64
	// StartupP95 is in seconds (3 decimals); HasStartupP95 is false when
	// no start was measured.
	StartupP95    float64
	HasStartupP95 bool
	// ErrorRate is fatal errors over plays, at most 1 (4 decimals).
	ErrorRate float64
}

// Judge returns the figures of an hour whose sums are t and the conditions
// that hold, in the order ConditionStartupP95, ConditionErrorRate; none
// below MinPlays plays. A threshold compares with the rounded figure the
// alert shows, so an alert never says "0.1 over 0.1".
func (r Rule) Judge(t views.Totals) (Figures, []string) {
	f := Figures{Plays: t.Attempts(), Startups: int64(t.Startup.Count())}
	if f.Plays < r.MinPlays || f.Plays == 0 {
		return f, nil
	}
	f.StartupP95, f.HasStartupP95 = t.Value(views.MetricStartupP95)
	f.ErrorRate, _ = t.Value(views.MetricErrorRate)
	var conditions []string
	if r.StartupP95 > 0 && f.HasStartupP95 && f.Startups >= r.MinPlays && f.StartupP95 > r.StartupP95.Seconds() {
		conditions = append(conditions, ConditionStartupP95)
	}
	if r.ErrorRate > 0 && f.ErrorRate > r.ErrorRate {
		conditions = append(conditions, ConditionErrorRate)
	}
	return f, conditions
}
