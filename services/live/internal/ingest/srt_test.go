//go:build cgo && !nosrt

package ingest_test

import (
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/services/live/internal/ingest"
	"github.com/vidhost/vidhost/services/live/internal/srt"
)

// The SRT path shares everything after admission with RTMP (the tests
// above); these check what is its own: the streamid, the refusals during
// the handshake with their reject codes, and the MPEG-TS demuxing.

// srtURL is the URL an SRT publisher is given, streamid and all, escaped
// as a URL's query may be (ffmpeg passes it on escaped; the service
// decodes it).
func (b bundle) srtURL(streamID string) string {
	return "srt://" + b.srtAddr + "?streamid=" + url.QueryEscape(streamID)
}

func TestAnSRTPublisherGoesLiveAndItsRecordingIsStored(t *testing.T) {
	t.Parallel()
	b := setup(t)
	log, err := push(t, b.srtURL("publish:"+b.key), 8)
	require.NoError(t, err, log)
	end := b.ended(t)

	assert.Equal(t, "uploads/"+b.grant.AccountID+"/"+b.grant.VideoID+"/recording.ts", end.RecordingKey)
	assert.InDelta(t, 8, end.Duration, 1)
	assert.Equal(t, "the publisher disconnected", end.Reason)
	assert.Equal(t, []string{b.grant.VideoID}, b.reports.videos(), "live.started once")
	playlist := read(t, b.store, "videos/"+b.grant.AccountID+"/"+b.grant.VideoID+"/live/360p/index.m3u8")
	assert.Contains(t, playlist, "#EXT-X-ENDLIST", "the last playlist says the stream ended")
	assert.Empty(t, b.liveFFmpegs(t))
}

// Every refusal happens in the handshake, with the code of its kind, and
// the port goes on serving: the last publisher is a good one, in the SRT
// access-control form of streamid.
func TestSRTPublishersAreRefusedInTheHandshakeWithACode(t *testing.T) {
	t.Parallel()
	b := setup(t)
	b.keys.refuse["vhlive_limited"] = &ingest.Refusal{Reason: "the plan allows 1 live event", Kind: ingest.KindLimit}
	tests := []struct {
		name, streamID string
		want           srt.RejectCode
	}{
		{"a wrong key", "publish:vhlive_nope", srt.RejectForbidden},
		{"a bare wrong key", "vhlive_nope", srt.RejectForbidden},
		{"the plan's limit", "#!::r=vhlive_limited,m=publish", srt.RejectTooMany},
		{"no key", "", srt.RejectBadRequest},
		{"a player", "#!::r=" + b.key + ",m=request", srt.RejectBadMode},
		{"read:", "read:" + b.key, srt.RejectBadMode},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := srt.Dial(b.srtAddr, tt.streamID, srt.Options{})
			var rejected *srt.RejectError
			require.ErrorAs(t, err, &rejected)
			assert.Equal(t, tt.want, rejected.Code)
		})
	}
	// ffmpeg 5.1, refused, gives up at once with an error; its libsrt
	// logs the rejection (not the code: srt_getrejectreason is not called).
	log, err := push(t, b.srtURL("publish:vhlive_nope"), 4)
	assert.Error(t, err)
	assert.Contains(t, log, "Application-defined rejection reason")
	assert.Empty(t, b.reports.videos(), "no refused stream went live")

	log, err = push(t, b.srtURL("#!::r="+b.key+",m=publish"), 2)
	require.NoError(t, err, log)
	b.ended(t)
	assert.Empty(t, b.liveFFmpegs(t))
}

func TestASecondSRTPublisherIsRefusedWithConflict(t *testing.T) {
	t.Parallel()
	b := setup(t)
	first := start(t, "srt://"+b.srtAddr+"?streamid="+b.key, 6) // the bare key, unescaped
	require.Eventually(t, func() bool { return len(b.liveFFmpegs(t)) == 1 }, 10*time.Second, 50*time.Millisecond)
	_, err := srt.Dial(b.srtAddr, "publish:"+b.key, srt.Options{})
	var rejected *srt.RejectError
	require.ErrorAs(t, err, &rejected)
	assert.Equal(t, srt.RejectConflict, rejected.Code)
	log, err := first.wait()
	require.NoError(t, err, log, "the first publisher went on")
	b.ended(t)
}

// A publisher admitted in the handshake that then sends garbage instead
// of MPEG-TS is dropped after the track analysis timeout (10 s); its event
// is free again and the port serves the next publisher. About 15 s.
func TestAnSRTPublisherSendingGarbageIsDropped(t *testing.T) {
	t.Parallel()
	b := setup(t)
	conn, err := srt.Dial(b.srtAddr, "publish:"+b.key, srt.Options{})
	require.NoError(t, err)
	defer conn.Close()
	garbage := make([]byte, 1316)
	for i := range garbage {
		garbage[i] = byte(i * 7)
	}
	for range 20 {
		_, err = conn.Write(garbage)
		require.NoError(t, err)
	}
	require.NoError(t, conn.SetReadTimeout(30*time.Second))
	_, err = conn.Read(make([]byte, 10))
	require.Error(t, err, "the server closed the connection")
	log, err := push(t, b.srtURL("publish:"+b.key), 2)
	require.NoError(t, err, log)
	b.ended(t)
	assert.LessOrEqual(t, len(b.reports.videos()), 1, "only the good publisher went live")
	assert.Empty(t, b.liveFFmpegs(t))
}

// A publisher that stays connected (libsrt keeps the connection alive) but
// sends no more media is ended after the stall timeout (3 s here): the
// read timeout of its SRT socket (SRTO_RCVTIMEO).
func TestAStalledSRTPublisherIsEnded(t *testing.T) {
	t.Parallel()
	b := setup(t)
	clip := filepath.Join(t.TempDir(), "clip.ts")
	out, err := exec.Command("ffmpeg", "-hide_banner", "-loglevel", "error", "-nostdin",
		"-f", "lavfi", "-i", "testsrc2=size=320x240:rate=25:duration=3",
		"-f", "lavfi", "-i", "sine=sample_rate=48000:duration=3",
		"-c:v", "libx264", "-preset", "ultrafast", "-g", "25", "-pix_fmt", "yuv420p",
		"-c:a", "aac", "-f", "mpegts", clip).CombinedOutput()
	require.NoError(t, err, "%s", out)
	stream, err := os.ReadFile(clip) //nolint:gosec // the test's own file
	require.NoError(t, err)

	conn, err := srt.Dial(b.srtAddr, "publish:"+b.key, srt.Options{})
	require.NoError(t, err)
	defer conn.Close()
	_, err = conn.Write(stream)
	require.NoError(t, err)
	end := b.ended(t) // the connection stays open meanwhile
	assert.Equal(t, "the publisher sent nothing for 3s", end.Reason)
	assert.NotEmpty(t, end.RecordingKey, "what was sent is recorded")
	assert.Empty(t, b.liveFFmpegs(t))
}
