package ingest_test

import (
	"context"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/services/live/internal/ingest"
	"github.com/vidhost/vidhost/services/live/internal/whip"
	"github.com/vidhost/vidhost/services/live/internal/whip/whiptest"
)

// WHIP publishers: a pion client (whiptest) posts its offer to the handler
// in front of the same server and sends H.264 and Opus read from files at
// real time. About 25 s, most of it streams played at real time.

// whipEndpoint serves b's server's WHIP handler on a free HTTP port, its
// ICE on a free UDP port of loopback, and returns the endpoint's URL.
func whipEndpoint(t *testing.T, b bundle) string {
	t.Helper()
	udp, err := net.ListenPacket("udp4", "127.0.0.1:0")
	require.NoError(t, err)
	h, err := whip.New(whip.Config{UDP: udp, FFmpeg: "ffmpeg"}, b.srv.WHIP(b.ctx))
	require.NoError(t, err)
	web := httptest.NewServer(h)
	t.Cleanup(func() {
		web.Close()
		_ = h.Close()
		_ = udp.Close()
	})
	return web.URL + "/v2/videos/" + b.grant.VideoID + "/whip"
}

func media(t *testing.T, seconds int) whiptest.Media {
	t.Helper()
	m, err := whiptest.Generate(t.Context(), t.TempDir(), seconds)
	require.NoError(t, err)
	return m
}

func TestAWHIPPublisherGoesLiveAndItsRecordingIsStored(t *testing.T) {
	t.Parallel()
	b := setup(t)
	endpoint := whipEndpoint(t, b)
	p, answer, err := whiptest.Publish(t.Context(), endpoint, b.key, media(t, 8))
	require.NoError(t, err)
	assert.True(t, strings.HasPrefix(answer.Location, "/v2/videos/"+b.grant.VideoID+"/whip/"), answer.Location)
	require.NoError(t, p.Sent(t.Context()))
	status, err := p.Delete(t.Context())
	require.NoError(t, err)
	assert.Equal(t, http.StatusOK, status)
	end := b.ended(t)

	assert.Equal(t, "the publisher disconnected", end.Reason)
	assert.InDelta(t, 8, end.Duration, 1.5)
	assert.Equal(t, []string{b.grant.VideoID}, b.reports.videos(), "live.started once")
	assert.GreaterOrEqual(t, p.KeyframeRequests(), 3, "a keyframe asked for at the start and at each segment")
	playlist := read(t, b.store, "videos/"+b.grant.AccountID+"/"+b.grant.VideoID+"/live/source/index.m3u8")
	assert.Contains(t, playlist, "#EXT-X-ENDLIST")
	// The publisher's uneven capture times once made ffmpeg encode the
	// lower rung at 90000 fps: level 6.2 in its CODECS.
	master := read(t, b.store, "videos/"+b.grant.AccountID+"/"+b.grant.VideoID+"/live/master.m3u8")
	level := regexp.MustCompile(`CODECS="avc1\.64[0-9a-f]{2}([0-9a-f]{2})`).FindStringSubmatch(master)
	require.Len(t, level, 2, master)
	idc, err := strconv.ParseUint(level[1], 16, 8)
	require.NoError(t, err)
	assert.LessOrEqual(t, idc, uint64(31), "the 360p rung's level is at most 3.1: %s", master)
	require.NotEmpty(t, end.RecordingKey)
	recording := filepath.Join(t.TempDir(), "recording.ts")
	require.NoError(t, os.WriteFile(recording, []byte(read(t, b.store, end.RecordingKey)), 0o600))
	videoStart, videoEnd := probeSpan(t, recording, "v")
	audioStart, audioEnd := probeSpan(t, recording, "a")
	assert.InDelta(t, 8, videoEnd-videoStart, 1.5, "the recording's video")
	assert.InDelta(t, 8, audioEnd-audioStart, 1.5, "the recording's audio")
	t.Logf("recording: video %.3f-%.3f s, audio %.3f-%.3f s", videoStart, videoEnd, audioStart, audioEnd)
	assert.InDelta(t, videoStart, audioStart, 0.2, "audio starts with the video")
	assert.Empty(t, b.liveFFmpegs(t))
}

