package e2e

import (
	"context"
	"fmt"
	"net/url"
	"os"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	cdpfetch "github.com/chromedp/cdproto/fetch"
	"github.com/chromedp/cdproto/network"
	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/gateway/web/browsertest"
)

// measureExperience is put in every page before its scripts: the page's own
// clock of the first play request and the first frame on any media element
// (media events do not bubble; the capture phase sees them), the stalls it
// saw, and every beacon the player sent.
const measureExperience = `window.measured = {stalls: 0, beacons: []};
document.addEventListener('play', () => { window.measured.play ??= performance.now(); }, true);
document.addEventListener('playing', () => { window.measured.playing ??= performance.now(); }, true);
document.addEventListener('waiting', () => { if (window.measured.playing) window.measured.stalls++; }, true);
const sendBeacon = navigator.sendBeacon.bind(navigator);
navigator.sendBeacon = (url, body) => { window.measured.beacons.push(JSON.parse(body)); return sendBeacon(url, body); };`

// throttleMedia makes the tab's requests of URLs under prefix (the edge's
// media: manifests and segments) latency milliseconds late and downloads
// them at most download bytes a second; the page and its beacons go at full
// speed, so the test waits only for what it measures.
func throttleMedia(prefix string, latency, download float64) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, target *chromedp.Target) error {
		if _, err := cdp.Call(ctx, target, network.Enable, network.EnableParams{}); err != nil {
			return fmt.Errorf("network.enable: %w", err)
		}
		_, err := cdp.Call(ctx, target, network.EmulateNetworkConditionsByRule, network.EmulateNetworkConditionsByRuleParams{
			MatchedNetworkConditions: []*network.Conditions{{URLPattern: prefix + "*", Latency: latency, DownloadThroughput: download, UploadThroughput: -1}}})
		return err
	})
}

// failRequests answers every request of the tab whose URL matches one of
// the patterns (Fetch's wildcards) with 404, as a broken origin would:
// the page gets a real HTTP failure, which the player must classify.
func failRequests(patterns ...string) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, target *chromedp.Target) error {
		paused := cdp.Events(ctx, target, cdpfetch.RequestPaused)
		go func() { // ends with the tab's context
			for request, err := range paused {
				if err != nil {
					return
				}
				_, _ = cdp.Call(ctx, target, cdpfetch.FulfillRequest, cdpfetch.FulfillRequestParams{
					RequestID: request.RequestID, ResponseCode: 404, Body: []byte("not found")})
			}
		}()
		matching := make([]*cdpfetch.RequestPattern, len(patterns))
		for i, pattern := range patterns {
			matching[i] = &cdpfetch.RequestPattern{URLPattern: pattern}
		}
		_, err := cdp.Call(ctx, target, cdpfetch.Enable, cdpfetch.EnableParams{Patterns: matching})
		return err
	})
}

// experienceBy reads metric by domain for today, of videoID: each view of
// the test came from a page of its own domain.
func experienceBy(t *testing.T, metric, videoID string) map[string]float64 {
	t.Helper()
	today := time.Now().UTC().Format(time.DateOnly)
	query := url.Values{"dimension": {"domain"}, "metric": {metric}, "start": {today}, "end": {today}, "filter": {"video_id==" + videoID}}
	var rows []map[string]any
	mustOK(t, call(t, "GET", "/v2/analytics?"+query.Encode(), ownerOf(t), nil)).decode(t, &rows)
	out := map[string]float64{}
	for _, row := range rows {
		out[row["domain"].(string)] = row[metric].(float64)
	}
	return out
}

// The done-when of issue 32: headless Chromium plays a video through the
// real edge three times, from pages of three domains (the referrer): on a
// clean network; on a throttled one (DevTools network conditions on the
// media: every request 2.5 s late at 200 KiB/s, so each 2-second segment,
// fetched one after another, arrives after the buffer ran dry, yet the play
// goes on); and from a broken origin, whose manifests and MP4 answer 404 (the
// DevTools Fetch domain), so that the player's fallback from HLS to DASH to
// the MP4 ends in a failed start. The reports by domain show the startup
// times the pages measured themselves (within 20%), rebuffering only for the
// throttled view, an error rate of 1 for the failed one, and the browser as
// Chrome. About 40 s (a transcode of a 10 s clip, a throttled play).
func TestBrowserPlaysReportTheExperience(t *testing.T) {
	t.Parallel() // on a suite of its own, with a transcoding worker
	clip := makeClip(t, 320, 240, 10)
	withSuite(t, newSuite(t, 1), "local", func() { playsReportTheExperience(t, clip) })
}

