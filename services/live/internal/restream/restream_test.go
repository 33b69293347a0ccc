package restream

import (
	"context"
	"fmt"
	"net"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/bluenviron/mediacommon/v2/pkg/codecs/h264"
	"github.com/bluenviron/mediacommon/v2/pkg/formats/mpegts"
	tscodecs "github.com/bluenviron/mediacommon/v2/pkg/formats/mpegts/codecs"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/freeport"
	"github.com/vidhost/vidhost/pkg/natsx"
	"github.com/vidhost/vidhost/pkg/netguard"
	"github.com/vidhost/vidhost/pkg/simulcast"
	"github.com/vidhost/vidhost/pkg/simulcast/simulcasttest"
)

// testConfig reaches this machine, and retries and gives up quickly.
func testConfig(statuses *statusLog) Config {
	return Config{
		Allow: netguard.AnyAddress, OnStatus: statuses.add,
		DialTimeout: 2 * time.Second, WriteTimeout: 2 * time.Second, DrainTimeout: 5 * time.Second,
		Backoff: natsx.Backoff{Min: 100 * time.Millisecond, Max: 400 * time.Millisecond},
	}
}

// TestEveryOutputGetsTheStream: two RTMP receivers (ffmpeg -listen 1, as
// a platform's ingest) each record the whole stream, H.264 and AAC, copied
// as it came, while it is written at its own pace as a publisher sends it.
func TestEveryOutputGetsTheStream(t *testing.T) {
	stream := readStream(t, makeStream(t, 4))
	statuses := &statusLog{}
	var targets []Target
	var receivers []*simulcasttest.Receiver
	for i := range 2 {
		r := simulcasttest.Start(t, "key-"+strconv.Itoa(i))
		receivers = append(receivers, r)
		targets = append(targets, Target{ID: "out-" + strconv.Itoa(i), URL: r.URL, Key: r.Key})
	}
	f := Start(context.Background(), testConfig(statuses), stream.tracks, targets)
	stream.playLive(t, f)
	f.Close()
	for _, r := range receivers {
		got := r.Result(t)
		assert.ElementsMatch(t, []string{"h264", "aac"}, got.Codecs)
		assert.InDelta(t, 4, got.Seconds, 0.6, "the whole stream")
	}
	assert.True(t, statuses.reached("out-0", Live) && statuses.reached("out-1", Live), "%v", statuses)
}

// TestADeadOutputHoldsNoOther: beside a working receiver, one output's
// server refuses connections and another's accepts and never answers. No
// write waits, the working one records the whole stream, and the others
// report why and retry.
func TestADeadOutputHoldsNoOther(t *testing.T) {
	stream := readStream(t, makeStream(t, 6))
	statuses := &statusLog{}
	good := simulcasttest.Start(t, "k")
	refusing := &url.URL{Scheme: "rtmp", Host: "127.0.0.1:" + strconv.Itoa(closedPort(t)), Path: "/live"}
	f := Start(context.Background(), testConfig(statuses), stream.tracks, []Target{
		{ID: "refusing", URL: refusing, Key: "k"},
		{ID: "silent", URL: silentServer(t), Key: "k"},
		{ID: "good", URL: good.URL, Key: "k"},
	})
	slowest := stream.playLive(t, f)
	assert.Less(t, slowest, 50*time.Millisecond, "no write waits for an output")
	require.Eventually(t, func() bool {
		return statuses.failures("refusing") >= 2 && statuses.failures("silent") >= 1
	}, 20*time.Second, 50*time.Millisecond, "%v", statuses)
	f.Close()
	assert.InDelta(t, 6, good.Result(t).Seconds, 0.6)
	assert.Equal(t, netguard.ReasonRefused, statuses.lastFailure("refusing").Reason)
	assert.Equal(t, netguard.ReasonTimeout, statuses.lastFailure("silent").Reason)
}