// Each refusal comes with its status and reason, and the event stays as
// it was: the good publisher after them goes live.
func TestRefusedWHIPPublishersSeeWhy(t *testing.T) {
	t.Parallel()
	b := setup(t)
	endpoint := whipEndpoint(t, b)
	b.keys.refuse["vhlive_revoked"] = &ingest.Refusal{Reason: "the stream key was revoked; rotate it to go live again"}
	b.keys.refuse["vhlive_busy_account"] = &ingest.Refusal{Reason: "the account already has 1 live event(s)", Kind: ingest.KindLimit}
	offer := func(key, mime string) func() (whiptest.Answer, error) {
		return func() (whiptest.Answer, error) { return whiptest.Offer(t.Context(), endpoint, key, mime) }
	}
	tests := []struct {
		name   string
		post   func() (whiptest.Answer, error)
		status int
		reason string
	}{
		{"no key", offer("", "video/H264"), http.StatusUnauthorized, "no stream key"},
		{"a wrong key", offer("vhlive_nope", "video/H264"), http.StatusForbidden, "unknown stream key"},
		{"a revoked key", offer("vhlive_revoked", "video/H264"), http.StatusForbidden, "the stream key was revoked"},
		{"the plan's events at once", offer("vhlive_busy_account", "video/H264"), http.StatusTooManyRequests, "already has 1 live event"},
		{"only VP9", offer(b.key, "video/VP9"), http.StatusUnprocessableEntity, "no H.264 video (it offers VP9)"},
		{"only VP8", offer(b.key, "video/VP8"), http.StatusUnprocessableEntity, "no H.264 video (it offers VP8)"},
		{"not SDP", func() (whiptest.Answer, error) {
			return whiptest.Post(t.Context(), endpoint, b.key, "application/json", "{}")
		}, http.StatusUnsupportedMediaType, "application/sdp"},
		{"garbage", func() (whiptest.Answer, error) {
			return whiptest.Post(t.Context(), endpoint, b.key, "application/sdp", "hello")
		}, http.StatusBadRequest, "not an SDP offer"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			answer, err := tt.post()
			require.NoError(t, err)
			assert.Equal(t, tt.status, answer.Status)
			assert.Contains(t, answer.Body, tt.reason)
		})
	}
	assert.Empty(t, b.reports.videos(), "no refused publisher went live")
	assert.Zero(t, b.srv.Publishing(), "no claim left behind")
	p, _, err := whiptest.Publish(t.Context(), endpoint, b.key, media(t, 3))
	require.NoError(t, err)
	require.NoError(t, p.Sent(t.Context()))
	_, _ = p.Delete(t.Context())
	b.ended(t)
}

// A second publisher is refused while the first is live, which goes on;
// DELETE ends the first's run at once, and a session's URL ends nothing
// once it has ended.
func TestASecondWHIPPublisherIsRefusedAndDeleteEndsTheRun(t *testing.T) {
	t.Parallel()
	b := setup(t)
	endpoint := whipEndpoint(t, b)
	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	defer cancel()
	first, _, err := whiptest.Publish(ctx, endpoint, b.key, media(t, 30))
	require.NoError(t, err)
	require.Eventually(t, func() bool { return len(b.reports.videos()) == 1 }, 20*time.Second, 50*time.Millisecond)

	second, err := whiptest.Offer(ctx, endpoint, b.key, "video/H264")
	require.NoError(t, err)
	assert.Equal(t, http.StatusConflict, second.Status)
	assert.Contains(t, second.Body, "already has a publisher")
	// Another key's token does not end the session.
	status, err := deleteWith(ctx, first.Resource(), "vhlive_other")
	require.NoError(t, err)
	assert.Equal(t, http.StatusForbidden, status)

	deleted := time.Now()
	status, err = first.Delete(ctx)
	require.NoError(t, err)
	assert.Equal(t, http.StatusOK, status)
	end := b.ended(t)
	assert.Less(t, time.Since(deleted), 10*time.Second, "the run ends without waiting for a stall")
	assert.Equal(t, "the publisher disconnected", end.Reason)
	assert.NotEmpty(t, end.RecordingKey)
	status, err = first.Delete(ctx)
	require.NoError(t, err)
	assert.Equal(t, http.StatusNotFound, status)
	assert.Empty(t, b.liveFFmpegs(t))
}

func deleteWith(ctx context.Context, resource, key string) (int, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodDelete, resource, nil)
	if err != nil {
		return 0, err
	}
	req.Header.Set("Authorization", "Bearer "+key)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, err
	}
	_ = resp.Body.Close()
	return resp.StatusCode, nil
}

// probeSpan is the first and last packet times in seconds of file's first
// stream of kind (v or a), as ffprobe reads them.
func probeSpan(t *testing.T, file, kind string) (first, last float64) {
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
