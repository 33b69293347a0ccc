package chromiumtest

import (
	"context"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/blob"
	"github.com/vidhost/vidhost/pkg/ids"
	"github.com/vidhost/vidhost/services/live/internal/ingest"
	"github.com/vidhost/vidhost/services/live/internal/whip"
)

const chromiumPath = "/usr/bin/chromium"

// oneKey authorizes one stream key.
type oneKey struct {
	key   string
	grant ingest.Grant
}

func (k oneKey) AuthorizePublish(_ context.Context, key string) (ingest.Grant, error) {
	if key != k.key {
		return ingest.Grant{}, &ingest.Refusal{Reason: "unknown stream key"}
	}
	return k.grant, nil
}

// reports keeps what the server reported.
type reports struct {
	mu      sync.Mutex
	started bool
	ended   chan ingest.End
}

func (r *reports) Started(context.Context, ingest.Grant, string, []ingest.Output) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.started = true
	return nil
}

func (r *reports) isLive() bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.started
}

func (r *reports) Ended(_ context.Context, _ ingest.Grant, _ string, end ingest.End) error {
	r.ended <- end
	return nil
}

// A browser goes live with its fake camera and microphone, stays live for
// about 8 s and stops: the run is live (live.started), then ended with its
// recording, whose video (H.264 the browser encoded) and audio (its Opus as
// AAC) start together and last as long; each 2 s segment of the copied
// source rendition starts with a keyframe the session asked for, so none
// is much longer than 2 s.
func TestABrowserGoesLiveWithWHIP(t *testing.T) {
	if _, err := exec.LookPath(chromiumPath); err != nil {
		t.Skip("no Chromium at " + chromiumPath)
	}
	store, err := blob.NewLocal(blob.Config{Dir: t.TempDir()})
	require.NoError(t, err)
	key := "vhlive_" + ids.New()
	grant := ingest.Grant{VideoID: ids.New(), AccountID: ids.New(), Record: true}
	events := &reports{ended: make(chan ingest.End, 1)}
	logger := slog.New(slog.NewTextHandler(t.Output(), &slog.HandlerOptions{Level: slog.LevelInfo}))
	srv := ingest.NewServer(ingest.Config{FFmpeg: "ffmpeg", WorkDir: t.TempDir(), Store: store, Logger: logger},
		oneKey{key: key, grant: grant}, events)
	ctx, stop := context.WithCancel(context.Background())
	rtmp, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ctx, rtmp) }()
	// Last: the runs end (and their sessions), then the browser goes.
	t.Cleanup(func() {
		stop()
		assert.NoError(t, <-served)
	})
	udp, err := net.ListenPacket("udp4", "127.0.0.1:0")
	require.NoError(t, err)
	handler, err := whip.New(whip.Config{UDP: udp, FFmpeg: "ffmpeg", Logger: logger}, srv.WHIP(ctx))
	require.NoError(t, err)
	t.Cleanup(func() { _ = handler.Close() })
	mux := http.NewServeMux()
	mux.Handle("/whip/", handler)
	mux.Handle("/whip", handler)
	mux.HandleFunc("/", func(w http.ResponseWriter, _ *http.Request) { _, _ = io.WriteString(w, publishPage) })
	web := httptest.NewServer(mux)
	t.Cleanup(func() {
		web.CloseClientConnections() // the browser's, kept alive or preconnected
		web.Close()
	})

	tab := browser(t)
	require.NoError(t, chromedp.Do(tab, chromedp.Navigate(web.URL+"/")))
	_, err = chromedp.Run(tab, chromedp.Evaluate[any](`goLive(location.origin + "/whip", "`+key+`"), null`))
	require.NoError(t, err)
	status := poll[float64](t, tab, `window.whip.status`)
	require.Equal(t, float64(http.StatusCreated), status, poll[string](t, tab, `window.whip.text || "?"`))
	// The first segments take a few seconds; on a loaded machine (the
	// browser's encoder, the pipeline's and the test's share two cores)
	// many more.
	require.Eventually(t, events.isLive, 90*time.Second, 100*time.Millisecond, "live.started")
	time.Sleep(8 * time.Second)
	deleted, err := chromedp.Run(tab, chromedp.Evaluate[float64](`window.stopWHIP()`, chromedp.EvalAwaitPromise))
	require.NoError(t, err)
	assert.Equal(t, float64(http.StatusOK), deleted)

	var end ingest.End
	select {
	case end = <-events.ended:
	case <-time.After(30 * time.Second):
		t.Fatal("no live.ended")
	}
	assert.Equal(t, "the publisher disconnected", end.Reason)
	assert.Greater(t, end.Duration, 8.0)
	require.NotEmpty(t, end.RecordingKey)
	recording := t.TempDir() + "/recording.ts"
	require.NoError(t, os.WriteFile(recording, read(t, store, end.RecordingKey), 0o600))
	videoStart, videoEnd := span(t, recording, "v")
	audioStart, audioEnd := span(t, recording, "a")
	t.Logf("recording: video %.3f-%.3f s, audio %.3f-%.3f s", videoStart, videoEnd, audioStart, audioEnd)
	assert.InDelta(t, videoStart, audioStart, 0.25, "audio starts with the video")
	assert.InDelta(t, videoEnd-videoStart, audioEnd-audioStart, 0.5, "and lasts as long")
	playlist := string(read(t, store, "videos/"+grant.AccountID+"/"+grant.VideoID+"/live/source/index.m3u8"))
	t.Logf("source playlist:\n%s", playlist)
	durations := segmentDurations(playlist)
	require.GreaterOrEqual(t, len(durations), 3)
	for _, d := range durations[:len(durations)-1] { // the last ends with the stream
		assert.Less(t, d, 3.0, "a keyframe came soon after each segment boundary")
	}
}

