package e2e

import (
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/gateway/web/browsertest"
	"github.com/vidhost/vidhost/pkg/secrets"
	"github.com/vidhost/vidhost/pkg/viewticket"
)

const chromeUA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36"

// sendBeacon posts a view beacon to /collect as navigator.sendBeacon does
// (text/plain, no credentials) and requires the 204 of an accepted (or
// silently dropped) beacon. Give it a ticket (viewTicket, or one a player
// page handed out).
func sendBeacon(t *testing.T, beacon map[string]any) {
	t.Helper()
	status, body := postBeacon(t, beacon)
	require.Equal(t, http.StatusNoContent, status, body)
}

// postBeacon posts beacon to /collect and returns the status and body.
func postBeacon(t *testing.T, beacon map[string]any) (int, string) {
	t.Helper()
	raw, err := json.Marshal(beacon)
	require.NoError(t, err)
	req, err := http.NewRequest(http.MethodPost, suiteOf(t).URL+"/collect", strings.NewReader(string(raw)))
	require.NoError(t, err)
	req.Header.Set("Content-Type", "text/plain;charset=UTF-8")
	req.Header.Set("User-Agent", chromeUA)
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	answer, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	return resp.StatusCode, string(answer)
}

// viewTickets mint view tickets as the suite's gateway does, with its key,
// for tests of the analytics pipeline whose videos have no media (so no
// player page); the clock decides when they were issued.
func viewTickets(t testing.TB, clock func() time.Time) viewticket.Signer {
	return viewticket.NewSigner(secrets.MustRoot(suiteOf(t).InternalSecret()).Derive(secrets.ViewTicket), clock)
}

// viewTicket is a fresh ticket of the owner's video videoID, as a page of
// origin (empty: no referrer) and Player playerID would have handed out.
func viewTicket(t testing.TB, videoID, origin, playerID string) string {
	return viewTickets(t, time.Now).Issue(viewticket.Ticket{AccountID: suiteOf(t).Credentials.AccountID, VideoID: videoID,
		PlayerID: playerID, Origin: origin}, time.Time{})
}

// viewsBy reads GET /v2/analytics for today by dimension, filtered on video.
func viewsBy(t *testing.T, dimension, videoID string) map[string]float64 {
	t.Helper()
	today := time.Now().UTC().Format(time.DateOnly)
	query := url.Values{"dimension": {dimension}, "metric": {"views"}, "start": {today}, "end": {today},
		"filter": {"video_id==" + videoID}}
	var rows []map[string]any
	mustOK(t, call(t, "GET", "/v2/analytics?"+query.Encode(), ownerOf(t), nil)).decode(t, &rows)
	out := map[string]float64{}
	for _, row := range rows {
		key, _ := row[dimension].(string)
		views, _ := row["views"].(float64)
		out[key] = views
	}
	return out
}

// waitForViews waits until the report by dimension for videoID is want,
// failing with the last report read (not only "never satisfied"). The
// ingest path is asynchronous (edge, JetStream, a batched writer), and
// slow under load, so the wait is generous; a wrong count still fails.
func waitForViews(t *testing.T, want map[string]float64, dimension, videoID, why string) {
	t.Helper()
	var last map[string]float64
	ok := assert.Eventually(t, func() bool {
		last = viewsBy(t, dimension, videoID)
		return assert.ObjectsAreEqual(want, last)
	}, browsertest.WaitTimeout, 100*time.Millisecond)
	require.True(t, ok, "%s: want %v, last read %v", why, want, last)
}

// Beacons from pages on two sites and one without a referrer reach the
// report by domain through the edge, JetStream and the analytics service;
// a replay within 30 minutes (the same viewer on a new page load) and a
// player with analytics none add nothing. About 2 s.
func TestBeaconsBecomeViewsByDomain(t *testing.T) {
	v := createVideo(t, map[string]any{"name": "Analytics", "privacy": "public"})
	var quiet struct {
		ID string `json:"id"`
	}
	mustOK(t, call(t, "POST", "/v2/players", ownerOf(t), map[string]any{"name": "quiet", "analytics": "none"})).decode(t, &quiet)
	// The domain comes from the ticket (the page's origin), not the beacon.
	beacon := func(event, viewer, origin, player string) map[string]any {
		return map[string]any{"event": event, "video_id": v.ID, "player_id": player, "viewer_id": viewer,
			"position": 0, "ticket": viewTicket(t, v.ID, origin, player)}
	}
	sendBeacon(t, beacon("play", "0f8fad5b-d9cb-469f-a165-000000000001", "https://www.shop.example", ""))
	sendBeacon(t, beacon("view", "0f8fad5b-d9cb-469f-a165-000000000001", "https://www.shop.example", ""))
	sendBeacon(t, beacon("play", "0f8fad5b-d9cb-469f-a165-000000000001", "https://www.shop.example", "")) // a replay
	sendBeacon(t, beacon("play", "0f8fad5b-d9cb-469f-a165-000000000002", "https://blog.example:8443", ""))
	sendBeacon(t, beacon("play", "0f8fad5b-d9cb-469f-a165-000000000003", "https://blog.example", ""))
	sendBeacon(t, beacon("play", "0f8fad5b-d9cb-469f-a165-000000000004", "", ""))
	sendBeacon(t, beacon("play", "0f8fad5b-d9cb-469f-a165-000000000005", "https://quiet.example", quiet.ID))

	want := map[string]float64{"shop.example": 1, "blog.example": 2, "unknown": 1}
	waitForViews(t, want, "domain", v.ID, "views by domain")
	assert.Equal(t, map[string]float64{"unknown": 4}, viewsBy(t, "country", v.ID), "loopback clients have no country")
	assert.Equal(t, map[string]float64{v.ID: 4}, viewsBy(t, "video_id", v.ID))

	// /v2/analytics/videos is the same as type=videos.
	today := time.Now().UTC().Format(time.DateOnly)
	var rows []map[string]any
	mustOK(t, call(t, "GET", "/v2/analytics/videos?metric=views&start="+today+"&end="+today+"&filter=video_id%3D%3D"+v.ID,
		ownerOf(t), nil)).decode(t, &rows)
	assert.Equal(t, []map[string]any{{"video_id": v.ID, "views": float64(4)}}, rows)
	// It is a form of the one report: the other dimensions go too (issue 30).
	var days []map[string]any
	mustOK(t, call(t, "GET", "/v2/analytics/videos?dimension=day&metric=views&start="+today+"&end="+today+"&filter=video_id%3D%3D"+v.ID,
		ownerOf(t), nil)).decode(t, &days)
	assert.Equal(t, []map[string]any{{"day": today, "views": float64(4)}}, days)
}

func TestAnalyticsBadInputIsA400NamingTheParameter(t *testing.T) {
	base := "/v2/analytics?dimension=domain&metric=views&start=2026-01-01&end=2026-01-31"
	tests := []struct{ name, path, want string }{
		{"no dimension", "/v2/analytics?metric=views&start=2026-01-01&end=2026-01-31", "dimension is required"},
		{"unknown dimension", strings.Replace(base, "domain", "city", 1), "dimension must be one of day, domain, country, video_id"},
		{"unknown metric", strings.Replace(base, "metric=views", "metric=likes", 1), "metric must be one of views, watch_time"},
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
			mustFail(t, call(t, "GET", tt.path, ownerOf(t), nil), http.StatusBadRequest, tt.want)
		})
	}
}
