package e2e

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const chromeUA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36"

// sendBeacon posts a view beacon to /collect as navigator.sendBeacon does
// (text/plain, no credentials); it always answers 204.
func sendBeacon(t *testing.T, beacon map[string]any) {
	t.Helper()
	raw, err := json.Marshal(beacon)
	require.NoError(t, err)
	req, err := http.NewRequest(http.MethodPost, suite.URL+"/collect", strings.NewReader(string(raw)))
	require.NoError(t, err)
	req.Header.Set("Content-Type", "text/plain;charset=UTF-8")
	req.Header.Set("User-Agent", chromeUA)
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	_ = resp.Body.Close()
	require.Equal(t, http.StatusNoContent, resp.StatusCode)
}

// viewsBy reads GET /v2/analytics for today by dimension, filtered on video.
func viewsBy(t *testing.T, dimension, videoID string) map[string]float64 {
	t.Helper()
	today := time.Now().UTC().Format(time.DateOnly)
	query := url.Values{"dimension": {dimension}, "metric": {"views"}, "start": {today}, "end": {today},
		"filter": {"video_id==" + videoID}}
	var rows []map[string]any
	mustOK(t, call(t, "GET", "/v2/analytics?"+query.Encode(), owner(), nil)).decode(t, &rows)
	out := map[string]float64{}
	for _, row := range rows {
		key, _ := row[dimension].(string)
		views, _ := row["views"].(float64)
		out[key] = views
	}
	return out
}

// Beacons from pages on two sites and one without a referrer reach the
// report by domain through the edge, JetStream and the analytics service;
// a replay within 30 minutes and a player with analytics none add nothing.
// About 2 s.
func TestBeaconsBecomeViewsByDomain(t *testing.T) {
	v := createVideo(t, map[string]any{"name": "Analytics", "privacy": "public"})
	var quiet struct {
		ID string `json:"id"`
	}
	mustOK(t, call(t, "POST", "/v2/players", owner(), map[string]any{"name": "quiet", "analytics": "none"})).decode(t, &quiet)
	beacon := func(event, viewer, referrer, player string) map[string]any {
		return map[string]any{"event": event, "video_id": v.ID, "player_id": player, "viewer_id": viewer,
			"position": 0, "referrer": referrer}
	}
	sendBeacon(t, beacon("play", "0f8fad5b-d9cb-469f-a165-000000000001", "https://www.shop.example/product/7", ""))
	sendBeacon(t, beacon("view", "0f8fad5b-d9cb-469f-a165-000000000001", "https://www.shop.example/product/7", ""))
	sendBeacon(t, beacon("play", "0f8fad5b-d9cb-469f-a165-000000000001", "https://www.shop.example/product/7", "")) // a replay
	sendBeacon(t, beacon("play", "0f8fad5b-d9cb-469f-a165-000000000002", "https://blog.example:8443/post", ""))
	sendBeacon(t, beacon("play", "0f8fad5b-d9cb-469f-a165-000000000003", "https://blog.example/other", ""))
	sendBeacon(t, beacon("play", "0f8fad5b-d9cb-469f-a165-000000000004", "", ""))
	sendBeacon(t, beacon("play", "0f8fad5b-d9cb-469f-a165-000000000005", "https://quiet.example/", quiet.ID))

	want := map[string]float64{"shop.example": 1, "blog.example": 2, "unknown": 1}
	require.Eventually(t, func() bool { return assert.ObjectsAreEqual(want, viewsBy(t, "domain", v.ID)) },
		15*time.Second, 100*time.Millisecond, "views by domain")
	assert.Equal(t, map[string]float64{"unknown": 4}, viewsBy(t, "country", v.ID), "loopback clients have no country")
	assert.Equal(t, map[string]float64{v.ID: 4}, viewsBy(t, "video_id", v.ID))

	// /v2/analytics/videos is the same as type=videos.
	today := time.Now().UTC().Format(time.DateOnly)
	var rows []map[string]any
	mustOK(t, call(t, "GET", "/v2/analytics/videos?metric=views&start="+today+"&end="+today+"&filter=video_id%3D%3D"+v.ID,
		owner(), nil)).decode(t, &rows)
	assert.Equal(t, []map[string]any{{"video_id": v.ID, "views": float64(4)}}, rows)
}

func TestAnalyticsBadInputIsA400NamingTheParameter(t *testing.T) {
	base := "/v2/analytics?dimension=domain&metric=views&start=2026-01-01&end=2026-01-31"
	tests := []struct{ name, path, want string }{
		{"no dimension", "/v2/analytics?metric=views&start=2026-01-01&end=2026-01-31", "dimension is required"},
		{"unknown dimension", strings.Replace(base, "domain", "city", 1), "dimension must be one of day, domain, country, video_id"},
		{"unknown metric", strings.Replace(base, "metric=views", "metric=likes", 1), "metric must be views"},
		{"malformed date", strings.Replace(base, "2026-01-01", "01/01/2026", 1), "start must be a date YYYY-MM-DD"},
		{"end before start", strings.Replace(base, "2026-01-31", "2025-12-31", 1), "end must not be before start"},
		{"range over 366 days", strings.Replace(base, "2026-01-31", "2027-01-31", 1), "end must be at most 366 days after start"},
		{"unknown filter field", base + "&filter=" + url.QueryEscape("city==Paris"), "filter field must be one of"},
		{"unterminated filter", base + "&filter=" + url.QueryEscape("country=="+"US;"), "filter field must start with a lowercase letter"},
		// 5000 conditions do not fit in a request line the gateway takes (431); 90 do.
		{"too many conditions", base + "&filter=" + url.QueryEscape(strings.Repeat("country==US;", 89)+"country==US"), "filter must be at most 1000 bytes"},
		{"limit 0", base + "&limit=0", "limit must be an integer 1-1000"},
		{"limit 10^9", base + "&limit=1000000000", "limit must be an integer 1-1000"},
		{"bad by", base + "&by=country", "by must be domain or views"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			mustFail(t, call(t, "GET", tt.path, owner(), nil), http.StatusBadRequest, tt.want)
		})
	}
}
