package e2e

import (
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/gateway/web/browsertest"
)

// noAV1 runs before hls.js on a page that stands for a browser without an
// AV1 decoder: Media Source (and ManagedMediaSource, which hls.js prefers
// where it exists) refuses every av01 type.
const noAV1 = `<script>
for (const source of [window.MediaSource, window.ManagedMediaSource]) {
  if (!source) continue;
  const isTypeSupported = source.isTypeSupported.bind(source);
  source.isTypeSupported = (type) => !type.includes('av01') && isTypeSupported(type);
}
</script>`

// TestBrowserAV1Variants transcodes a 4 s 360p clip with the efficient
// transcoding profile (H.264 and the AV1 variant set) and plays its HLS
// master with hls.js in headless Chromium: hls.js picks an av01 level and
// plays it; on a page whose Media Source refuses AV1 it plays the H.264
// (avc1) levels of the same master instead. About 40 s, most of it the
// transcode.
func TestBrowserAV1Variants(t *testing.T) {
	t.Parallel() // on a suite of its own (suites_test.go)
	clip := makeClip(t, 640, 360, 4)
	withSuite(t, newSuite(t, 1), "local", func() {
		data, err := os.ReadFile(clip)
		require.NoError(t, err)
		ref, _ := uploadForVideo(t, "av1.mp4", data)
		created := createVideo(t, map[string]any{"name": "AV1", "input": ref, "transcoder": "efficient"})
		master := outputURL(t, waitReady(t, created.ID), ".m3u8")

		t.Run("AV1 where the browser decodes it", func(t *testing.T) {
			codecs := playHLSLevels(t, master, "")
			assert.True(t, strings.HasPrefix(codecs.Playing, "av01."), "hls.js plays %q of %v", codecs.Playing, codecs.Levels)
			assert.Contains(t, strings.Join(codecs.Levels, " "), "avc1.", "the H.264 levels are in the same master")
		})
		t.Run("H.264 where it does not", func(t *testing.T) {
			codecs := playHLSLevels(t, master, noAV1)
			assert.True(t, strings.HasPrefix(codecs.Playing, "avc1."), "hls.js plays %q of %v", codecs.Playing, codecs.Levels)
			assert.NotContains(t, strings.Join(codecs.Levels, " "), "av01", "no AV1 level offered")
		})
	})
}

// TestStandardLadderFollowsTheContent transcodes two 7 s 360p sources with
// the standard profile (adaptive H.264 only): a still slide and a
// noisy picture. The slide's ladder has fewer rungs or declares less
// bandwidth (the analysis gives it capped CRF at half the caps); the
// noise defeats the analysis and keeps the fixed ladder.
func TestStandardLadderFollowsTheContent(t *testing.T) {
	t.Parallel() // on a suite of its own (suites_test.go)
	slide := makeSource(t, "smptebars=size=640x360:rate=30", 7)
	noise := makeSource(t, "testsrc2=size=640x360:rate=30,noise=alls=80:allf=t+u", 7)
	withSuite(t, newSuite(t, 1), "local", func() {
		bandwidth := map[string][]int{}
		for name, path := range map[string]string{"slide": slide, "noise": noise} {
			data, err := os.ReadFile(path)
			require.NoError(t, err)
			ref, _ := uploadForVideo(t, name+".mp4", data)
			created := createVideo(t, map[string]any{"name": name, "input": ref, "transcoder": "standard"})
			status, master := fetchMedia(t, outputURL(t, waitReady(t, created.ID), ".m3u8"))
			require.Equal(t, http.StatusOK, status)
			bandwidth[name] = declaredBandwidths(string(master))
		}
		require.NotEmpty(t, bandwidth["slide"])
		require.NotEmpty(t, bandwidth["noise"])
		slideTotal, noiseTotal := sum(bandwidth["slide"]), sum(bandwidth["noise"])
		assert.True(t, len(bandwidth["slide"]) < len(bandwidth["noise"]) || slideTotal < noiseTotal,
			"the slide's ladder %v is smaller than the noise's %v", bandwidth["slide"], bandwidth["noise"])
		t.Logf("declared bandwidth: slide %v, noise %v", bandwidth["slide"], bandwidth["noise"])
	})
}

// makeSource writes seconds of the lavfi video source (with a tone) as an
// H.264 MP4 to a temporary file.
func makeSource(t *testing.T, source string, seconds int) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "source.mp4")
	dur := strconv.Itoa(seconds)
	out, err := exec.Command("ffmpeg", "-v", "error", "-f", "lavfi", "-i", source+",trim=duration="+dur,
		"-f", "lavfi", "-i", "sine=frequency=440:duration="+dur, "-c:v", "libx264", "-preset", "ultrafast", "-crf", "18",
		"-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest", path).CombinedOutput()
	require.NoError(t, err, "ffmpeg: %s", out)
	return path
}

// declaredBandwidths are the BANDWIDTH attributes of a master playlist's
// variants, in order.
func declaredBandwidths(master string) []int {
	var out []int
	for _, line := range strings.Split(master, "\n") {
		if !strings.HasPrefix(line, "#EXT-X-STREAM-INF:") {
			continue
		}
		for _, attr := range strings.Split(strings.TrimPrefix(line, "#EXT-X-STREAM-INF:"), ",") {
			if value, ok := strings.CutPrefix(attr, "BANDWIDTH="); ok {
				if n, err := strconv.Atoi(value); err == nil {
					out = append(out, n)
				}
			}
		}
	}
	return out
}

func sum(values []int) (total int) {
	for _, v := range values {
		total += v
	}
	return total
}

// outputURL is the URL of v's output whose URL ends in ext.
func outputURL(t *testing.T, v transcoded, ext string) string {
	t.Helper()
	for _, out := range v.Outputs {
		if strings.HasSuffix(out["url"], ext) {
			return out["url"]
		}
	}
	t.Fatalf("no %s output in %v", ext, v.Outputs)
	return ""
}

// levelCodecs is what hls.js chose: the video codec of the level it plays
// and of every level it offers.
type levelCodecs struct {
	Playing string   `json:"playing"`
	Levels  []string `json:"levels"`
}

// avPage plays the master named by the page's query with hls.js, after
// the page's own script (the %s), and keeps fatal errors.
const avPage = `<!doctype html><meta charset="utf-8"><title>hls.js</title>%s
<video muted playsinline width="640" height="360"></video>
<script src="/hls.min.js"></script>
<script>
const video = document.querySelector('video');
window.hlsErrors = [];
const hls = new Hls();
window.hls = hls;
hls.on(Hls.Events.ERROR, (_, data) => { if (data.fatal) window.hlsErrors.push(data.type + ' ' + data.details); });
hls.loadSource(new URLSearchParams(location.search).get('src'));
hls.attachMedia(video);
hls.on(Hls.Events.MANIFEST_PARSED, () => video.play().catch(() => {}));
</script>`

// playHLSLevels plays masterURL with hls.js on a page of its own origin,
// with head run first, until a second has played, and says which levels
// hls.js offered and played.
func playHLSLevels(t *testing.T, masterURL, head string) levelCodecs {
	t.Helper()
	tab := openHLSPage(t, strings.Replace(avPage, "%s", head, 1), masterURL)
	assert.Greater(t, browsertest.Eval[float64](t, tab, `document.querySelector('video').getVideoPlaybackQuality().totalVideoFrames`), 0.0, "frames were decoded")
	return browsertest.Eval[levelCodecs](t, tab, `({
	  playing: hls.levels[hls.currentLevel].videoCodec,
	  levels: hls.levels.map((level) => level.videoCodec),
	})`)
}
