package transcodetest

import (
	"encoding/json"
	"os/exec"
	"strconv"
	"testing"
)

// Probed is what the tests check in ffprobe's view of an output.
type Probed struct {
	Format struct {
		FormatName string `json:"format_name"`
		Duration   string `json:"duration"`
	} `json:"format"`
	Streams []struct {
		CodecType string `json:"codec_type"`
		CodecName string `json:"codec_name"`
		Width     int    `json:"width"`
		Height    int    `json:"height"`
	} `json:"streams"`
}

// Seconds is the container's duration.
func (p Probed) Seconds() float64 {
	seconds, _ := strconv.ParseFloat(p.Format.Duration, 64)
	return seconds
}

// Count is the number of streams of a codec type ("video", "audio").
func (p Probed) Count(codecType string) int {
	n := 0
	for _, s := range p.Streams {
		if s.CodecType == codecType {
			n++
		}
	}
	return n
}

// Probe runs ffprobe on a URL or file and fails the test if it cannot read it.
func Probe(t testing.TB, target string) Probed {
	t.Helper()
	out, err := exec.Command("ffprobe", "-v", "error", "-print_format", "json", "-show_format", "-show_streams", target).Output()
	if err != nil {
		t.Fatalf("transcodetest: ffprobe %s: %v", target, err)
	}
	var p Probed
	if err := json.Unmarshal(out, &p); err != nil {
		t.Fatalf("transcodetest: ffprobe output: %v", err)
	}
	return p
}
