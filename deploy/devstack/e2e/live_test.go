package e2e

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/gateway/web/browsertest"
	"github.com/vidhost/vidhost/pkg/hlstest"
	"github.com/vidhost/vidhost/pkg/simulcast/simulcasttest"
)

// The live session (issue: live events) takes about a minute on two cores:
// a 30 s generated stream is pushed over RTMP with ffmpeg -re; the event
// goes live, its live playlist serves segments through the edge (and, made
// private, only with a viewer token); its low-latency playlist answers a
// blocking reload as the moment its part exists and hls.js in low-latency
// mode plays it (its latency logged); the watch
// page plays it in headless Chromium (the player's video.js HLS engine), as
// does hls.js on a page of another origin; a second
// publisher and a wrong key are refused with their reason; once the
// publisher stops, the recording goes through the ladder and the event is
// ready with the stream's duration; no ffmpeg is left behind.

// liveEvent is what the live test reads of an event.
type liveEvent struct {
	ID           string              `json:"id"`
	Status       string              `json:"status"`
	StatusReason string              `json:"status_reason"`
	Input        string              `json:"input"`
	Duration     float64             `json:"duration"`
	Outputs      []map[string]string `json:"outputs"`
}

// streamSeconds is how long the test's publisher streams.
const streamSeconds = 30

func TestLiveEventOverRTMP(t *testing.T) {
	if testing.Short() {
		t.Skip("pushes a 12 s stream and transcodes its recording")
	}
	t.Parallel() // on a suite of its own (suites_test.go)
	withSuite(t, newSuite(t, 1), "local", func() {
		var event liveEvent
		mustOK(t, call(t, "POST", "/v2/videos", ownerOf(t), map[string]any{"name": "Launch", "type": "event"})).decode(t, &event)
		require.True(t, strings.HasPrefix(event.Input, suiteOf(t).LiveRTMPURL+"/vhlive_"), "input is the RTMP URL with the key: %s", event.Input)

		wrong := push(t, suiteOf(t).LiveRTMPURL+"/vhlive_"+strings.Repeat("A", 43), 2)
		assert.Error(t, wrong.wait(t), "a wrong key is refused")
		assert.Contains(t, wrong.log(), "unknown stream key", "the publisher sees why")

		start := time.Now()
		publisher := push(t, event.Input, streamSeconds)
		live := waitStatus(t, event.ID, "live", time.Minute)
		t.Logf("live %s after the publisher started", time.Since(start).Round(time.Millisecond))
		// A second publisher, while the first surely streams (the browser
		// steps below take many seconds under load; once the first has
		// ended, a publisher is its reconnect).
		second := push(t, event.Input, 2)
		assert.Error(t, second.wait(t), "a second publisher is refused while one is live")
		assert.Contains(t, second.log(), "already has a publisher")
		require.Len(t, live.Outputs, 2)
		assert.Equal(t, "HLS low-latency", live.Outputs[1]["label"])
		assertLivePlaylistServes(t, live.Outputs[0]["url"])
		// Low-latency HLS, through the edge, first: the stream is young.
		lowLatencyURL := live.Outputs[1]["url"]
		require.True(t, strings.HasSuffix(lowLatencyURL, "/media/"+event.ID+"/live/ll/master.m3u8"), lowLatencyURL)
		assertBlockingReload(t, lowLatencyURL)
		t.Logf("hls.js low-latency live latency (wall clock - EXT-X-PROGRAM-DATE-TIME at the playhead): %s",
			playWithHlsJSLowLatency(t, lowLatencyURL).Round(time.Millisecond))
		// The watch page's player (video.js) plays the live stream.
		tab := browsertest.NewTab(t)
		browsertest.Open(t, tab, suiteOf(t).URL+"/watch/"+event.ID)
		browsertest.Play(t, tab)
		browsertest.Poll[bool](t, tab, `document.querySelector('video').currentTime > 1`)
		// The player shows its live indicator (live.ts), red: the viewer is
		// at the live edge.
		browsertest.Poll[bool](t, tab, `(() => { const b = document.querySelector('.vh-live');
			return !!b && !b.hidden && b.getBoundingClientRect().width > 0 && !b.classList.contains('vh-live-behind'); })()`)
		assert.Equal(t, "LIVE", browsertest.Eval[string](t, tab, `document.querySelector('.vh-live').textContent`))
		t.Logf("playing in Chromium %s after the publisher started", time.Since(start).Round(time.Millisecond))
		// hls.js, on a customer's page of another origin, plays it too.
		t.Logf("hls.js live latency (wall clock - EXT-X-PROGRAM-DATE-TIME at the playhead): %s",
			playWithHlsJS(t, live.Outputs[0]["url"]).Round(time.Millisecond))

		assertPrivateLivePlaylist(t, event.ID, live.Outputs[0]["url"], lowLatencyURL)

		require.NoError(t, publisher.wait(t), "the publisher ran to its end: %s", publisher.log())
		ready := waitStatus(t, event.ID, "ready", 3*time.Minute)
		assert.InDelta(t, streamSeconds, ready.Duration, 1.5, "the recording lasts as long as the stream")
		assert.Empty(t, liveFFmpegs(t), "no live ffmpeg is left behind")

		again := push(t, event.Input, 2)
		assert.Error(t, again.wait(t), "an ended event takes no publisher")
		assert.Contains(t, again.log(), "has ended")
	})
}

