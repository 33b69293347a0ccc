package views

import (
	"math"

	"github.com/vidhost/vidhost/pkg/apirules"
)

// Metrics a report may ask for (docs/analytics.md defines each).
const (
	MetricWatchTime         = "watch_time"
	MetricStartupP50        = "startup_time_p50"
	MetricStartupP95        = "startup_time_p95"
	MetricRebufferRatio     = "rebuffer_ratio"
	MetricRebufferFrequency = "rebuffer_frequency"
	MetricErrorRate         = "error_rate"
	MetricExperienceScore   = "experience_score"
)

// Metrics lists every metric, views first.
var Metrics = apirules.AnalyticsMetrics

// RenditionMetrics are the metrics a rendition has: the time watched at a
// height and the stalls there. A start, an error or a view belongs to no one
// rendition (the first frame may come from any rung), so the others refuse
// the rendition dimension and filter.
var RenditionMetrics = []string{MetricWatchTime, MetricRebufferRatio, MetricRebufferFrequency}

// Totals are the sums a bucket of the experience roll-ups holds.
type Totals struct {
	Views        int64 // counted plays (the replay rule)
	FailedStarts int64 // fatal errors before the first frame
	FatalErrors  int64 // fatal errors, failed starts included
	WatchedMS    int64 // watching: playing or rebuffering
	Stalls       int64
	StallMS      int64
	Startup      StartupSketch // startup times of counted plays
}

// Attempts are the views and the failed starts: every page load where a
// viewer asked for playback and either got it or got an error first.
func (t Totals) Attempts() int64 { return t.Views + t.FailedStarts }

// Value is metric of t; ok is false when the bucket has nothing to say
// (no watching for a rebuffer metric, no start for a percentile, no
// attempt for an error rate or the score): such buckets are left out.
func (t Totals) Value(metric string) (value float64, ok bool) {
	switch metric {
	case MetricViews:
		return float64(t.Views), t.Views > 0
	case MetricWatchTime:
		return round(float64(t.WatchedMS)/1000, 3), t.WatchedMS > 0
	case MetricStartupP50, MetricStartupP95:
		q := 0.5
		if metric == MetricStartupP95 {
			q = 0.95
		}
		ms, ok := t.Startup.Quantile(q)
		return round(ms/1000, 3), ok
	case MetricRebufferRatio:
		return round(t.rebufferRatio(), 4), t.WatchedMS > 0
	case MetricRebufferFrequency:
		return round(float64(t.Stalls)/(float64(t.WatchedMS)/60_000), 3), t.WatchedMS > 0
	case MetricErrorRate:
		return round(t.errorRate(), 4), t.Attempts() > 0
	case MetricExperienceScore:
		return round(t.score(), 1), t.Attempts() > 0
	}
	return 0, false
}

func (t Totals) rebufferRatio() float64 {
	if t.WatchedMS <= 0 {
		return 0
	}
	return math.Min(1, float64(t.StallMS)/float64(t.WatchedMS))
}

// errorRate is capped at 1: a page reloaded within the replay window is
// one view, but each load may report its own fatal error.
func (t Totals) errorRate() float64 {
	if t.Attempts() <= 0 {
		return 0
	}
	return math.Min(1, float64(t.FatalErrors)/float64(t.Attempts()))
}

// Score weights (docs/analytics.md, "The experience score").
const (
	scoreStartupWeight  = 0.4
	scoreRebufferWeight = 0.6
	// A median start within goodStartup scores full marks, one of
	// badStartup or more none, linearly between.
	goodStartupSeconds = 1.0
	badStartupSeconds  = 10.0
	// A tenth of the watch time spent rebuffering scores none.
	rebufferZero = 0.10
)

// score is the experience score, 0-100: the share of attempts without a
// fatal error times a blend of the start and the smoothness.
func (t Totals) score() float64 {
	startup := 1.0 // no start measured: nothing known against it
	if ms, ok := t.Startup.Quantile(0.5); ok {
		startup = clamp01((badStartupSeconds - ms/1000) / (badStartupSeconds - goodStartupSeconds))
	}
	smooth := clamp01(1 - t.rebufferRatio()/rebufferZero)
	return 100 * (1 - t.errorRate()) * (scoreStartupWeight*startup + scoreRebufferWeight*smooth)
}

func clamp01(v float64) float64 { return math.Max(0, math.Min(1, v)) }

func round(v float64, digits int) float64 {
	p := math.Pow(10, float64(digits))
	return math.Round(v*p) / p
}
