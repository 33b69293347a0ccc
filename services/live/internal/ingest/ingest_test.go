package ingest_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/blob"
	"github.com/vidhost/vidhost/pkg/hlstest"
	"github.com/vidhost/vidhost/pkg/ids"
	"github.com/vidhost/vidhost/pkg/liveorigin"
	"github.com/vidhost/vidhost/services/live/internal/ingest"
	"github.com/vidhost/vidhost/services/live/internal/llhls"
	"github.com/vidhost/vidhost/services/live/internal/origin"
	"github.com/vidhost/vidhost/services/live/internal/srt"
)

// These tests run the RTMP server with real ffmpeg processes (publishers
// and the pipeline) and a local blob store; the catalog and NATS are
// replaced by keys and reports kept in memory (the gRPC and NATS paths run
// in deploy/devstack/e2e). About 15 s.

// keys authorizes the keys it holds.
type keys struct {
	mu    sync.Mutex
	grant map[string]ingest.Grant
	// refuse answers these keys with their refusal (a plan limit, say).
	refuse map[string]*ingest.Refusal
}

func (k *keys) AuthorizePublish(_ context.Context, key string) (ingest.Grant, error) {
	k.mu.Lock()
	defer k.mu.Unlock()
	if r := k.refuse[key]; r != nil {
		return ingest.Grant{}, r
	}
	g, ok := k.grant[key]
	if !ok {
		return ingest.Grant{}, &ingest.Refusal{Reason: "unknown stream key"}
	}
	return g, nil
}

func (k *keys) revoke(key string) {
	k.mu.Lock()
	defer k.mu.Unlock()
	delete(k.grant, key)
}

// reports keeps what the server reported.
type reports struct {
	mu      sync.Mutex
	started []string
	outputs []ingest.Output // the last live.started's
	ended   chan ingest.End
}

func (r *reports) Started(_ context.Context, g ingest.Grant, _ string, outputs []ingest.Output) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.started = append(r.started, g.VideoID)
	r.outputs = outputs
	return nil
}

func (r *reports) lastOutputs() []ingest.Output {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.outputs
}

// videos are the events reported started.
func (r *reports) videos() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]string(nil), r.started...)
}

func (r *reports) Ended(_ context.Context, _ ingest.Grant, _ string, end ingest.End) error {
	r.ended <- end
	return nil
}

type bundle struct {
	url     string // rtmp://127.0.0.1:<port>/live
	srtAddr string // 127.0.0.1:<port>, "" in a build without SRT
	store   blob.Store
	reports *reports
	grant   ingest.Grant
	key     string
	keys    *keys
	stop    func()
	// workDir is the server's, which its ffmpeg processes name on their
	// command lines: how a test tells its own from a parallel test's.
	workDir string
	// origin serves the runs' LL-HLS streams as the live service does.
	origin *httptest.Server
	// srv serves until ctx ends (WHIP admits publishers with both).
	srv *ingest.Server
	ctx context.Context
}

func setup(t *testing.T) bundle {
	t.Helper()
	return setupWith(t, 0)
}

// setupWith runs the server with a reconnect window.
func setupWith(t *testing.T, window time.Duration) bundle {
	t.Helper()
	return setupConfig(t, ingest.Config{ReconnectWindow: window}, 0)
}

