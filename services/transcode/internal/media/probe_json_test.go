package media

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func parseProbe(t *testing.T, text string) Info {
	t.Helper()
	var out probeOutput
	require.NoError(t, json.Unmarshal([]byte(text), &out))
	return out.info()
}

func TestProbeOutputPhoneVideo(t *testing.T) {
	info := parseProbe(t, `{
	  "streams": [
	    {"index": 0, "codec_type": "video", "codec_name": "mjpeg", "width": 300, "height": 300, "disposition": {"attached_pic": 1}},
	    {"index": 1, "codec_type": "video", "codec_name": "h264", "width": 1920, "height": 1080,
	     "sample_aspect_ratio": "1:1", "avg_frame_rate": "30000/1001", "r_frame_rate": "30/1", "field_order": "progressive",
	     "side_data_list": [{"side_data_type": "Display Matrix", "rotation": -90}]},
	    {"index": 2, "codec_type": "audio", "codec_name": "aac", "channels": 6}
	  ],
	  "format": {"format_name": "mov,mp4,m4a,3gp,3g2,mj2", "duration": "12.500000"}
	}`)
	assert.Equal(t, 12500*time.Millisecond, info.Duration)
	assert.False(t, info.StillImage)
	require.NotNil(t, info.Video)
	assert.Equal(t, VideoStream{
		Index: 1, Codec: "h264", Width: 1080, Height: 1920, CodedWidth: 1920, CodedHeight: 1080,
		FrameRate: 30000.0 / 1001, RealFrameRate: 30, Rotation: 270, Aspect: Ratio{Width: 9, Height: 16},
	}, *info.Video, "cover art skipped, rotation turns the frame upright")
	assert.Equal(t, &AudioStream{Index: 2, Codec: "aac", Channels: 6}, info.Audio)
}

func TestProbeOutputAnamorphicInterlaced(t *testing.T) {
	info := parseProbe(t, `{
	  "streams": [{"index": 0, "codec_type": "video", "codec_name": "mpeg2video", "width": 720, "height": 576,
	     "sample_aspect_ratio": "64:45", "avg_frame_rate": "0/0", "r_frame_rate": "25/1", "field_order": "tt",
	     "duration": "8.0"}],
	  "format": {"format_name": "mpeg", "duration": "N/A"}
	}`)
	require.NotNil(t, info.Video)
	assert.Equal(t, 1024, info.Video.Width, "720 wide pixels of 64:45 show as 1024")
	assert.Equal(t, 576, info.Video.Height)
	assert.Equal(t, Ratio{Width: 16, Height: 9}, info.Video.Aspect, "exact: 720x64 by 576x45")
	assert.Equal(t, 25.0, info.Video.FrameRate, "r_frame_rate when the average is unknown")
	assert.True(t, info.Video.Interlaced)
	assert.Equal(t, 8*time.Second, info.Duration, "the stream's duration when the container has none")
	assert.Nil(t, info.Audio)
}

func TestProbeOutputSpherical(t *testing.T) {
	info := parseProbe(t, `{
	  "streams": [{"index": 0, "codec_type": "video", "codec_name": "h264", "width": 3840, "height": 1920,
	     "avg_frame_rate": "30/1", "r_frame_rate": "30/1",
	     "side_data_list": [{"side_data_type": "Spherical Mapping", "projection": "equirectangular", "yaw": 90, "pitch": -10, "roll": 0}]}],
	  "format": {"format_name": "mov,mp4,m4a,3gp,3g2,mj2", "duration": "1.0"}
	}`)
	require.NotNil(t, info.Video)
	assert.Equal(t, &Spherical{Projection: "equirectangular", Yaw: 90, Pitch: -10}, info.Video.Spherical)
}

func TestProbeOutputOddSources(t *testing.T) {
	webm := parseProbe(t, `{"streams": [{"index": 0, "codec_type": "video", "codec_name": "vp8", "width": 640, "height": 480,
	  "avg_frame_rate": "0/0", "r_frame_rate": "1000/1"}], "format": {"format_name": "matroska,webm"}}`)
	assert.Equal(t, 0.0, webm.Video.FrameRate, "a browser recording's 1000/1 time base is not a frame rate")
	assert.Zero(t, webm.Duration)

	jpeg := parseProbe(t, `{"streams": [{"index": 0, "codec_type": "video", "codec_name": "mjpeg", "width": 64, "height": 64}],
	  "format": {"format_name": "jpeg_pipe"}}`)
	assert.True(t, jpeg.StillImage)

	tagged := parseProbe(t, `{"streams": [{"index": 0, "codec_type": "video", "width": 640, "height": 360,
	  "tags": {"rotate": "180"}}], "format": {}}`)
	assert.Equal(t, 180, tagged.Video.Rotation)
	assert.Equal(t, 640, tagged.Video.Width, "half a turn keeps the frame's shape")
}
