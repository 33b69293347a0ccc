package e2e

import (
	"bufio"
	"net/http"
	"net/url"
	"os/exec"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// assertContinuousOutputs checks, with ffprobe over HTTP, that each media
// playlist of v's HLS master (every rung and the audio) and each stream of
// its MP4 is continuous and lasts length within 0.1 s: a chunk edge that
// lost or doubled frames, or an audio run that left a gap, shows here.
func assertContinuousOutputs(t *testing.T, v transcoded, length float64) {
	t.Helper()
	master := outputURL(t, v, ".m3u8")
	playlists := mediaPlaylists(t, master)
	require.GreaterOrEqual(t, len(playlists), 3, "two rungs and the audio in %s", master)
	for _, playlist := range playlists {
		assertContinuous(t, playlist, "0", length)
	}
	mp4 := outputURL(t, v, ".mp4")
	assertContinuous(t, mp4, "v:0", length)
	assertContinuous(t, mp4, "a:0", length)
}

// mediaURIs are the URIs a master playlist names: its variants' lines and
// its renditions' URI attributes.
var mediaURIs = regexp.MustCompile(`(?m)^([^#\s][^\s]*)$|URI="([^"]+)"`)

// mediaPlaylists are the absolute URLs of the media playlists master names,
// each once.
func mediaPlaylists(t *testing.T, master string) []string {
	t.Helper()
	status, body := fetchMedia(t, master)
	require.Equal(t, http.StatusOK, status, master)
	base, err := url.Parse(master)
	require.NoError(t, err)
	var out []string
	for _, m := range mediaURIs.FindAllStringSubmatch(string(body), -1) {
		ref, err := url.Parse(m[1] + m[2])
		require.NoError(t, err)
		if abs := base.ResolveReference(ref).String(); !slices.Contains(out, abs) {
			out = append(out, abs)
		}
	}
	return out
}

// assertContinuous: the packets of stream of url follow each other, each
// decode time at most one and a half packet durations after the one
// before, and together last length within 0.1 s.
func assertContinuous(t *testing.T, url, stream string, length float64) {
	t.Helper()
	out, err := exec.Command("ffprobe", "-v", "error", "-select_streams", stream,
		"-show_entries", "packet=dts_time,duration_time", "-of", "csv=p=0", url).Output()
	require.NoError(t, err, "ffprobe %s", url)
	var dts, durations []float64
	for scanner := bufio.NewScanner(strings.NewReader(string(out))); scanner.Scan(); {
		fields := strings.Split(strings.TrimSpace(scanner.Text()), ",")
		if len(fields) < 2 {
			continue
		}
		at, err := strconv.ParseFloat(fields[0], 64)
		require.NoError(t, err, "%s: %q", url, scanner.Text())
		dts, durations = append(dts, at), append(durations, packetDuration(fields[1]))
	}
	require.Greater(t, len(dts), 1, "%s %s has packets", url, stream)
	fillDurations(dts, durations)
	gaps := 0
	for i := 1; i < len(dts); i++ {
		if step := dts[i] - dts[i-1]; step <= 0 || step > 1.5*durations[i-1] {
			gaps++
			t.Errorf("%s %s: packet %d at %.3f s follows %.3f s", url, stream, i, dts[i], dts[i-1])
		}
		if gaps > 5 {
			break
		}
	}
	span := dts[len(dts)-1] + durations[len(dts)-1] - dts[0]
	assert.InDelta(t, length, span, 0.1, "%s %s lasts as long as the source", url, stream)
}

// packetDuration is ffprobe's duration_time, or -1 where it has none (N/A:
// the HLS demuxer gives none to some packets).
func packetDuration(field string) float64 {
	duration, err := strconv.ParseFloat(field, 64)
	if err != nil {
		return -1
	}
	return duration
}

// fillDurations gives a packet without a duration the step from the one
// before it (the first, the step to the next).
func fillDurations(dts, durations []float64) {
	for i := range durations {
		switch {
		case durations[i] >= 0:
		case i == 0:
			durations[i] = dts[1] - dts[0]
		default:
			durations[i] = dts[i] - dts[i-1]
		}
	}
}
