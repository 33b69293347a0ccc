package e2e

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"regexp"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/viewticket"
)

var playerConfig = regexp.MustCompile(`(?s)<script type="application/json" id="vidhost-config">(.*?)</script>`)

// embedPage loads /embed/{videoID} as a browser framed by referer would, and
// returns the status, the body and the view ticket the page hands its
// player ("" when none).
func embedPage(t *testing.T, videoID, referer string) (int, string, string) {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, suiteOf(t).URL+"/embed/"+videoID, nil)
	require.NoError(t, err)
	req.Header.Set("User-Agent", chromeUA)
	if referer != "" {
		req.Header.Set("Referer", referer)
	}
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	var config struct {
		ViewTicket string `json:"view_ticket"`
	}
	if m := playerConfig.FindSubmatch(body); m != nil {
		require.NoError(t, json.Unmarshal(m[1], &config))
	}
	return resp.StatusCode, string(body), config.ViewTicket
}

// The attack of issue 26 #5, "forged views": with no credentials, beacons
// for a private video, or a public one, with no ticket, a forged or an
// expired one, or another video's, count nothing and are told why (4xx);
// a private video's page without a credential hands out no ticket; one
// real page's ticket replayed 50 times, with made-up viewer ids, counts
// once; and a real page's ticket counts. About 20 s (a suite of its own,
// with a worker for a real transcode of a 2 s clip: a player page needs a
// ready video).
func TestForgedViewsCountNothing(t *testing.T) {
	t.Parallel() // on a suite of its own (suites_test.go)
	clip := makeClip(t, 160, 120, 2)
	withSuite(t, newSuite(t, 1), "local", func() { forgeViews(t, clip) })
}

func forgeViews(t *testing.T, clip string) {
	data, err := os.ReadFile(clip)
	require.NoError(t, err)
	ref, _ := uploadForVideo(t, "clip.mp4", data)
	shown := waitReady(t, createVideo(t, map[string]any{"name": "Ticketed", "input": ref, "privacy": "public"}).ID)
	other := createVideo(t, map[string]any{"name": "Another", "privacy": "public"})
	private := createVideo(t, map[string]any{"name": "Private", "privacy": "private"})

	status, body, ticket := embedPage(t, private.ID, "https://made.up/")
	assert.Equal(t, http.StatusForbidden, status, "a private video's page needs a credential")
	assert.Empty(t, ticket)
	assert.NotContains(t, body, "vwt1.")

	stranger := viewticket.NewSigner([]byte("another installation's key, 32 bytes or more"), time.Now)
	fiveHoursAgo := func() time.Time { return time.Now().Add(-5 * time.Hour) }
	issue := func(s viewticket.Signer, videoID string) string {
		return s.Issue(viewticket.Ticket{AccountID: suiteOf(t).Credentials.AccountID, VideoID: videoID, Origin: "https://made.up"}, time.Time{})
	}
	_, _, shownTicket := embedPage(t, shown.ID, "https://www.shop.example/product/7")
	require.NotEmpty(t, shownTicket, "a public video's page hands its player a ticket")
	attacks := []struct {
		name, videoID, ticket string
		status                int
		message               string
	}{
		{"private video, no ticket", private.ID, "", http.StatusBadRequest, "ticket is required"},
		{"public video, no ticket", shown.ID, "", http.StatusBadRequest, "ticket is required"},
		{"forged ticket", private.ID, issue(stranger, private.ID), http.StatusForbidden, "ticket is not valid"},
		{"expired ticket", shown.ID, issue(viewTickets(t, fiveHoursAgo), shown.ID), http.StatusForbidden, "ticket has expired"},
		{"video A's ticket for video B", other.ID, shownTicket, http.StatusForbidden, "ticket is for another video"},
		{"video A's ticket for a private video", private.ID, shownTicket, http.StatusForbidden, "ticket is for another video"},
	}
	for _, attack := range attacks {
		t.Run(attack.name, func(t *testing.T) {
			for i := range 3 {
				status, answer := postBeacon(t, map[string]any{"event": "play", "video_id": attack.videoID, "position": 0,
					"viewer_id": "", "referrer": fmt.Sprintf("https://made-up-%d.example/", i), "ticket": attack.ticket})
				assert.Equal(t, attack.status, status)
				assert.Contains(t, answer, attack.message)
			}
		})
	}

	// The real page's ticket, replayed with a new viewer id each time (and
	// none), is one view; another page load is another.
	for i := range 50 {
		viewer := fmt.Sprintf("forged-viewer-%02d-0000000000", i)
		if i == 49 {
			viewer = ""
		}
		sendBeacon(t, map[string]any{"event": "play", "video_id": shown.ID, "viewer_id": viewer, "position": 0, "ticket": shownTicket})
	}
	_, _, secondPage := embedPage(t, shown.ID, "https://blog.example/post")
	sendBeacon(t, map[string]any{"event": "play", "video_id": shown.ID, "viewer_id": "5d1f0c2e-7a4b-4c1e-9e0f-0000000000aa",
		"position": 0, "ticket": secondPage})

	want := map[string]float64{"shop.example": 1, "blog.example": 1}
	require.Eventually(t, func() bool { return assert.ObjectsAreEqual(want, viewsBy(t, "domain", shown.ID)) },
		15*time.Second, 100*time.Millisecond, "one view per page load, domains from the pages' tickets")
	assert.Empty(t, viewsBy(t, "domain", other.ID), "nothing counted for video B")
	assert.Empty(t, viewsBy(t, "domain", private.ID), "nothing counted for the private video")
}