// TestPrivateAddressesAreRefused: with production's rule an output on this
// machine is never dialled.
func TestPrivateAddressesAreRefused(t *testing.T) {
	stream := readStream(t, makeStream(t, 3))
	statuses := &statusLog{}
	listener, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	defer listener.Close() //nolint:errcheck // test
	accepted := make(chan struct{}, 1)
	go func() {
		if conn, err := listener.Accept(); err == nil {
			accepted <- struct{}{}
			_ = conn.Close()
		}
	}()
	cfg := testConfig(statuses)
	cfg.Allow = netguard.PublicOnly
	target := Target{ID: "inside", URL: &url.URL{Scheme: "rtmp", Host: listener.Addr().String(), Path: "/live"}, Key: "k"}
	f := Start(context.Background(), cfg, stream.tracks, []Target{target})
	stream.playLive(t, f)
	f.Close()
	assert.Equal(t, "the output's address is not on the public internet", statuses.lastFailure("inside").Reason, "%v", statuses)
	assert.Empty(t, accepted, "no connection reached the address")
}

// TestSyncChangesTheOutputsMidStream: an output added half way through
// records the second half from a keyframe, one removed half way through
// stops there and reports idle, and the one kept records everything.
func TestSyncChangesTheOutputsMidStream(t *testing.T) {
	stream := readStream(t, makeStream(t, 8))
	statuses := &statusLog{}
	kept, removed, added := simulcasttest.Start(t, "a"), simulcasttest.Start(t, "b"), simulcasttest.Start(t, "c")
	target := func(id string, r *simulcasttest.Receiver) Target { return Target{ID: id, URL: r.URL, Key: r.Key} }
	f := Start(context.Background(), testConfig(statuses), stream.tracks,
		[]Target{target("kept", kept), target("removed", removed)})
	half := len(stream.units) / 2
	stream.units[:half:half].playOn(t, f)
	f.Sync([]Target{target("kept", kept), target("added", added)})
	require.Eventually(t, func() bool { return statuses.reached("removed", Idle) }, 5*time.Second, 20*time.Millisecond,
		"a removed output reports idle at once: %v", statuses)
	stream.units[half:].playOn(t, f)
	f.Close()
	assert.InDelta(t, 8, kept.Result(t).Seconds, 0.6, "the kept output has it all")
	assert.InDelta(t, 4, removed.Result(t).Seconds, 1.0, "the removed output stopped half way")
	assert.InDelta(t, 3.5, added.Result(t).Seconds, 1.0, "the added output started half way, at a keyframe")
	assert.True(t, statuses.reached("added", Live) && statuses.reached("kept", Idle), "%v", statuses)
}

// TestAFullQueueStartsAgainAtAKeyframe: the units a full queue refused
// leave a gap; the output skips to the next keyframe rather than send
// pictures that would not decode.
func TestAFullQueueStartsAgainAtAKeyframe(t *testing.T) {
	q := newQueue(2)
	q.offer(unit{video: true, key: true, pts: 0})
	q.offer(unit{video: true, pts: 1})
	q.offer(unit{video: true, pts: 2}) // dropped: full
	fromKey := false
	var got []time.Duration
	take := func() {
		u, ok := q.next(context.Background(), &fromKey)
		require.True(t, ok)
		got = append(got, u.pts)
	}
	take()
	take()
	q.offer(unit{video: true, pts: 3}) // after the gap
	q.offer(unit{video: true, key: true, pts: 4})
	q.close()
	take()
	assert.Equal(t, []time.Duration{0, 1, 4}, got, "what came before the gap, then from the next keyframe")
	_, ok := q.next(context.Background(), &fromKey)
	assert.False(t, ok, "the stream ended")
}

// statusLog records the outputs' reports.
type statusLog struct {
	mu   sync.Mutex
	list []Status
}

func (l *statusLog) add(s Status) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.list = append(l.list, s)
}

func (l *statusLog) reached(target string, state simulcast.State) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, s := range l.list {
		if s.Target == target && s.State == state {
			return true
		}
	}
	return false
}

// String lists the reports so far, under the lock: a failure message
// formats it while outputs may still report.
func (l *statusLog) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return fmt.Sprintf("%+v", l.list)
}

// failures is the target's count at its last failure.
func (l *statusLog) failures(target string) int {
	return l.lastFailure(target).Failures
}

