package alerts

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"github.com/vidhost/vidhost/services/analytics/internal/views"
)

// totals are an hour's sums: counted plays, failed starts, fatal errors,
// and the startup times (ms) measured.
func totals(counted, failedStarts, fatalErrors int64, startupsMS ...float64) views.Totals {
	t := views.Totals{Views: counted, FailedStarts: failedStarts, FatalErrors: fatalErrors, Startup: views.NewStartupSketch()}
	for _, ms := range startupsMS {
		t.Startup.Add(ms)
	}
	return t
}

func repeat(ms float64, n int) []float64 {
	out := make([]float64, n)
	for i := range out {
		out[i] = ms
	}
	return out
}

func TestRuleJudge(t *testing.T) {
	rule := Rule{MinPlays: 10, StartupP95: 5 * time.Second, ErrorRate: 0.1}
	tests := []struct {
		name   string
		rule   Rule
		totals views.Totals
		want   []string
	}{
		{"a good hour", rule, totals(20, 0, 0, repeat(800, 20)...), nil},
		{"slow starts", rule, totals(20, 0, 0, repeat(8000, 20)...), []string{ConditionStartupP95}},
		// 19 fast and one slow: the slow one is the 95th percentile's rank
		// only above 20 samples.
		{"one slow start of twenty", rule, totals(20, 0, 0, append(repeat(800, 19), 60_000)...), nil},
		{"every start fails", rule, totals(0, 12, 12), []string{ConditionErrorRate}},
		{"both", rule, totals(10, 2, 4, repeat(9000, 10)...), []string{ConditionStartupP95, ConditionErrorRate}},
		{"too few plays", rule, totals(3, 6, 6, repeat(9000, 3)...), nil},
		// Ten plays, but two measured starts: no percentile of two.
		{"too few startup times", rule, totals(10, 0, 0, 60_000, 60_000), nil},
		// 1 of 10 is 0.1: not over it.
		{"at the error threshold", rule, totals(9, 1, 1, repeat(800, 9)...), nil},
		{"startups off", Rule{MinPlays: 10, ErrorRate: 0.1}, totals(20, 0, 0, repeat(8000, 20)...), nil},
		{"errors off", Rule{MinPlays: 10, StartupP95: 5 * time.Second}, totals(0, 12, 12), nil},
		{"nothing at all", Rule{MinPlays: 1, ErrorRate: 0.1}, totals(0, 0, 0), nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, got := tt.rule.Judge(tt.totals)
			assert.Equal(t, tt.want, got)
		})
	}
}

func TestJudgeReportsTheHoursFigures(t *testing.T) {
	rule := Rule{MinPlays: 10, StartupP95: 5 * time.Second, ErrorRate: 0.1}
	f, conditions := rule.Judge(totals(10, 5, 6, repeat(9000, 10)...))
	assert.Equal(t, []string{ConditionStartupP95, ConditionErrorRate}, conditions)
	assert.Equal(t, int64(15), f.Plays, "views and failed starts")
	assert.Equal(t, int64(10), f.Startups)
	assert.True(t, f.HasStartupP95)
	assert.InDelta(t, 9.0, f.StartupP95, 9.0*views.SketchAccuracy)
	assert.Equal(t, 0.4, f.ErrorRate, "6 of 15, as the report rounds it")

	f, _ = rule.Judge(totals(0, 12, 12))
	assert.False(t, f.HasStartupP95, "no start measured")
	assert.Equal(t, 1.0, f.ErrorRate)
}

func TestEventIDIsTheVideosHours(t *testing.T) {
	hour := time.Date(2026, 11, 20, 11, 0, 0, 0, time.UTC)
	id := EventID("acc", "v1", hour)
	assert.Len(t, id, 21)
	assert.Equal(t, id, EventID("acc", "v1", hour.In(time.FixedZone("CET", 3600))), "the same instant, whatever the zone")
	assert.NotEqual(t, id, EventID("other", "v1", hour), "another account's video")
	assert.NotEqual(t, id, EventID("acc", "v1", hour.Add(Window)), "the next hour")
}
