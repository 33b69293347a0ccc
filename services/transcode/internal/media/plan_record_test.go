package media

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestPlanRecordRoundTrip(t *testing.T) {
	info := Info{Format: "mov,mp4,m4a,3gp,3g2,mj2", Duration: 150 * time.Second, BitRate: 8_000_000,
		Video: &VideoStream{Index: 0, Codec: "h264", Width: 1920, Height: 1080, Aspect: Ratio{16, 9},
			CodedWidth: 1920, CodedHeight: 1080, FrameRate: 29.97, RealFrameRate: 30000.0 / 1001, Spherical: &Spherical{Projection: "equirectangular"}},
		Audio: &AudioStream{Index: 1, Codec: "aac", Channels: 2}}
	want, err := newPlan(info, Job{Source: "/a/source", OutDir: "/a/out", AV1: true}, DefaultLadder())
	require.NoError(t, err)
	want.av1Rate = av1Rate{crf: 34, share: 80}
	want.setRenditions(want.renditions[1:]) // as the adaptive decision drops a rung
	data, err := marshalPlan(want)
	require.NoError(t, err)

	got, err := unmarshalPlan(data, "/b/source", "/b/out")
	require.NoError(t, err)
	want.source, want.outDir = "/b/source", "/b/out"
	assert.Equal(t, want, got, "another worker's chunk runs from the same plan")
}

func TestPlanRecordRefusals(t *testing.T) {
	info := Info{Duration: 10 * time.Second, Video: &VideoStream{Width: 640, Height: 360, RealFrameRate: 30}}
	clipped, err := newPlan(info, Job{Clip: &Clip{End: 5 * time.Second}}, DefaultLadder())
	require.NoError(t, err)
	_, err = marshalPlan(clipped)
	assert.Error(t, err, "clips are never chunked")

	newer, err := json.Marshal(planRecord{Version: PlanVersion + 1, Renditions: []renditionRecord{{}}})
	require.NoError(t, err)
	_, err = unmarshalPlan(newer, "s", "o")
	assert.ErrorIs(t, err, ErrPlanVersion)

	empty, err := json.Marshal(planRecord{Version: PlanVersion})
	require.NoError(t, err)
	_, err = unmarshalPlan(empty, "s", "o")
	assert.ErrorContains(t, err, "names no download")
}

// The record carries the source's container, which decides whether a
// unit reads it by range; a record without it (from a worker before it)
// is read, and its units copy the source.
func TestPlanRecordTellsRangedReads(t *testing.T) {
	for format, ranged := range map[string]bool{
		"mov,mp4,m4a,3gp,3g2,mj2": true,
		"matroska,webm":           true,
		"mpegts":                  false,
		"avi":                     false,
		"":                        false,
	} {
		info := Info{Format: format, Duration: 10 * time.Second, Video: &VideoStream{Width: 640, Height: 360, RealFrameRate: 30}}
		p, err := newPlan(info, Job{}, DefaultLadder())
		require.NoError(t, err)
		data, err := marshalPlan(p)
		require.NoError(t, err)
		assert.Equal(t, ranged, ReadsByRange(data), format)
		_, err = unmarshalPlan(data, "http://127.0.0.1:4000/token", "o")
		if ranged {
			assert.NoError(t, err, format)
		} else {
			assert.Error(t, err, "%s: never over HTTP", format)
		}
		_, err = unmarshalPlan(data, "/a/source", "o")
		assert.NoError(t, err, "%s: always from a local copy", format)
	}
	assert.False(t, ReadsByRange([]byte("{")), "an unreadable record: copied, and refused by the encode")
}