func playsReportTheExperience(t *testing.T, clip string) {
	data, err := os.ReadFile(clip)
	require.NoError(t, err)
	var player struct {
		ID string `json:"id"`
	}
	mustOK(t, call(t, "POST", "/v2/players", ownerOf(t), map[string]any{"name": "autoplay", "autoplay": true, "muted": true})).decode(t, &player)
	ref, _ := uploadForVideo(t, "experience.mp4", data)
	video := waitReady(t, createVideo(t, map[string]any{"name": "Experience", "input": ref, "privacy": "public"}).ID).ID

	tab := browsertest.NewTab(t)
	require.NoError(t, chromedp.Do(tab, chromedp.Navigate("about:blank")))
	// play opens the video's embed page, as linked from a page of domain
	// (the referrer: the view's domain), in a browser context of its own
	// (its own viewer id), under conditions, and runs done on it; then it
	// leaves the page, whose last heartbeat goes then. The context stays to
	// the end of the test: closing it would cancel that beacon on its way,
	// which closing a tab does not.
	play := func(domain string, conditions chromedp.Action[chromedp.Void], done func(ctx context.Context)) {
		ctx, cancel := chromedp.NewContext(tab, chromedp.WithNewBrowserContext())
		t.Cleanup(cancel)
		require.NoError(t, chromedp.Do(ctx, conditions, chromedp.Func(func(ctx context.Context, target *chromedp.Target) error {
			if _, err := cdp.Call(ctx, target, cdppage.AddScriptToEvaluateOnNewDocument,
				cdppage.AddScriptToEvaluateOnNewDocumentParams{Source: measureExperience}); err != nil {
				return err
			}
			_, err := cdp.Call(ctx, target, cdppage.Navigate, cdppage.NavigateParams{
				URL: suiteOf(t).URL + "/embed/" + video + "?player=" + player.ID, Referrer: "http://" + domain + "/blog/post"})
			return err
		})))
		done(ctx)
		require.NoError(t, chromedp.Do(ctx, chromedp.Navigate("about:blank")))
	}
	// playedTo waits until the page played to seconds (or the end) and
	// returns its startup time as the page measured it, in ms.
	playedTo := func(ctx context.Context, seconds float64) (startup float64) {
		browsertest.Poll[bool](t, ctx, `!!window.measured?.playing`) // a throttled start takes a while
		browsertest.Poll[bool](t, ctx, fmt.Sprintf(`(v => v.currentTime >= %g || v.ended)(document.querySelector('video'))`, seconds))
		return browsertest.Eval[float64](t, ctx, `window.measured.playing - window.measured.play`)
	}
	var cleanStartup, throttledStartup, throttledStalls float64
	play("clean.example", chromedp.Steps(), func(ctx context.Context) { cleanStartup = playedTo(ctx, 2) })
	play("throttled.example", throttleMedia(suiteOf(t).URL+"/media/", 2500, 200<<10), func(ctx context.Context) {
		throttledStartup = playedTo(ctx, 6)
		throttledStalls = browsertest.Eval[float64](t, ctx, `window.measured.stalls`)
	})
	var failedErrors []map[string]any
	play("failed.example", failRequests("*.m3u8*", "*.mpd*", "*.mp4*"), func(ctx context.Context) {
		browsertest.Poll[bool](t, ctx, `window.measured.beacons.some((b) => b.event === 'error' && b.fatal)`)
		failedErrors = browsertest.Eval[[]map[string]any](t, ctx,
			`window.measured.beacons.filter((b) => b.event === 'error').map((b) => ({class: b.error_class, fatal: !!b.fatal}))`)
	})
	t.Logf("the pages measured: startup clean %.0f ms, throttled %.0f ms; %v stalls throttled", cleanStartup, throttledStartup, throttledStalls)
	require.Positive(t, throttledStalls, "the throttled page saw the video wait for data")
	assert.Equal(t, []map[string]any{{"class": "manifest", "fatal": false}, {"class": "manifest", "fatal": false}, {"class": "manifest", "fatal": true}},
		failedErrors, "HLS and DASH fail and the player goes on; the MP4 fails and it stops")

	// The throttled page's stalls may come only in its last heartbeat.
	var rebuffer, errorRate map[string]float64
	arrived := assert.Eventually(t, func() bool {
		rebuffer, errorRate = experienceBy(t, "rebuffer_ratio", video), experienceBy(t, "error_rate", video)
		return len(rebuffer) == 2 && rebuffer["throttled.example"] > 0 && len(errorRate) == 3
	}, browsertest.WaitTimeout, 200*time.Millisecond)
	require.True(t, arrived, "rebuffering on the throttled view, and the heartbeats and errors of all three, reach the report: "+
		"rebuffer_ratio %v, error_rate %v", rebuffer, errorRate)
	assert.Equal(t, 0.0, rebuffer["clean.example"], "no rebuffering on a clean network")
	assert.Equal(t, map[string]float64{"clean.example": 0, "throttled.example": 0, "failed.example": 1}, errorRate,
		"the failed start is an error, the others none")
	startups := experienceBy(t, "startup_time_p50", video)
	t.Logf("reported: startup_time_p50 %v, rebuffer_ratio %v", startups, rebuffer)
	assert.InEpsilon(t, cleanStartup/1000, startups["clean.example"], 0.2, "clean start: reported %v s, page %v ms", startups["clean.example"], cleanStartup)
	assert.InEpsilon(t, throttledStartup/1000, startups["throttled.example"], 0.2, "throttled start: reported %v s, page %v ms",
		startups["throttled.example"], throttledStartup)

	today := time.Now().UTC().Format(time.DateOnly)
	var browsers []map[string]any
	mustOK(t, call(t, "GET", "/v2/analytics?dimension=browser&metric=views&start="+today+"&end="+today+
		"&filter="+url.QueryEscape("video_id=="+video), ownerOf(t), nil)).decode(t, &browsers)
	assert.Equal(t, []map[string]any{{"browser": "Chrome", "views": float64(2)}}, browsers, "headless Chromium is Chrome")
}
