package e2e

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/deploy/devstack/stack"
	"github.com/vidhost/vidhost/gateway/web/browsertest"
	transcodeapp "github.com/vidhost/vidhost/services/transcode/app"
)

// The chunked source: the five minutes, of 640x360 (two rungs,
// 360p and 240p) at 15 fps with a tone, whose picture changes at
// chunkedCut, the edge between the second and the third chunkLength chunk
// (the production default: ten chunks). Small and slow-moving so that the
// whole test costs about a minute and a half of CPU on two shared cores
// (2026-11-29: 92 s wall, 72 s user and 11 s system for both transcodes,
// ffprobes and the browser, load 7-12).
const (
	chunkedSeconds = 300
	chunkedCut     = 60.0
	chunkLength    = 30 * time.Second
	chunkWorkers   = 3
)

// TestBrowserChunkedAcrossWorkers transcodes the chunked source on a suite
// whose three transcode workers distribute it
// (VIDHOST_TRANSCODE_CHUNKED=distributed, docs/transcoding.md,
// "Distribution"): the video becomes ready once, each rung's and the
// audio's packets run on without a gap across the chunk edges and last as
// long as the source within 0.1 s, the MP4 is one such file, and hls.js
// (HLS) and Shaka Player (DASH) play from before the scene-change edge to
// after it. Then a second upload loses a worker in the middle of a chunk
// and is still ready once.
// About 90 s on two shared cores, most of it the two transcodes.
func TestBrowserChunkedAcrossWorkers(t *testing.T) {
	t.Parallel() // on a suite of its own (suites_test.go)
	source := makeSceneCut(t)
	length := probeDuration(t, source)
	s := newSuite(t, chunkWorkers, distributedChunks)
	withSuite(t, s, "local", func() {
		data, err := os.ReadFile(source)
		require.NoError(t, err)
		chooseNotifications(t, "video.ready")

		v := transcodeOnce(t, "Chunked", data)
		assert.InDelta(t, length, v.Duration, 0.1)
		assertContinuousOutputs(t, v, length)
		t.Run("hls.js plays across a chunk edge", func(t *testing.T) {
			playAcross(t, outputURL(t, v, ".m3u8"), chunkedCut)
		})
		t.Run("Shaka plays across a chunk edge", func(t *testing.T) {
			shakaAcross(t, outputURL(t, v, ".mpd"), chunkedCut)
		})

		t.Run("a worker lost mid-chunk", func(t *testing.T) {
			ref, _ := uploadForVideo(t, "chunked.mp4", data)
			created := createVideo(t, map[string]any{"name": "Chunked again", "input": ref})
			s.StopTranscode(waitChunkRunning(t, s))
			v := waitReadyWithin(t, created.ID, 8*time.Minute)
			requireReadyOnce(t, "Chunked again")
			assertContinuousOutputs(t, v, length)
		})
	})
}

// distributedChunks runs the suite's transcode workers in distributed mode
// with chunkLength chunks of anything over two chunks, one unit at a time
// each, and hands a stopped worker's unit back at once.
func distributedChunks(cfg *stack.Config) {
	cfg.Transcode = func(_ int, tc *transcodeapp.Config) {
		tc.Chunked = transcodeapp.ChunkedDistributed
		tc.ChunkThreshold, tc.ChunkLength = 2*chunkLength, chunkLength
		tc.Concurrency = 1
		tc.DrainTimeout = 0
	}
}

// transcodeOnce uploads data as a video named name and returns it ready,
// its owner told so once.
func transcodeOnce(t *testing.T, name string, data []byte) transcoded {
	t.Helper()
	ref, _ := uploadForVideo(t, "chunked.mp4", data)
	created := createVideo(t, map[string]any{"name": name, "input": ref})
	v := waitReadyWithin(t, created.ID, 8*time.Minute)
	requireReadyOnce(t, name)
	return v
}

// requireReadyOnce: the owner got one video.ready mail for the video named
// name, and no second one came a few seconds later (a unit or stitch run
// twice would report the video ready twice).
func requireReadyOnce(t *testing.T, name string) {
	t.Helper()
	subject := fmt.Sprintf("Your video %q is ready", name)
	requireNotified(t, subject)
	time.Sleep(3 * time.Second)
	requireNotified(t, subject)
}