// The plan's live limits reach the publisher through the whole stack: a pro
// account (one event live at once) has its second event's publisher refused
// with the reason, while its first event stays live until the operator
// disables the account. Its first event restreams to two local receivers
// meanwhile (exerciseRestreams, live_restream_test.go).
func TestLivePlanLimitOverRTMP(t *testing.T) {
	if testing.Short() {
		t.Skip("pushes two streams over RTMP")
	}
	t.Parallel() // on a suite of its own (suites_test.go)
	withSuite(t, newSuite(t, 1), "local", func() {
		acc := createTenant(t, "Live limits e2e", "pro")
		var first, second liveEvent
		mustOK(t, call(t, "POST", "/v2/videos", acc.key, map[string]any{"name": "One", "type": "event"})).decode(t, &first)
		mustOK(t, call(t, "POST", "/v2/videos", acc.key, map[string]any{"name": "Two", "type": "event"})).decode(t, &second)
		steady, dying := simulcasttest.Start(t, "steady-key"), simulcasttest.Start(t, "dying-key")
		outs := [2]restream{addRestream(t, acc.key, first.ID, "Steady", steady), addRestream(t, acc.key, first.ID, "Dying", dying)}

		publisher := push(t, first.Input, 90)
		waitStatusAs(t, acc.key, first.ID, "live", time.Minute)
		refused := push(t, second.Input, 2)
		assert.Error(t, refused.wait(t), "a second event beyond the plan is refused")
		assert.Contains(t, refused.log(), "the most the pro plan allows at once", "the publisher sees why")
		var one, two liveEvent
		mustOK(t, call(t, "GET", "/v2/videos/"+second.ID, acc.key, nil)).decode(t, &two)
		assert.Equal(t, "preparing", two.Status, "the refused event is untouched")
		mustOK(t, call(t, "GET", "/v2/videos/"+first.ID, acc.key, nil)).decode(t, &one)
		assert.Equal(t, "live", one.Status, "the first event was not cut")
		exerciseRestreams(t, acc.key, first.ID, steady, dying, outs)

		// The operator disables the account: its publisher is cut at the
		// live service's next key check (account.updated reached the
		// catalog), long before its 90 s stream ends.
		cutFrom := time.Now()
		code, _ := admin(t, "accounts", "disable", acc.id)
		require.Equal(t, 0, code)
		assert.Error(t, publisher.wait(t), "the disabled account's publisher is cut")
		t.Logf("publisher cut %s after the account was disabled", time.Since(cutFrom).Round(time.Millisecond))
		assert.Less(t, time.Since(cutFrom), 30*time.Second)
		code, _ = admin(t, "accounts", "enable", acc.id)
		require.Equal(t, 0, code)
		ended := waitStatusAs(t, acc.key, first.ID, "ready", 3*time.Minute)
		assert.Less(t, ended.Duration, 70.0, "the recording stops where the stream was cut")
	})
}

// assertLivePlaylistServes follows the master playlist to a variant and
// one of its segments through the edge.
func assertLivePlaylistServes(t *testing.T, masterURL string) {
	t.Helper()
	master := fetch(t, masterURL)
	require.Contains(t, master, "#EXT-X-STREAM-INF", "a master playlist")
	variant := hlstest.Resolve(t, masterURL, hlstest.FirstURI(master))
	// The master playlist can name a variant a moment before the packager
	// has written the variant's first playlist (seen on a loaded machine);
	// players retry such a 404, and so does this.
	require.Eventually(t, func() bool { return statusOf(t, variant) == http.StatusOK },
		15*time.Second, 100*time.Millisecond, "the variant playlist %s is served", variant)
	playlist := fetch(t, variant)
	assert.Contains(t, playlist, "#EXT-X-PROGRAM-DATE-TIME", "players can measure latency")
	assert.Contains(t, playlist, "#EXT-X-MAP", "CMAF: an init segment")
	segment := hlstest.Resolve(t, variant, hlstest.FirstURI(playlist))
	body := fetch(t, segment)
	assert.NotEmpty(t, body, "a segment of %s", segment)
}

// assertPrivateLivePlaylist makes the live event private: its playlists
// (standard and low-latency) are refused without a credential and open
// with a viewer token, whose media token the edge writes into the URLs of
// the playlists it serves.
func assertPrivateLivePlaylist(t *testing.T, id, masterURL, lowLatencyURL string) {
	t.Helper()
	mustOK(t, call(t, "PATCH", "/v2/videos/"+id, ownerOf(t), map[string]any{"privacy": "private"}))
	require.Eventually(t, func() bool { return statusOf(t, masterURL) == http.StatusForbidden },
		5*time.Second, 50*time.Millisecond, "the edge sees the event private")
	master := fetch(t, masterURL+"?jwt="+mintViewerToken(t, id))
	variant := hlstest.Resolve(t, masterURL, hlstest.FirstURI(master))
	require.Contains(t, variant, "token=", "the edge put a media token into the variant's URL")
	playlist := fetch(t, variant)
	segment := hlstest.Resolve(t, variant, hlstest.FirstURI(playlist))
	require.Contains(t, segment, "token=")
	assert.NotEmpty(t, fetch(t, segment))
	assertPrivateLowLatency(t, id, lowLatencyURL)
	mustOK(t, call(t, "PATCH", "/v2/videos/"+id, ownerOf(t), map[string]any{"privacy": "unlisted"}))
}

