package mediatest

import (
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/services/transcode/internal/media/mp4box"
)

func probeStreams(t *testing.T, path string) string {
	out, err := exec.Command("ffprobe", "-v", "error", "-show_entries", "stream=codec_type,width,height", "-of", "csv=p=0", path).Output()
	require.NoError(t, err)
	return strings.TrimSpace(string(out))
}

func TestClipIsCachedBySpec(t *testing.T) {
	RequireTools(t)
	spec := ClipSpec{Width: 64, Height: 36, Seconds: 1, Audio: true}
	first := Clip(t, spec)
	assert.Equal(t, first, Clip(t, spec), "the same spec reuses the file")
	assert.NotEqual(t, first, Clip(t, ClipSpec{Width: 64, Height: 36, Seconds: 1}), "another spec gets its own")
	assert.Equal(t, "video,64,36\naudio", probeStreams(t, first))
}

func TestClipVariants(t *testing.T) {
	RequireTools(t)
	spherical := Clip(t, ClipSpec{Width: 64, Height: 36, Seconds: 1, Spherical: true})
	data, err := os.ReadFile(spherical)
	require.NoError(t, err)
	assert.True(t, mp4box.Contains(data, "avc1", "sv3d"))

	rotated := Clip(t, ClipSpec{Width: 64, Height: 36, Seconds: 1, Rotate: 90})
	out, err := exec.Command("ffprobe", "-v", "error", "-show_entries", "stream_side_data=rotation", "-of", "csv=p=0", rotated).Output()
	require.NoError(t, err)
	assert.Contains(t, string(out), "90")
}

func TestBadInputs(t *testing.T) {
	RequireTools(t)
	assert.Equal(t, "audio", probeStreams(t, AudioOnly(t, 1)))

	text, err := os.ReadFile(TextFile(t, "notes.mp4"))
	require.NoError(t, err)
	assert.Contains(t, string(text), "not a video")

	spec := ClipSpec{Width: 64, Height: 36, Seconds: 1}
	err = exec.Command("ffprobe", "-v", "error", Truncated(t, spec)).Run()
	assert.Error(t, err, "a truncated file with its index at the end is unreadable")
	assert.Equal(t, "video,64,36", probeStreams(t, TruncatedAfterIndex(t, spec)), "with the index first it still probes")

	out, err := exec.Command("ffprobe", "-v", "error", HugeFrame(t)).CombinedOutput()
	assert.Contains(t, string(out), "Picture size 20000x20000 is invalid", "ffprobe refuses the frame (%v)", err)
}
