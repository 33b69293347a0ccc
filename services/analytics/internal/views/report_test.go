package views_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/services/analytics/internal/views"
)

func TestParseReport(t *testing.T) {
	ok := views.ReportParams{Dimension: "domain", Metric: "views", Start: "2026-01-01", End: "2026-01-31"}
	with := func(change func(*views.ReportParams)) views.ReportParams {
		p := ok
		change(&p)
		return p
	}
	tests := []struct {
		name   string
		params views.ReportParams
		want   string // the error's message; "" when accepted
	}{
		{"minimal", ok, ""},
		{"filter, by views, limit", with(func(p *views.ReportParams) {
			p.Filter, p.By, p.Limit = "country==US,country==NL;domain=@example", "views", "10"
		}), ""},
		{"type=videos implies video_id", views.ReportParams{Type: "videos", Metric: "views", Start: "2026-01-01", End: "2026-01-01"}, ""},
		{"one day", with(func(p *views.ReportParams) { p.End = p.Start }), ""},
		{"366 days", with(func(p *views.ReportParams) { p.Start, p.End = "2024-01-01", "2024-12-31" }), ""},
		{"missing dimension", with(func(p *views.ReportParams) { p.Dimension = "" }), "dimension is required (one of day, domain, country, video_id, browser, os, device, rendition)"},
		{"unknown dimension", with(func(p *views.ReportParams) { p.Dimension = "city" }), "dimension must be one of day, domain, country, video_id, browser, os, device, rendition"},
		{"type=videos with another dimension", with(func(p *views.ReportParams) { p.Type = "videos" }), ""},
		{"unknown type", with(func(p *views.ReportParams) { p.Type = "players" }), "type must be videos or absent"},
		{"missing metric", with(func(p *views.ReportParams) { p.Metric = "" }), "metric must be one of views, watch_time, startup_time_p50, startup_time_p95, rebuffer_ratio, rebuffer_frequency, error_rate, experience_score"},
		{"unknown metric", with(func(p *views.ReportParams) { p.Metric = "buffering" }), "metric must be one of views, watch_time"},
		{"an experience metric by browser", with(func(p *views.ReportParams) {
			p.Metric, p.Dimension, p.Filter, p.By = "startup_time_p95", "browser", "os==Windows;device!=mobile", "startup_time_p95"
		}), ""},
		{"watch time by rendition", with(func(p *views.ReportParams) { p.Metric, p.Dimension = "watch_time", "rendition" }), ""},
		{"rebuffering filtered on a rendition", with(func(p *views.ReportParams) { p.Metric, p.Filter = "rebuffer_ratio", "rendition==720p" }), ""},
		{"startup by rendition", with(func(p *views.ReportParams) { p.Metric, p.Dimension = "startup_time_p50", "rendition" }),
			"dimension rendition goes only with metric watch_time, rebuffer_ratio, rebuffer_frequency"},
		{"views filtered on a rendition", with(func(p *views.ReportParams) { p.Filter = "rendition==720p" }),
			"filter rendition goes only with metric watch_time, rebuffer_ratio, rebuffer_frequency"},
		{"by another metric", with(func(p *views.ReportParams) { p.Metric, p.By = "error_rate", "views" }), "by must be domain or error_rate"},
		{"missing start", with(func(p *views.ReportParams) { p.Start = "" }), "start is required (YYYY-MM-DD, UTC)"},
		{"malformed start", with(func(p *views.ReportParams) { p.Start = "2026-1-1" }), "start must be a date YYYY-MM-DD"},
		{"impossible end", with(func(p *views.ReportParams) { p.End = "2026-02-30" }), "end must be a date YYYY-MM-DD that exists: 2026-02-30 does not"},
		{"end before start", with(func(p *views.ReportParams) { p.End = "2025-12-31" }), "end must not be before start"},
		{"367 days", with(func(p *views.ReportParams) { p.Start, p.End = "2024-01-01", "2025-01-01" }), "end must be at most 366 days after start (inclusive)"},
		{"unknown filter field", with(func(p *views.ReportParams) { p.Filter = "city==Paris" }), "filter field must be one of"},
		{"unterminated filter", with(func(p *views.ReportParams) { p.Filter = "country==US;" }), "filter field must start with a lowercase letter (at byte 13)"},
		{"5000 conditions", with(func(p *views.ReportParams) { p.Filter = strings.Repeat("country==US;", 4999) + "country==US" }), "filter must be at most 1000 bytes"},
		{"bad by", with(func(p *views.ReportParams) { p.By = "country" }), "by must be domain or views"},
		{"limit 0", with(func(p *views.ReportParams) { p.Limit = "0" }), "limit must be an integer 1-1000"},
		{"limit 10^9", with(func(p *views.ReportParams) { p.Limit = "1000000000" }), "limit must be an integer 1-1000"},
		{"limit text", with(func(p *views.ReportParams) { p.Limit = "ten" }), "limit must be an integer 1-1000"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := views.ParseReport(tt.params)
			if tt.want == "" {
				require.NoError(t, err)
				return
			}
			var invalid *apperr.Invalid
			require.True(t, errors.As(err, &invalid), "a 400 naming the parameter: %v", err)
			assert.Contains(t, err.Error(), tt.want)
		})
	}
}