// setupConfig runs the server with cfg's reconnect window and bitrate
// window, granting publishers maxBitrate.
func setupConfig(t *testing.T, cfg ingest.Config, maxBitrate int64) bundle {
	t.Helper()
	store, err := blob.NewLocal(blob.Config{Dir: t.TempDir()})
	require.NoError(t, err)
	b := bundle{store: store, reports: &reports{ended: make(chan ingest.End, 4)},
		grant: ingest.Grant{VideoID: ids.New(), AccountID: ids.New(), Record: true, MaxBitrate: maxBitrate}, key: "vhlive_" + ids.New()}
	b.keys = &keys{grant: map[string]ingest.Grant{b.key: b.grant}, refuse: map[string]*ingest.Refusal{}}
	logger := slog.New(slog.NewTextHandler(t.Output(), &slog.HandlerOptions{Level: slog.LevelWarn}))
	b.workDir = t.TempDir()
	streams := origin.NewRegistry()
	b.origin = httptest.NewServer(origin.NewHandler(streams, gatewayKey, 0, logger))
	t.Cleanup(b.origin.Close)
	srv := ingest.NewServer(ingest.Config{FFmpeg: "ffmpeg", WorkDir: b.workDir, Store: store,
		StallTimeout: 3 * time.Second, ReconnectWindow: cfg.ReconnectWindow, BitrateWindow: cfg.BitrateWindow,
		Restream: cfg.Restream, Logger: logger, LowLatency: streams, LowLatencyOrigin: b.origin.URL}, b.keys, b.reports)
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	b.url = "rtmp://" + lis.Addr().String() + "/live"
	ctx, cancel := context.WithCancel(context.Background())
	b.srv, b.ctx = srv, ctx
	served := make(chan error, 1)
	var srtListeners []*srt.Listener
	if srt.Available {
		srtLis, err := srt.Listen("127.0.0.1:0", srt.Options{}, nil)
		require.NoError(t, err)
		b.srtAddr = srtLis.Addr().String()
		srtListeners = append(srtListeners, srtLis)
	}
	go func() { served <- srv.Serve(ctx, lis, srtListeners...) }()
	var once sync.Once
	b.stop = func() {
		once.Do(func() {
			cancel()
			assert.NoError(t, <-served)
		})
	}
	t.Cleanup(b.stop)
	return b
}

// push runs ffmpeg -re sending seconds of a generated stream to url and
// returns its log and error once it ends.
func push(t *testing.T, url string, seconds int, extra ...string) (string, error) {
	t.Helper()
	p := start(t, url, seconds, extra...)
	return p.wait()
}

type publisher struct {
	cmd *exec.Cmd
	out *bytes.Buffer
}

func start(t *testing.T, url string, seconds int, extra ...string) publisher {
	t.Helper()
	length := strconv.Itoa(seconds)
	args := []string{"-hide_banner", "-loglevel", "error", "-nostdin",
		"-re", "-f", "lavfi", "-i", "testsrc2=size=320x240:rate=25:duration=" + length,
		"-re", "-f", "lavfi", "-i", "sine=sample_rate=48000:duration=" + length}
	args = append(args, extra...)
	format := "flv"
	if strings.HasPrefix(url, "srt://") {
		format = "mpegts" // SRT carries MPEG-TS
	}
	args = append(args, "-c:v", "libx264", "-preset", "ultrafast", "-g", "50", "-pix_fmt", "yuv420p",
		"-c:a", "aac", "-f", format, url)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	t.Cleanup(cancel)
	cmd := exec.CommandContext(ctx, "ffmpeg", args...)
	out := &bytes.Buffer{}
	cmd.Stderr = out
	require.NoError(t, cmd.Start())
	return publisher{cmd: cmd, out: out}
}

func (p publisher) wait() (string, error) {
	err := p.cmd.Wait()
	return p.out.String(), err
}

func (b bundle) ended(t *testing.T) ingest.End {
	t.Helper()
	select {
	case end := <-b.reports.ended:
		return end
	case <-time.After(30 * time.Second):
		t.Fatal("no live.ended")
		return ingest.End{}
	}
}