func statusOf(t *testing.T, u string) int {
	t.Helper()
	resp, err := http.Get(u) //nolint:gosec,noctx // the suite's own edge
	require.NoError(t, err)
	_ = resp.Body.Close()
	return resp.StatusCode
}

func fetch(t *testing.T, u string) string {
	t.Helper()
	resp, err := http.Get(u) //nolint:gosec,noctx // the suite's own edge
	require.NoError(t, err)
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	require.Equal(t, http.StatusOK, resp.StatusCode, "%s: %s", u, body)
	return string(body)
}

// waitStatus polls the owner's event until it has status, failing on error.
func waitStatus(t *testing.T, id, status string, within time.Duration) liveEvent {
	t.Helper()
	return waitStatusAs(t, ownerOf(t), id, status, within)
}

// waitStatusAs polls the event with key until it has status.
func waitStatusAs(t *testing.T, key, id, status string, within time.Duration) liveEvent {
	t.Helper()
	deadline := time.Now().Add(within)
	for time.Now().Before(deadline) {
		var v liveEvent
		mustOK(t, call(t, "GET", "/v2/videos/"+id, key, nil)).decode(t, &v)
		require.NotEqual(t, "error", v.Status, "the event failed: %s", v.StatusReason)
		if v.Status == status {
			return v
		}
		time.Sleep(200 * time.Millisecond)
	}
	t.Fatalf("event %s not %s within %s", id, status, within)
	return liveEvent{}
}

// publisher is an ffmpeg pushing a generated stream.
type publisher struct {
	cmd  *exec.Cmd
	done chan error
	out  *bytes.Buffer
}

// push starts ffmpeg -re sending seconds of testsrc2 and a sine tone to
// ingestURL, with 2 s keyframes as docs/live.md asks of publishers: FLV to
// an rtmp:// URL, MPEG-TS to an srt:// one.
func push(t *testing.T, ingestURL string, seconds int) *publisher {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Duration(seconds+60)*time.Second)
	t.Cleanup(cancel)
	length := strconv.Itoa(seconds)
	cmd := exec.CommandContext(ctx, "ffmpeg", "-hide_banner", "-loglevel", "error", "-nostdin",
		"-re", "-f", "lavfi", "-i", "testsrc2=size=640x360:rate=30:duration="+length,
		"-re", "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000:duration="+length,
		"-c:v", "libx264", "-preset", "veryfast", "-tune", "zerolatency", "-g", "60", "-pix_fmt", "yuv420p",
		"-c:a", "aac", "-b:a", "128k", "-f", containerFor(ingestURL), ingestURL)
	p := &publisher{cmd: cmd, done: make(chan error, 1), out: &bytes.Buffer{}}
	cmd.Stderr = p.out
	require.NoError(t, cmd.Start())
	go func() { p.done <- cmd.Wait() }()
	return p
}

// containerFor is what ffmpeg sends over an ingest URL's protocol.
func containerFor(ingestURL string) string {
	if strings.HasPrefix(ingestURL, "srt://") {
		return "mpegts"
	}
	return "flv"
}

func (p *publisher) wait(t *testing.T) error {
	t.Helper()
	select {
	case err := <-p.done:
		return err
	case <-time.After(2 * time.Minute):
		t.Fatal("the publisher did not end")
		return nil
	}
}

func (p *publisher) log() string { return p.out.String() }

// liveFFmpegs lists the live service's ffmpeg processes still running
// (their command line maps variant streams; no other ffmpeg of the suite
// does) of t's own suite: those write under its data directory, so the live
// tests running beside it (t.Parallel) do not count.
func liveFFmpegs(t *testing.T) []string {
	t.Helper()
	dir := varDirOf(t)
	require.NotEmpty(t, dir, "liveFFmpegs needs a suite started by newSuite")
	var found []string
	deadline := time.Now().Add(20 * time.Second)
	for {
		found = found[:0]
		procs, err := filepath.Glob("/proc/[0-9]*/cmdline")
		require.NoError(t, err)
		for _, p := range procs {
			cmdline, err := os.ReadFile(p) //nolint:gosec // /proc
			if err == nil && bytes.Contains(cmdline, []byte("var_stream_map")) && bytes.Contains(cmdline, []byte("pipe:0")) &&
				bytes.Contains(cmdline, []byte(dir+"/")) {
				found = append(found, p)
			}
		}
		if len(found) == 0 || time.Now().After(deadline) {
			return found
		}
		time.Sleep(200 * time.Millisecond)
	}
}
