package media

import (
	"cmp"
	"encoding/json"
	"fmt"
	"os/exec"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// packets are one stream's packets in presentation order, on its clock.
type packets struct {
	frames            []string // "pts flags" of each: what two runs compare
	starts, durations []int64
	timeBase          float64 // seconds per tick
}

type probedPacket struct {
	PTS      int64  `json:"pts"`
	Duration int64  `json:"duration"`
	Flags    string `json:"flags"`
}

func probePackets(t *testing.T, path, stream string) packets {
	t.Helper()
	out, err := exec.Command("ffprobe", "-v", "error", "-select_streams", stream,
		"-show_entries", "stream=time_base:packet=pts,duration,flags", "-of", "json", path).Output()
	require.NoError(t, err, "ffprobe %s", path)
	var doc struct {
		Streams []struct {
			TimeBase string `json:"time_base"`
		} `json:"streams"`
		Packets []probedPacket `json:"packets"`
	}
	require.NoError(t, json.Unmarshal(out, &doc))
	require.Len(t, doc.Streams, 1)
	require.NotEmpty(t, doc.Packets)
	slices.SortFunc(doc.Packets, func(a, b probedPacket) int { return cmp.Compare(a.PTS, b.PTS) })
	num, den := ratio(doc.Streams[0].TimeBase)
	p := packets{timeBase: num / den}
	for _, pkt := range doc.Packets {
		if pkt.PTS < 0 {
			continue // before the presentation: AAC's priming, which the edit list cuts
		}
		p.frames = append(p.frames, fmt.Sprintf("%d %s", pkt.PTS, pkt.Flags))
		p.starts, p.durations = append(p.starts, pkt.PTS), append(p.durations, pkt.Duration)
	}
	return p
}

// end is where the last packet ends, in seconds.
func (p packets) end() float64 {
	last := len(p.starts) - 1
	return float64(p.starts[last]+p.durations[last]) * p.timeBase
}

// assertContinuous: every packet starts where the one before ends, give or
// take less than one packet (a frame of video, 1024 samples of AAC). A
// packet without a duration (ffprobe gives none for AV1 in fMP4) lasts the
// stream's usual step.
func assertContinuous(t *testing.T, p packets, name string) {
	t.Helper()
	usual := usualStep(p.starts)
	worst, at := int64(0), 0
	for i := 1; i < len(p.starts); i++ {
		duration := p.durations[i-1]
		if duration <= 0 {
			duration = usual
		}
		if gap := abs(p.starts[i] - p.starts[i-1] - duration); gap > worst {
			worst, at = gap, i
		}
	}
	if worst > 0 {
		t.Logf("%s: largest gap or overlap %d ticks (%.4f s) before packet %d", name, worst, float64(worst)*p.timeBase, at)
	}
	assert.Less(t, worst, usual, "%s: no gap or overlap of a packet or more", name)
}

// usualStep is the most frequent distance between consecutive starts.
func usualStep(starts []int64) int64 {
	counts := map[int64]int{}
	best := int64(0)
	for i := 1; i < len(starts); i++ {
		step := starts[i] - starts[i-1]
		counts[step]++
		if counts[step] > counts[best] {
			best = step
		}
	}
	return best
}

func abs(x int64) int64 {
	if x < 0 {
		return -x
	}
	return x
}
