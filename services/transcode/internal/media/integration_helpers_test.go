package media

import (
	"encoding/json"
	"os/exec"
	"path/filepath"
	"strconv"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/services/transcode/internal/mediatest"
)

// Test sources: small, so the integration tests stay within seconds.
var (
	clipWithAudio  = mediatest.ClipSpec{Width: 640, Height: 360, Seconds: 6, Audio: true}
	clipSpherical  = mediatest.ClipSpec{Width: 640, Height: 360, Seconds: 3, Spherical: true}
	clipPortrait   = mediatest.ClipSpec{Width: 640, Height: 360, Seconds: 3, Rotate: 90}
	audioOnlyClips = 3.0
)

// run is what a test saw of one job.
type run struct {
	out      string
	files    []File
	progress []int
	mu       sync.Mutex
}

// setup returns a transcoder with default settings and a recorder for a
// job's callbacks. It fails, rather than skips, without ffmpeg.
func setup(t *testing.T) (*Transcoder, *run) {
	t.Helper()
	mediatest.RequireTools(t)
	return New(Config{}), &run{out: t.TempDir()}
}

func (r *run) job(source string) Job {
	return Job{
		Source: source, OutDir: r.out,
		OnProgress: func(p int) { r.mu.Lock(); r.progress = append(r.progress, p); r.mu.Unlock() },
		OnFile:     func(f File) { r.mu.Lock(); r.files = append(r.files, f); r.mu.Unlock() },
	}
}

func (r *run) path(rel string) string { return filepath.Join(r.out, filepath.FromSlash(rel)) }

// probed is what the tests check in ffprobe's view of an output.
type probed struct {
	Format struct {
		FormatName string `json:"format_name"`
		Duration   string `json:"duration"`
	} `json:"format"`
	Streams []struct {
		CodecType string `json:"codec_type"`
		CodecName string `json:"codec_name"`
		Width     int    `json:"width"`
		Height    int    `json:"height"`
		NbFrames  string `json:"nb_frames"`
		// SampleAspectRatio is "1:1" for square pixels.
		SampleAspectRatio string `json:"sample_aspect_ratio"`
		SideData          []struct {
			Type string `json:"side_data_type"`
		} `json:"side_data_list"`
	} `json:"streams"`
}

func ffprobe(t *testing.T, path string) probed {
	t.Helper()
	out, err := exec.Command("ffprobe", "-v", "error", "-print_format", "json", "-show_format", "-show_streams", path).Output()
	require.NoError(t, err, "ffprobe %s", path)
	var p probed
	require.NoError(t, json.Unmarshal(out, &p))
	return p
}

func (p probed) duration(t *testing.T) float64 {
	seconds, err := strconv.ParseFloat(p.Format.Duration, 64)
	require.NoError(t, err)
	return seconds
}

// sizes lists the video streams as "WxH".
func (p probed) sizes() []string {
	var out []string
	for _, s := range p.Streams {
		if s.CodecType == "video" {
			out = append(out, strconv.Itoa(s.Width)+"x"+strconv.Itoa(s.Height))
		}
	}
	return out
}

func (p probed) hasCodec(codec string) bool {
	for _, s := range p.Streams {
		if s.CodecName == codec {
			return true
		}
	}
	return false
}
