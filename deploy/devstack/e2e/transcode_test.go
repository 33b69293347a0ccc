package e2e

import (
	"encoding/json"
	"image/jpeg"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// transcoded is what a ready video shows of its media.
type transcoded struct {
	ID           string              `json:"id"`
	Status       string              `json:"status"`
	StatusReason string              `json:"status_reason"`
	Progress     int                 `json:"progress"`
	Duration     float64             `json:"duration"`
	Outputs      []map[string]string `json:"outputs"`
	Thumbnail    string              `json:"thumbnail"`
	Sprite       string              `json:"sprite"`
}

// TestTranscodeThroughTheSuite runs a real worker: an uploaded 6 s 720p
// clip becomes a ready video whose HLS, DASH and MP4 outputs ffprobe reads
// over HTTP, with a JPEG thumbnail and sprite; a clipped source URL yields
// the clipped duration; the owner, who chose video.ready, is mailed; a
// source on a host that does not resolve fails with a reason naming no
// address of ours. The clip is as short as what it proves allows: three
// 2 s segments and sprite tiles, with the clipped 2 s to 5 s inside it (it
// was 12 s, which proved nothing more and took twice the transcoding).
func TestTranscodeThroughTheSuite(t *testing.T) {
	t.Parallel() // on a suite of its own (suites_test.go)
	clip := makeClip(t, 1280, 720, 6)
	withSuite(t, newSuite(t, 1), "local", func() {
		data, err := os.ReadFile(clip)
		require.NoError(t, err)
		chooseNotifications(t, "video.ready")
		ref, _ := uploadForVideo(t, "clip.mp4", data)
		created := createVideo(t, map[string]any{"name": "Transcoded", "input": ref})
		v := waitReady(t, created.ID)
		// The owner chose video.ready: identity mailed them, through the stack's Mailpit.
		assert.Contains(t, requireNotified(t, `Your video "Transcoded" is ready`), suiteOf(t).URL+"/watch/"+created.ID)
		assert.Equal(t, 100, v.Progress)
		assert.InDelta(t, 6, v.Duration, 0.5)
		assertOutputsPlay(t, v, 6)
		assertJPEG(t, v.Thumbnail)
		assertJPEG(t, v.Sprite)

		source := serveFile(t, clip)
		clipped := createVideo(t, map[string]any{"name": "Clipped",
			"input": source + "?svc_clip_start=00:00:02&svc_clip_end=00:00:05"})
		c := waitReady(t, clipped.ID)
		assert.InDelta(t, 3, c.Duration, 0.3, "the clip lasts from 2 s to 5 s")
		assertOutputsPlay(t, c, 3)

		// A source whose host does not resolve fails in words that name no
		// address of the installation: the resolver's own error named its
		// DNS server, "lookup … on 10.x.x.x:53" (issue 26).
		unresolvable := createVideo(t, map[string]any{"name": "Unresolvable", "input": "http://nothing-here.invalid/v.mp4"})
		failed := waitFailed(t, unresolvable.ID)
		assert.Equal(t, "source URL could not be downloaded: the host name could not be resolved", failed.StatusReason)
	})
}

// waitFailed polls the video until it ends in error (failing fast on ready).
func waitFailed(t *testing.T, id string) transcoded {
	t.Helper()
	deadline := time.Now().Add(3 * time.Minute) // a DNS failure that is not "no such host" is retried twice
	for time.Now().Before(deadline) {
		var v transcoded
		mustOK(t, call(t, "GET", "/v2/videos/"+id, ownerOf(t), nil)).decode(t, &v)
		require.NotEqual(t, "ready", v.Status)
		if v.Status == "error" {
			return v
		}
		time.Sleep(250 * time.Millisecond)
	}
	t.Fatalf("video %s did not fail within 3 minutes", id)
	return transcoded{}
}

// waitReady polls the video until it is ready (failing fast on error).
func waitReady(t *testing.T, id string) transcoded {
	t.Helper()
	deadline := time.Now().Add(3 * time.Minute)
	for time.Now().Before(deadline) {
		var v transcoded
		mustOK(t, call(t, "GET", "/v2/videos/"+id, ownerOf(t), nil)).decode(t, &v)
		require.NotEqual(t, "error", v.Status, "transcoding failed: %s", v.StatusReason)
		if v.Status == "ready" {
			return v
		}
		time.Sleep(250 * time.Millisecond)
	}
	t.Fatalf("video %s not ready within 3 minutes", id)
	return transcoded{}
}

// assertOutputsPlay checks there is an HLS, a DASH and an MP4 output and
// that ffprobe reads each over HTTP with the expected duration.
func assertOutputsPlay(t *testing.T, v transcoded, seconds float64) {
	t.Helper()
	kinds := map[string]bool{}
	for _, out := range v.Outputs {
		url := out["url"]
		for _, ext := range []string{".m3u8", ".mpd", ".mp4"} {
			if strings.HasSuffix(url, ext) {
				kinds[ext] = true
			}
		}
		assert.NotEmpty(t, out["label"], url)
		assert.InDelta(t, seconds, probeDuration(t, url), 0.5, "ffprobe reads %s (%s)", out["label"], url)
	}
	assert.Equal(t, map[string]bool{".m3u8": true, ".mpd": true, ".mp4": true}, kinds, "outputs: %v", v.Outputs)
}

func probeDuration(t *testing.T, url string) float64 {
	t.Helper()
	out, err := exec.Command("ffprobe", "-v", "error", "-show_entries", "format=duration",
		"-of", "json", url).Output()
	require.NoError(t, err, "ffprobe %s", url)
	var probe struct {
		Format struct {
			Duration string `json:"duration"`
		} `json:"format"`
	}
	require.NoError(t, json.Unmarshal(out, &probe))
	d, err := strconv.ParseFloat(probe.Format.Duration, 64)
	require.NoError(t, err, "duration of %s: %s", url, out)
	return d
}

func assertJPEG(t *testing.T, url string) {
	t.Helper()
	require.NotEmpty(t, url)
	resp, err := http.Get(url)
	require.NoError(t, err)
	defer resp.Body.Close()
	require.Equal(t, http.StatusOK, resp.StatusCode, url)
	_, err = jpeg.Decode(resp.Body)
	assert.NoError(t, err, "%s is a JPEG", url)
}

// makeClip generates a test clip (testsrc2 + a sine tone) with ffmpeg.
func makeClip(t *testing.T, width, height, seconds int) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "clip.mp4")
	size := strconv.Itoa(width) + "x" + strconv.Itoa(height)
	dur := strconv.Itoa(seconds)
	out, err := exec.Command("ffmpeg", "-v", "error", "-f", "lavfi", "-i", "testsrc2=size="+size+":rate=30:duration="+dur,
		"-f", "lavfi", "-i", "sine=frequency=440:duration="+dur, "-c:v", "libx264", "-preset", "ultrafast",
		"-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest", path).CombinedOutput()
	require.NoError(t, err, "ffmpeg (make test installs it): %s", out)
	return path
}

// serveFile serves one file on loopback, as a customer's origin would.
func serveFile(t *testing.T, path string) string {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.ServeFile(w, r, path)
	}))
	t.Cleanup(srv.Close)
	return srv.URL + "/" + filepath.Base(path)
}
