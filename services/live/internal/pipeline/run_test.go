package pipeline

import (
	"context"
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
)

// testdata/chromium-whip.ts is what the ingest fed ffmpeg for the first
// 3.3 s of a headless Chromium publishing a canvas over WHIP: 100 frames
// whose times are the capture's milliseconds, uneven, and an SPS from
// which ffmpeg guesses 90000 fps. The lower rung must come out with those
// frames, not a constant 90000 fps of duplicates (which took x264 minutes
// of CPU, starved the bitrate to QP 51 and said level 6.2).
func TestUnevenFrameTimesAreNotMultiplied(t *testing.T) {
	if testing.Short() {
		t.Skip("runs ffmpeg")
	}
	input, err := os.ReadFile(filepath.Join("testdata", "chromium-whip.ts"))
	require.NoError(t, err)
	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	defer cancel()
	plan := DefaultPlan(t.TempDir())
	run, err := Start(ctx, "ffmpeg", plan)
	require.NoError(t, err)
	_, err = run.Stdin().Write(input)
	require.NoError(t, err)
	require.NoError(t, run.Finish())

	rung := filepath.Join(plan.Dir, LiveFolder, plan.Lower.Name)
	segments, err := filepath.Glob(filepath.Join(rung, "*.m4s"))
	require.NoError(t, err)
	require.NotEmpty(t, segments)
	init, err := filepath.Glob(filepath.Join(rung, "init*.mp4"))
	require.NoError(t, err)
	require.Len(t, init, 1)
	var whole []byte
	for _, part := range append(init, segments...) {
		b, err := os.ReadFile(part) //nolint:gosec // the test's own files
		require.NoError(t, err)
		whole = append(whole, b...)
	}
	joined := filepath.Join(t.TempDir(), "rung.mp4")
	require.NoError(t, os.WriteFile(joined, whole, 0o600))
	out, err := exec.CommandContext(ctx, "ffprobe", "-v", "error", "-select_streams", "v", "-count_packets",
		"-show_entries", "stream=nb_read_packets", "-of", "csv=p=0", joined).Output()
	require.NoError(t, err)
	frames, err := strconv.Atoi(strings.TrimSpace(string(out)))
	require.NoError(t, err)
	assert.InDelta(t, 100, frames, 5, "the publisher's 100 frames, each once")

	master, err := os.ReadFile(filepath.Join(plan.Dir, LiveFolder, "master.m3u8"))
	require.NoError(t, err)
	level := regexp.MustCompile(`CODECS="avc1\.64[0-9a-f]{2}([0-9a-f]{2})`).FindStringSubmatch(string(master))
	require.Len(t, level, 2, string(master))
	idc, err := strconv.ParseUint(level[1], 16, 8)
	require.NoError(t, err)
	assert.LessOrEqual(t, idc, uint64(31), "360p at up to 60 fps is level 3.1 at most: %s", master)
}