func TestAPublisherGoesLiveAndItsRecordingIsStored(t *testing.T) {
	t.Parallel()
	b := setup(t)
	p := start(t, b.url+"/"+b.key, 8)
	// While live: the LL-HLS stream is served from memory, parts and
	// preload hint included, and reported as an output.
	require.Eventually(t, func() bool { return len(b.reports.videos()) == 1 }, 20*time.Second, 50*time.Millisecond)
	assert.Equal(t, []ingest.Output{{Label: "HLS live", Path: "live/master.m3u8"}, {Label: "HLS low-latency", Path: liveorigin.MasterPath}},
		b.reports.lastOutputs())
	status, ll := b.lowLatency(t, llhls.PlaylistName)
	require.Equal(t, http.StatusOK, status, ll)
	assert.Contains(t, ll, "#EXT-X-PART:")
	assert.Contains(t, ll, "#EXT-X-PRELOAD-HINT:TYPE=PART")
	status, _ = b.lowLatency(t, llhls.InitName)
	assert.Equal(t, http.StatusOK, status)
	log, err := p.wait()
	require.NoError(t, err, log)
	end := b.ended(t)
	_, ll = b.lowLatency(t, llhls.PlaylistName)
	assert.Contains(t, ll, "#EXT-X-ENDLIST", "the run's end ends the LL stream")

	assert.Equal(t, "uploads/"+b.grant.AccountID+"/"+b.grant.VideoID+"/recording.ts", end.RecordingKey)
	assert.InDelta(t, 8, end.Duration, 1)
	assert.Equal(t, "the publisher disconnected", end.Reason)
	assert.Equal(t, []string{b.grant.VideoID}, b.reports.videos(), "live.started once")
	master := read(t, b.store, "videos/"+b.grant.AccountID+"/"+b.grant.VideoID+"/live/master.m3u8")
	assert.Contains(t, master, "source/index.m3u8")
	assert.Contains(t, master, "360p/index.m3u8")
	playlist := read(t, b.store, "videos/"+b.grant.AccountID+"/"+b.grant.VideoID+"/live/360p/index.m3u8")
	assert.Contains(t, playlist, "#EXT-X-PROGRAM-DATE-TIME")
	assert.Contains(t, playlist, "#EXT-X-ENDLIST", "the last playlist says the stream ended")
	assert.Empty(t, b.liveFFmpegs(t))
}

// Each refusal reaches the publisher's log, and the port goes on serving:
// the last publisher of the list is a good one.
func TestRefusedPublishersSeeWhy(t *testing.T) {
	t.Parallel()
	b := setup(t)
	tests := []struct {
		name, url string
		extra     []string
		want      string
	}{
		{"a wrong key", b.url + "/vhlive_nope", nil, "unknown stream key"},
		{"no key", b.url, nil, "no stream key"},
		{"another application", "rtmp://" + hostOf(b.url) + "/other/" + b.key, nil, "no stream key"},
		// Refused after the track analysis, mid-stream: ffmpeg reads no
		// onStatus then, so it sees its connection cut, not the reason.
		{"no video track", b.url + "/" + b.key, []string{"-vn"}, "Broken pipe"},
		{"120 fps", b.url + "/" + b.key, []string{"-r", "120"}, "Broken pipe"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			log, err := push(t, tt.url, 6, tt.extra...) // long enough for the track analysis (2 s of stream)
			assert.Error(t, err)
			assert.Contains(t, log, tt.want)
		})
	}
	assert.Empty(t, b.reports.videos(), "no refused stream went live")
	log, err := push(t, b.url+"/"+b.key, 2)
	require.NoError(t, err, log)
	b.ended(t)
	assert.Empty(t, b.liveFFmpegs(t))
}

func TestASecondPublisherIsRefused(t *testing.T) {
	t.Parallel()
	b := setup(t)
	first := start(t, b.url+"/"+b.key, 6)
	require.Eventually(t, func() bool { return len(b.liveFFmpegs(t)) == 1 }, 10*time.Second, 50*time.Millisecond)
	log, err := push(t, b.url+"/"+b.key, 2)
	assert.Error(t, err)
	assert.Contains(t, log, "already has a publisher")
	log, err = first.wait()
	require.NoError(t, err, log, "the first publisher went on")
	b.ended(t)
}

// A key revoked (or rotated, or its event deleted) while live ends the run
// within the recheck period, with the reason on the event.
func TestRevokingAKeyEndsItsRun(t *testing.T) {
	t.Parallel()
	b := setup(t)
	p := start(t, b.url+"/"+b.key, 40)
	require.Eventually(t, func() bool { return len(b.reports.videos()) == 1 }, 20*time.Second, 50*time.Millisecond)
	b.keys.revoke(b.key)
	end := b.ended(t)
	assert.Equal(t, "ended by the service: unknown stream key", end.Reason)
	assert.NotEmpty(t, end.RecordingKey, "what was streamed is still recorded")
	_, err := p.wait()
	assert.Error(t, err, "the publisher was cut off")
	assert.Empty(t, b.liveFFmpegs(t))
}

