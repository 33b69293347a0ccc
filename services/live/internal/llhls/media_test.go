package llhls_test

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/services/live/internal/llhls"
	"github.com/vidhost/vidhost/services/live/internal/llhls/llhlstest"
)

// probed is what ffprobe counts in a file.
type probed struct {
	videoFrames, audioFrames int
	duration, videoStart     float64
}

// probe writes init and the media after it to one file, as a player's
// buffer holds them, and has ffprobe decode-count its frames; ffmpeg then
// decodes it all, which must print no error.
func probe(t *testing.T, init []byte, media ...[]byte) probed {
	t.Helper()
	if _, err := exec.LookPath("ffprobe"); err != nil {
		t.Skip("ffprobe is not installed")
	}
	path := filepath.Join(t.TempDir(), "stream.mp4")
	require.NoError(t, os.WriteFile(path, bytes.Join(append([][]byte{init}, media...), nil), 0o600))
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	out, err := exec.CommandContext(ctx, "ffprobe", "-v", "error", "-count_frames",
		"-show_entries", "stream=codec_type,nb_read_frames,start_time:format=duration", "-of", "json", path).CombinedOutput()
	require.NoError(t, err, string(out))
	var doc struct {
		Streams []struct {
			CodecType string `json:"codec_type"`
			Frames    string `json:"nb_read_frames"`
			Start     string `json:"start_time"`
		} `json:"streams"`
		Format struct {
			Duration string `json:"duration"`
		} `json:"format"`
	}
	require.NoError(t, json.Unmarshal(out, &doc), string(out))
	var p probed
	for _, s := range doc.Streams {
		n, err := strconv.Atoi(s.Frames)
		require.NoError(t, err)
		switch s.CodecType {
		case "video":
			p.videoFrames = n
			p.videoStart, _ = strconv.ParseFloat(s.Start, 64)
		case "audio":
			p.audioFrames = n
		}
	}
	p.duration, _ = strconv.ParseFloat(doc.Format.Duration, 64)
	decoded, err := exec.CommandContext(ctx, "ffmpeg", "-v", "error", "-i", path, "-f", "null", "-").CombinedOutput()
	require.NoError(t, err, string(decoded))
	assert.Empty(t, string(decoded), "ffmpeg decodes without an error")
	return p
}

// TestFFmpegReadsSegmentsAndParts: init + a segment, init + the parts of
// that segment, init + one part, and init + the whole stream are each
// read and decoded by ffmpeg, with every frame there.
func TestFFmpegReadsSegmentsAndParts(t *testing.T) {
	c := loadClip(t)
	m := newMuxer(t, c, llhls.Config{})
	c.feed(t, m, 0, 5*time.Second)
	require.NoError(t, m.Close())
	init := m.Init()

	seg0, err := m.Segment(0)
	require.NoError(t, err)
	require.Len(t, seg0, 6, "a 2 s segment of 30 fps holds six parts of ten frames")
	got := probe(t, init, seg0...)
	assert.Equal(t, 2*fps, got.videoFrames)
	assert.InDelta(t, 2*sampleRate/1024, got.audioFrames, 2) // an AAC frame may fall in the next segment
	assert.InDelta(t, 2.0, got.duration, 0.05)

	var parts [][]byte
	for i := range uint64(6) {
		part, err := m.Part(context.Background(), i)
		require.NoError(t, err)
		parts = append(parts, part)
	}
	assert.Equal(t, bytes.Join(seg0, nil), bytes.Join(parts, nil), "a segment is its parts, in order")
	assert.Equal(t, fps/3, probe(t, init, parts[0]).videoFrames, "a part alone is playable from its keyframe")

	var all [][]byte
	for msn := uint64(0); ; msn++ {
		seg, err := m.Segment(msn)
		if err != nil {
			break
		}
		all = append(all, seg...)
	}
	got = probe(t, init, all...)
	assert.Equal(t, 5*fps, got.videoFrames)
	assert.InDelta(t, 5*sampleRate/1024, got.audioFrames, 2)
}

// TestSegmentsStartAtTheirTime: a later segment, played alone after the
// init section as a standard player starting at the live edge does,
// starts at its own time (its decode times go on from the stream's start)
// with every frame, also when pictures are presented after they are
// decoded (B-frame streams: the composition offset is written).
func TestSegmentsStartAtTheirTime(t *testing.T) {
	c := loadClip(t)
	for _, tt := range []struct {
		name  string
		delay time.Duration
	}{{"pts_is_dts", 0}, {"pts_two_frames_late", 2 * time.Second / fps}} {
		t.Run(tt.name, func(t *testing.T) {
			m := newMuxer(t, c, llhls.Config{})
			c.Feed(t, m, llhlstest.Timing{Rate: fps, Scale: 1, PTSDelay: tt.delay}, 0, 7*time.Second)
			seg2, err := m.Segment(2)
			require.NoError(t, err)
			got := probe(t, m.Init(), seg2...)
			assert.Equal(t, 2*fps, got.videoFrames)
			assert.InDelta(t, 4+tt.delay.Seconds(), got.videoStart, 0.001)
		})
	}
}