// browser opens a tab of a headless Chromium whose camera and microphone
// are its fake devices, granted without asking.
func browser(t *testing.T) context.Context {
	t.Helper()
	options := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(chromiumPath), chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU,
		chromedp.NoFirstRun, chromedp.NoDefaultBrowserCheck, chromedp.UserDataDir(t.TempDir()),
		chromedp.Flag("use-fake-device-for-media-stream", true),
		chromedp.Flag("use-fake-ui-for-media-stream", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
	}
	allocCtx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), options...)
	tab, cancelTab := chromedp.NewContext(allocCtx)
	t.Cleanup(func() {
		cancelTab()
		cancelAlloc()
	})
	tab, cancelTimeout := context.WithTimeout(tab, 2*time.Minute)
	t.Cleanup(cancelTimeout)
	return tab
}

func poll[T any](t *testing.T, tab context.Context, expression string) T {
	t.Helper()
	v, err := chromedp.Run(tab, chromedp.Poll[T](expression, chromedp.WithPollingTimeout(30*time.Second)))
	require.NoError(t, err, expression)
	return v
}

func read(t *testing.T, store blob.Store, key string) []byte {
	t.Helper()
	r, _, err := store.Open(context.Background(), key)
	require.NoError(t, err, key)
	defer r.Close()
	b, err := io.ReadAll(r)
	require.NoError(t, err)
	return b
}

// span is the first and last packet times of file's first stream of kind.
func span(t *testing.T, file, kind string) (first, last float64) {
	t.Helper()
	out, err := exec.CommandContext(t.Context(), "ffprobe", "-v", "error", "-select_streams", kind+":0",
		"-show_entries", "packet=pts_time", "-of", "csv=p=0", file).Output()
	require.NoError(t, err)
	for i, line := range strings.Fields(string(out)) {
		v, err := strconv.ParseFloat(strings.TrimSuffix(line, ","), 64)
		if err != nil {
			continue
		}
		if i == 0 || v < first {
			first = v
		}
		last = max(last, v)
	}
	return first, last
}

var extinf = regexp.MustCompile(`#EXTINF:([0-9.]+),`)

func segmentDurations(playlist string) []float64 {
	var out []float64
	for _, m := range extinf.FindAllStringSubmatch(playlist, -1) {
		d, _ := strconv.ParseFloat(m[1], 64)
		out = append(out, d)
	}
	return out
}