// A stream above the plan's bitrate limit (the generated 320x240 stream
// sends a few hundred kbit/s; the limit here is 50 kbit/s) is cut after
// three windows, with the reason on the event, and is not waited for.
func TestAStreamAboveTheBitrateLimitIsCut(t *testing.T) {
	t.Parallel()
	b := setupConfig(t, ingest.Config{ReconnectWindow: time.Minute, BitrateWindow: time.Second}, 50_000)
	p := start(t, b.url+"/"+b.key, 40)
	end := b.ended(t)
	assert.Contains(t, end.Reason, "ended by the service: the stream's bitrate (")
	assert.Contains(t, end.Reason, "stayed above the plan's limit of 0.05 Mbit/s")
	assert.NotEmpty(t, end.RecordingKey, "what was streamed is still recorded")
	_, err := p.wait()
	assert.Error(t, err, "the publisher was cut off")
	assert.Empty(t, b.liveFFmpegs(t))
}

// A stream within the limit is not cut (its end is the publisher's own).
func TestAStreamWithinTheBitrateLimitIsNotCut(t *testing.T) {
	t.Parallel()
	b := setupConfig(t, ingest.Config{BitrateWindow: time.Second}, 20_000_000)
	_, err := push(t, b.url+"/"+b.key, 5)
	require.NoError(t, err)
	assert.Equal(t, "the publisher disconnected", b.ended(t).Reason)
}

// A publisher that comes back within the reconnect window continues the
// same run: one live.started, one live.ended, one recording of both parts.
func TestAPublisherReconnectsWithinTheWindow(t *testing.T) {
	t.Parallel()
	b := setupWith(t, 8*time.Second)
	log, err := push(t, b.url+"/"+b.key, 5)
	require.NoError(t, err, log)
	select {
	case end := <-b.reports.ended:
		t.Fatalf("ended before the window closed: %+v", end)
	case <-time.After(2 * time.Second):
	}
	// On a loaded machine the server may still be closing the first
	// connection; a refused publisher tries again, as encoders do.
	for attempt := 1; ; attempt++ {
		log, err = push(t, b.url+"/"+b.key, 5)
		if err == nil || attempt == 5 || !strings.Contains(log, "already has a publisher") {
			break
		}
		time.Sleep(500 * time.Millisecond)
	}
	require.NoError(t, err, log)
	end := b.ended(t)
	assert.InDelta(t, 10, end.Duration, 1.5, "both parts, one stream")
	assert.Equal(t, []string{b.grant.VideoID}, b.reports.videos(), "live.started once")
	playlist := read(t, b.store, "videos/"+b.grant.AccountID+"/"+b.grant.VideoID+"/live/360p/index.m3u8")
	assert.GreaterOrEqual(t, strings.Count(playlist, "#EXTINF"), 4, "one playlist through the reconnection")
	// The LL-HLS stream went on too (the same encoder settings): one
	// stream, a discontinuity where the publisher came back, ended.
	status, ll := b.lowLatency(t, llhls.PlaylistName)
	require.Equal(t, http.StatusOK, status, "the ended stream is still served a while")
	assert.Contains(t, ll, "#EXT-X-DISCONTINUITY\n")
	assert.Contains(t, ll, "#EXT-X-ENDLIST")
	assert.GreaterOrEqual(t, strings.Count(ll, "#EXTINF"), 4, "both connections' segments")
	assert.Empty(t, b.liveFFmpegs(t))
}