func (l *statusLog) lastFailure(target string) Status {
	l.mu.Lock()
	defer l.mu.Unlock()
	for i := len(l.list) - 1; i >= 0; i-- {
		if l.list[i].Target == target && l.list[i].State == Failed {
			return l.list[i]
		}
	}
	return Status{}
}

// makeStream encodes seconds of a test picture and tone as MPEG-TS, the
// way a publisher's stream reaches the ingest.
func makeStream(t *testing.T, seconds int) string {
	path := filepath.Join(t.TempDir(), "stream.ts")
	out, err := exec.Command("ffmpeg", "-hide_banner", "-nostdin", "-loglevel", "error",
		"-f", "lavfi", "-i", "testsrc2=size=320x180:rate=30", "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000",
		"-t", strconv.Itoa(seconds), "-c:v", "libx264", "-preset", "ultrafast", "-g", "30", "-bf", "0",
		"-c:a", "aac", "-f", "mpegts", path).CombinedOutput()
	require.NoError(t, err, string(out))
	return path
}

// stream is a file's access units, in order, with their tracks.
type stream struct {
	tracks Tracks
	units  units
}

// units are a stream's access units, or a stretch of them.
type units []unit

func readStream(t *testing.T, path string) stream {
	file, err := os.Open(path) //nolint:gosec // the test's own file
	require.NoError(t, err)
	defer file.Close() //nolint:errcheck // read only
	r := &mpegts.Reader{R: file}
	require.NoError(t, r.Initialize())
	var s stream
	toTime := func(ticks int64) time.Duration { return time.Duration(ticks) * time.Second / 90000 }
	for _, track := range r.Tracks() {
		switch c := track.Codec.(type) {
		case *tscodecs.H264:
			r.OnDataH264(track, func(pts, dts int64, au [][]byte) error {
				for _, nalu := range au {
					switch h264.NALUType(nalu[0] & 0x1F) {
					case h264.NALUTypeSPS:
						s.tracks.SPS = nalu
					case h264.NALUTypePPS:
						s.tracks.PPS = nalu
					}
				}
				s.units = append(s.units, unit{video: true, pts: toTime(pts), dts: toTime(dts), au: au})
				return nil
			})
		case *tscodecs.MPEG4Audio:
			s.tracks.AAC = c.Config
			r.OnDataMPEG4Audio(track, func(pts int64, aus [][]byte) error {
				for i, au := range aus {
					s.units = append(s.units, unit{pts: toTime(pts) + time.Duration(i)*1024*time.Second/48000, au: [][]byte{au}})
				}
				return nil
			})
		}
	}
	for r.Read() == nil {
	}
	require.NotEmpty(t, s.tracks.SPS)
	require.NotZero(t, s.tracks.AAC.SampleRate)
	return s
}

// playLive writes the stream to f at its own pace, as a publisher sends
// it, and returns the longest a write took.
func (s stream) playLive(t *testing.T, f *Fanout) time.Duration { return s.units.playOn(t, f) }

// playOn writes us to f at their own pace and returns the longest a write
// took.
func (us units) playOn(t *testing.T, f *Fanout) time.Duration {
	start, slowest := time.Now(), time.Duration(0)
	first := us[0].dts
	for _, u := range us {
		time.Sleep(time.Until(start.Add(u.dts - first)))
		began := time.Now()
		if u.video {
			f.WriteH264(u.pts, u.dts, u.au)
		} else {
			f.WriteAAC(u.pts, u.au[0])
		}
		slowest = max(slowest, time.Since(began))
	}
	t.Logf("played %d units, the slowest write %s", len(us), slowest)
	return slowest
}

// closedPort is a port nothing listens on.
func closedPort(t *testing.T) int {
	port, err := freeport.Port()
	require.NoError(t, err)
	return port
}

// silentServer accepts connections and never answers.
func silentServer(t *testing.T) *url.URL {
	listener, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	t.Cleanup(func() { _ = listener.Close() })
	go func() {
		for {
			conn, err := listener.Accept()
			if err != nil {
				return
			}
			t.Cleanup(func() { _ = conn.Close() })
		}
	}()
	return &url.URL{Scheme: "rtmp", Host: listener.Addr().String(), Path: "/live"}
}
