package e2e

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/gateway/web/browsertest"
	"github.com/vidhost/vidhost/pkg/hlstest"
)

// The live test's low-latency HLS checks (TestLiveEventOverRTMP), through
// the edge: the LL playlist's blocking reload, hls.js in low-latency mode
// (its latency logged) and a private event's tokens on every request.

// hlsLowLatencyPage is hlsPage with hls.js in low-latency mode (its
// default; said here because it is the point), allowed to play up to 1.5x
// until it is back at its target latency after a slow start
// (docs/live.md, "Low-latency HLS").
var hlsLowLatencyPage = strings.Replace(hlsPage, `new Hls({liveSyncDurationCount: 2})`,
	`new Hls({lowLatencyMode: true, maxLiveSyncPlaybackRate: 1.5})`, 1)

// playWithHlsJSLowLatency plays the LL master with hls.js in low-latency
// mode on a page of its own origin for four seconds, and
// returns the latency the viewer sees (wall clock minus the playhead's
// EXT-X-PROGRAM-DATE-TIME, which the packager dates from the arrival of
// the stream's first frame: publisher to screen, the encoder aside). It
// checks that hls.js used the LL features: blocking reloads and parts.
func playWithHlsJSLowLatency(t *testing.T, masterURL string) time.Duration {
	t.Helper()
	require.NotEqual(t, hlsPage, hlsLowLatencyPage, "the page turns low-latency mode on")
	tab := openHLSPage(t, hlsLowLatencyPage, masterURL)
	// The media's clock starts with the stream, not with the page: four
	// seconds of playing from where hls.js joined.
	joined := browsertest.Eval[float64](t, tab, `document.querySelector('video').currentTime`)
	browsertest.Poll[bool](t, tab, fmt.Sprintf(`window.hlsErrors.length > 0 || document.querySelector('video').currentTime > %f`, joined+4))
	require.Empty(t, browsertest.Eval[[]string](t, tab, `window.hlsErrors`), "hls.js played without a fatal error")
	latency := time.Duration(browsertest.Eval[float64](t, tab, `Date.now() - window.hls.playingDate.getTime()`)) * time.Millisecond
	count := func(substring string) int {
		return browsertest.Eval[int](t, tab, fmt.Sprintf(`performance.getEntriesByType('resource').filter(e => e.name.includes(%q)).length`, substring))
	}
	blocking, parts := count("_HLS_msn="), count("/part")
	t.Logf("hls.js low-latency: %.2f s behind the playlist's edge (target %.2f s); %d blocking reloads, %d part requests",
		browsertest.Eval[float64](t, tab, `window.hls.latency`), browsertest.Eval[float64](t, tab, `window.hls.targetLatency`), blocking, parts)
	assert.Positive(t, blocking, "hls.js reloads the playlist by blocking")
	assert.Positive(t, parts, "hls.js loads parts")
	return latency
}

var partTargetTag = regexp.MustCompile(`#EXT-X-PART-INF:PART-TARGET=([0-9.]+)`)

// assertBlockingReload checks the LL playlist's delivery rules through
// the edge (RFC 8216bis 6.2.5.2): a request for the next part (_HLS_msn,
// _HLS_part of the preload hint's part) blocks until the part exists and
// is answered within one part duration after it does. When the part comes
// into existence is watched by plain reloads every 20 ms meanwhile.
func assertBlockingReload(t *testing.T, masterURL string) {
	t.Helper()
	media := hlstest.Resolve(t, masterURL, hlstest.FirstURI(fetch(t, masterURL)))
	playlist := fetch(t, media)
	for _, tag := range []string{"#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES", "PART-HOLD-BACK=", "#EXT-X-PART:", "#EXT-X-PRELOAD-HINT:TYPE=PART",
		"#EXT-X-PROGRAM-DATE-TIME:", "#EXTINF:"} {
		require.Contains(t, playlist, tag, "the LL playlist, which standard players read by its EXTINF segments")
	}
	target := partTargetTag.FindStringSubmatch(playlist)
	require.NotNil(t, target)
	seconds, err := strconv.ParseFloat(target[1], 64)
	require.NoError(t, err)
	partTarget := time.Duration(seconds * float64(time.Second))
	msn, part, hinted := nextPart(t, playlist)
	partLine := `URI="` + hinted + `"`

	ctx, stop := context.WithCancel(t.Context())
	defer stop()
	seen := make(chan time.Time, 1)
	go func() {
		for ctx.Err() == nil {
			if body, err := fetchBody(ctx, media); err == nil && strings.Contains(body, "#EXT-X-PART:") && strings.Contains(body, partLine) {
				seen <- time.Now()
				return
			}
			time.Sleep(20 * time.Millisecond)
		}
	}()
	asked := time.Now()
	blocked := fetch(t, fmt.Sprintf("%s?_HLS_msn=%d&_HLS_part=%d", media, msn, part))
	answered := time.Now()
	assert.Contains(t, blocked, "#EXT-X-PART:", "the answer is a playlist with parts")
	require.Contains(t, blocked, partLine, "the answer lists the part asked for: it did not come before the part existed")
	var exists time.Time
	select {
	case exists = <-seen:
	case <-time.After(5 * time.Second):
		t.Fatal("plain reloads never saw the part")
	}
	t.Logf("blocking reload of %s: blocked %s; answered %s after plain reloads saw the part (part target %s)",
		hinted, answered.Sub(asked).Round(time.Millisecond), answered.Sub(exists).Round(time.Millisecond), partTarget)
	assert.Less(t, answered.Sub(exists), partTarget, "answered within one part duration of the part's existence")
}