// Garbage on the port is dropped; the port goes on serving.
func TestGarbageIsDropped(t *testing.T) {
	t.Parallel()
	b := setup(t)
	conn, err := net.Dial("tcp", hostOf(b.url))
	require.NoError(t, err)
	_, _ = conn.Write(bytes.Repeat([]byte{0x03, 0xff, 0x00, 0x42}, 4096))
	_ = conn.SetReadDeadline(time.Now().Add(15 * time.Second))
	_, err = io.Copy(io.Discard, conn)
	var ne net.Error
	assert.False(t, errors.As(err, &ne) && ne.Timeout(), "the server closed the connection")
	_ = conn.Close()
	log, err := push(t, b.url+"/"+b.key, 2)
	require.NoError(t, err, log)
	b.ended(t)
}

// Stopping the service ends a live run cleanly: reported, recorded, no
// ffmpeg left.
func TestShutdownEndsARunCleanly(t *testing.T) {
	t.Parallel()
	b := setup(t)
	p := start(t, b.url+"/"+b.key, 30)
	require.Eventually(t, func() bool { return len(b.liveFFmpegs(t)) == 1 }, 10*time.Second, 50*time.Millisecond)
	time.Sleep(3 * time.Second) // some stream to record
	b.stop()
	end := b.ended(t)
	assert.NotEmpty(t, end.RecordingKey)
	_, _ = p.wait()
	assert.Empty(t, b.liveFFmpegs(t))
}

func read(t *testing.T, store blob.Store, key string) string {
	t.Helper()
	r, _, err := store.Open(context.Background(), key)
	require.NoError(t, err, key)
	defer r.Close()
	body, err := io.ReadAll(r)
	require.NoError(t, err)
	return string(body)
}

func hostOf(rtmpURL string) string {
	rest := rtmpURL[len("rtmp://"):]
	return rest[:len(rest)-len("/live")]
}

// liveFFmpegs lists the live ffmpeg children of b's server still running
// (tests run in parallel: another test's are not b's).
func (b bundle) liveFFmpegs(t *testing.T) []string {
	t.Helper()
	var found []string
	procs, err := filepath.Glob("/proc/[0-9]*/stat")
	require.NoError(t, err)
	self := []byte(") ")
	for _, p := range procs {
		stat, err := os.ReadFile(p) //nolint:gosec // /proc
		if err != nil {
			continue
		}
		i := bytes.LastIndex(stat, self)
		if i < 0 {
			continue
		}
		fields := bytes.Fields(stat[i+2:])
		if len(fields) < 2 || string(fields[1]) != strconv.Itoa(os.Getpid()) {
			continue
		}
		cmdline, _ := os.ReadFile(filepath.Join(filepath.Dir(p), "cmdline")) //nolint:gosec // /proc
		if bytes.Contains(cmdline, []byte("var_stream_map")) && bytes.Contains(cmdline, []byte(b.workDir)) {
			found = append(found, p)
		}
	}
	return found
}

// lowLatency gets file of the event's current LL-HLS stream, the one its
// LL master playlist names, from the origin as the edge does.
func (b bundle) lowLatency(t *testing.T, file string) (int, string) {
	t.Helper()
	master := read(t, b.store, "videos/"+b.grant.AccountID+"/"+b.grant.VideoID+"/"+liveorigin.MasterPath)
	stream, ok := strings.CutSuffix(hlstest.FirstURI(master), "/"+llhls.PlaylistName)
	require.True(t, ok, "the master names a stream's playlist: %s", master)
	address := read(t, b.store, "videos/"+b.grant.AccountID+"/"+b.grant.VideoID+"/"+liveorigin.AddressPath(stream))
	assert.Equal(t, b.origin.URL, address, "the instance serving the stream")
	path := liveorigin.Path(b.grant.VideoID, stream, file)
	req, err := http.NewRequestWithContext(t.Context(), http.MethodGet, address+path, nil)
	require.NoError(t, err)
	liveorigin.Sign(req.Header, http.MethodGet, path, gatewayKey)
	resp, err := b.origin.Client().Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	return resp.StatusCode, string(body)
}

// gatewayKey stands for the gateway's internal-call key.
var gatewayKey = []byte(strings.Repeat("g", 32))
