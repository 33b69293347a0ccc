package e2e

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/hlstest"
)

// The instant-clip session (issue 31 item 4, docs/live.md "Instant
// clips") takes about 50 s on two cores: a 40 s stream is pushed over RTMP;
// once 24 s of it are in the live playlists, a clip of the last 20 s is
// asked for while the event is live, becomes ready within seconds without
// an encode, and its HLS and MP4 last 20 s (give or take a 2 s segment)
// and play in hls.js; a clip past the live edge is refused with the DVR
// window, and the live stream goes on to its end.
func TestLiveInstantClip(t *testing.T) {
	if testing.Short() {
		t.Skip("pushes a 40 s stream")
	}
	t.Parallel() // on a suite of its own (suites_test.go)
	withSuite(t, newSuite(t, 1), "local", func() {
		var event liveEvent
		mustOK(t, call(t, "POST", "/v2/videos", ownerOf(t), map[string]any{"name": "Match", "type": "event"})).decode(t, &event)
		publisher := push(t, event.Input, 40)
		live := waitStatus(t, event.ID, "live", time.Minute)
		require.Len(t, live.Outputs, 2, "standard and low-latency HLS")
		require.Equal(t, "HLS live", live.Outputs[0]["label"])
		edge := waitLiveEdge(t, live.Outputs[0]["url"], 24)
		clipsPath := "/v2/videos/" + event.ID + "/clips"

		mustFail(t, call(t, "POST", clipsPath, ownerOf(t), map[string]any{"start_seconds": edge, "end_seconds": edge + 20}),
			400, "end_seconds must be within the live DVR window, now 0-")
		var clip liveEvent
		asked := time.Now()
		mustOK(t, call(t, "POST", clipsPath, ownerOf(t),
			map[string]any{"start_seconds": edge - 20, "end_seconds": edge})).decode(t, &clip)
		ready := waitStatus(t, clip.ID, "ready", time.Minute)
		t.Logf("clip of %d-%d s ready %s after it was asked for", edge-20, edge, time.Since(asked).Round(time.Millisecond))

		assert.InDelta(t, 20, ready.Duration, 2, "the last 20 s, to the 2 s segment")
		var hls string
		for _, out := range ready.Outputs {
			assert.InDelta(t, 20, probeDuration(t, out["url"]), 2.1, "ffprobe reads %s (%s)", out["label"], out["url"])
			if out["label"] == "HLS" {
				hls = out["url"]
			}
		}
		require.NotEmpty(t, hls, "an HLS output: %v", ready.Outputs)
		openHLSPage(t, hlsPage, hls) // plays a second without a fatal hls.js error

		assert.Equal(t, "live", getEvent(t, event.ID).Status, "the live event is untouched")
		require.NoError(t, publisher.wait(t), "the publisher ran to its end: %s", publisher.log())
	})
}

// waitLiveEdge waits until every variant of the live master playlist lists
// at least seconds of the stream and returns where the shortest ends, in
// seconds from the start of the stream: 2 s segments numbered from 0, so
// EXT-X-MEDIA-SEQUENCE plus the segments listed, times two.
func waitLiveEdge(t *testing.T, masterURL string, seconds int) int {
	t.Helper()
	deadline := time.Now().Add(time.Minute)
	for time.Now().Before(deadline) {
		edge := -1
		for _, uri := range uris(fetch(t, masterURL)) {
			end := playlistEnd(fetch(t, hlstest.Resolve(t, masterURL, uri)))
			if edge < 0 || end < edge {
				edge = end
			}
		}
		if edge >= seconds {
			return edge
		}
		time.Sleep(500 * time.Millisecond)
	}
	t.Fatalf("the live playlists of %s did not reach %d s within a minute", masterURL, seconds)
	return 0
}

// playlistEnd is where a live media playlist's last segment ends, in
// seconds from the start of the stream.
func playlistEnd(playlist string) int {
	sequence := 0
	for line := range strings.Lines(playlist) {
		if n, ok := strings.CutPrefix(strings.TrimSpace(line), "#EXT-X-MEDIA-SEQUENCE:"); ok {
			sequence, _ = strconv.Atoi(n)
		}
	}
	return 2 * (sequence + len(uris(playlist)))
}

// uris are a playlist's lines that are neither tags nor blank.
func uris(playlist string) []string {
	var out []string
	for line := range strings.Lines(playlist) {
		if line = strings.TrimSpace(line); line != "" && !strings.HasPrefix(line, "#") {
			out = append(out, line)
		}
	}
	return out
}

// getEvent reads the owner's event once.
func getEvent(t *testing.T, id string) liveEvent {
	t.Helper()
	var v liveEvent
	mustOK(t, call(t, "GET", "/v2/videos/"+id, ownerOf(t), nil)).decode(t, &v)
	return v
}