// waitReadyWithin is waitReady with a longer wait, for sources that take
// minutes on shared cores.
func waitReadyWithin(t *testing.T, id string, wait time.Duration) transcoded {
	t.Helper()
	for deadline := time.Now().Add(wait); time.Now().Before(deadline); time.Sleep(250 * time.Millisecond) {
		var v transcoded
		mustOK(t, call(t, "GET", "/v2/videos/"+id, ownerOf(t), nil)).decode(t, &v)
		require.NotEqual(t, "error", v.Status, "transcoding failed: %s", v.StatusReason)
		if v.Status == "ready" {
			return v
		}
	}
	t.Fatalf("video %s not ready within %s", id, wait)
	return transcoded{}
}

// waitChunkRunning waits until one of s's transcode workers runs a chunk,
// one of its unit directories holding a chunk's run (media.ChunksDir: a
// chunk's is numbered, an audio run's is audio-<k>), and returns its
// number.
func waitChunkRunning(t *testing.T, s *stack.Stack) int {
	t.Helper()
	running := -1
	require.Eventually(t, func() bool {
		for n := range chunkWorkers {
			if runs, _ := filepath.Glob(filepath.Join(s.TranscodeWorkDir(n), "*", "out", "chunks", "[0-9]*")); len(runs) > 0 {
				running = n
				return true
			}
		}
		return false
	}, 5*time.Minute, 20*time.Millisecond, "no worker ran a chunk")
	return running
}

// makeSceneCut writes the chunked source: testsrc2 up to chunkedCut, then
// SMPTE bars, and a tone throughout.
func makeSceneCut(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "scenecut.mp4")
	cut, rest := strconv.FormatFloat(chunkedCut, 'f', -1, 64), strconv.FormatFloat(chunkedSeconds-chunkedCut, 'f', -1, 64)
	out, err := exec.Command("ffmpeg", "-v", "error",
		"-f", "lavfi", "-i", "testsrc2=size=640x360:rate=15:duration="+cut,
		"-f", "lavfi", "-i", "smptebars=size=640x360:rate=15:duration="+rest,
		"-f", "lavfi", "-i", "sine=frequency=440:duration="+strconv.Itoa(chunkedSeconds),
		"-filter_complex", "[0:v][1:v]concat=n=2:v=1:a=0[v]", "-map", "[v]", "-map", "2:a",
		"-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac", path).CombinedOutput()
	require.NoError(t, err, "ffmpeg: %s", out)
	return path
}

// playAcross plays masterURL with hls.js across edge (crossEdge).
func playAcross(t *testing.T, masterURL string, edge float64) {
	t.Helper()
	tab := openHLSPage(t, strings.Replace(avPage, "%s", "", 1), masterURL)
	crossEdge(t, tab, edge, "window.hlsErrors")
}

// crossEdge seeks the playing video of tab to a second before edge and
// waits until it plays a second past it: the playhead crosses the chunk
// edge with nothing in the page's list of player errors.
func crossEdge(t *testing.T, tab context.Context, edge float64, errors string) {
	t.Helper()
	browsertest.Eval[float64](t, tab, fmt.Sprintf(`document.querySelector('video').currentTime = %g`, edge-1))
	browsertest.Poll[bool](t, tab, fmt.Sprintf(`%s.length > 0 || document.querySelector('video').currentTime > %g`, errors, edge+1))
	assert.Empty(t, browsertest.Eval[[]string](t, tab, errors), "the player crossed the edge without an error")
}

// shakaJS is Shaka Player from the tests' npm fixture, as hlsJS is hls.js.
const shakaJS = "testdata/hlsjs/node_modules/shaka-player/dist/shaka-player.compiled.js"

// shakaPage plays the DASH manifest named by the page's query with Shaka
// Player, muted, and keeps its errors.
const shakaPage = `<!doctype html><meta charset="utf-8"><title>Shaka</title>
<video muted playsinline width="640" height="360"></video>
<script src="/shaka-player.compiled.js"></script>
<script>
const video = document.querySelector('video');
window.playerErrors = [];
shaka.polyfill.installAll();
const player = new shaka.Player();
player.addEventListener('error', (event) => window.playerErrors.push('shaka ' + event.detail.code));
player.attach(video)
  .then(() => player.load(new URLSearchParams(location.search).get('src')))
  .then(() => video.play().catch(() => {}))
  .catch((error) => window.playerErrors.push('shaka ' + (error.code || error)));
</script>`

// shakaAcross plays manifestURL with Shaka across edge (crossEdge), once
// it plays from the start.
func shakaAcross(t *testing.T, manifestURL string, edge float64) {
	t.Helper()
	tab := openPlayerPage(t, shakaJS, shakaPage, manifestURL)
	browsertest.Poll[bool](t, tab, `window.playerErrors.length > 0 || document.querySelector('video').currentTime > 1`)
	crossEdge(t, tab, edge, "window.playerErrors")
}