// nextPart reads the preload hint's part from a full LL playlist: the
// media sequence number of the segment in progress and the hinted part's
// index in it (its _HLS_msn and _HLS_part), and its URI.
func nextPart(t *testing.T, playlist string) (msn, part int, uri string) {
	t.Helper()
	lines := bufio.NewScanner(strings.NewReader(playlist))
	for lines.Scan() {
		line := lines.Text()
		switch {
		case strings.HasPrefix(line, "#EXT-X-MEDIA-SEQUENCE:"):
			n, err := strconv.Atoi(strings.TrimPrefix(line, "#EXT-X-MEDIA-SEQUENCE:"))
			require.NoError(t, err)
			msn = n
		case strings.HasPrefix(line, "#EXTINF:"):
			msn, part = msn+1, 0 // the segment's URI line follows; parts after it are the next one's
		case strings.HasPrefix(line, "#EXT-X-PART:"):
			part++
		case strings.HasPrefix(line, "#EXT-X-PRELOAD-HINT:"):
			_, rest, _ := strings.Cut(line, `URI="`)
			uri, _, _ = strings.Cut(rest, `"`)
		}
	}
	require.NotEmpty(t, uri, "a preload hint: %s", playlist)
	return msn, part, uri
}

// assertPrivateLowLatency checks a private event's LL stream: nothing
// without a credential; a viewer token opens the master, whose media token
// the edge writes into the stream's URI and then into every part, hint,
// map and segment URI of the playlists, and that token opens each of them.
func assertPrivateLowLatency(t *testing.T, id, masterURL string) {
	t.Helper()
	assert.Equal(t, http.StatusForbidden, statusOf(t, masterURL), "no credential")
	master := fetch(t, masterURL+"?jwt="+mintViewerToken(t, id))
	media := hlstest.Resolve(t, masterURL, hlstest.FirstURI(master))
	require.Contains(t, media, "token=", "the edge put a media token into the stream's URL")
	withoutToken, _, _ := strings.Cut(media, "?")
	assert.Equal(t, http.StatusForbidden, statusOf(t, withoutToken), "the stream's playlist needs the token")
	playlist := fetch(t, media)
	token := media[strings.Index(media, "token="):]
	for _, tag := range []string{"#EXT-X-MAP:URI=", "#EXT-X-PART:", "#EXT-X-PRELOAD-HINT:"} {
		for line := range strings.Lines(playlist) {
			if strings.HasPrefix(line, tag) {
				assert.Contains(t, line, token, "every %s URI carries the token", tag)
			}
		}
	}
	msn, part, _ := nextPart(t, playlist)
	blocked := fetch(t, fmt.Sprintf("%s&_HLS_msn=%d&_HLS_part=%d", media, msn, part))
	assert.Contains(t, blocked, token, "a blocking reload with the token")
	var partURI string
	for line := range strings.Lines(playlist) {
		if strings.HasPrefix(line, "#EXT-X-PART:") {
			_, rest, _ := strings.Cut(line, `URI="`)
			partURI, _, _ = strings.Cut(rest, `"`)
		}
	}
	require.Contains(t, partURI, "token=")
	partURL := hlstest.Resolve(t, media, partURI)
	assert.NotEmpty(t, fetch(t, partURL), "a part opens with the token")
	withoutToken, _, _ = strings.Cut(partURL, "?")
	assert.Equal(t, http.StatusForbidden, statusOf(t, withoutToken), "and not without")
}

// fetchBody reads u's body (any status but 200 is an error): fetch for
// goroutines, which must not stop the test.
func fetchBody(ctx context.Context, u string) (string, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return "", err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err == nil && resp.StatusCode != http.StatusOK {
		err = fmt.Errorf("%s: %s", u, resp.Status)
	}
	return string(body), err
}
