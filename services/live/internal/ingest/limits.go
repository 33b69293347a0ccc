package ingest

import (
	"fmt"

	"github.com/bluenviron/mediacommon/v2/pkg/codecs/h264"
)

// The largest source a live run takes: what the 360p encode and the
// viewers' players can keep up with in real time on modest machines (the
// VOD ladder's own bounds are 4096x2304 at 60 fps).
const (
	maxPixels = 4096 * 2304
	maxFPS    = 60.0
)

// checkVideo refuses a source too large to pass through and scale live
// (8K, 120 fps) or whose parameter sets cannot be read.
func checkVideo(spsBytes []byte) error {
	var sps h264.SPS
	if err := sps.Unmarshal(spsBytes); err != nil {
		return &Refusal{Reason: "the H.264 stream's parameters cannot be read", Kind: KindUnacceptable}
	}
	if w, h := sps.Width(), sps.Height(); w*h > maxPixels {
		return &Refusal{Reason: fmt.Sprintf("the video is %dx%d; live events take at most 4096x2304", w, h), Kind: KindUnacceptable}
	}
	if fps := sps.FPS(); fps > maxFPS+0.5 {
		return &Refusal{Reason: fmt.Sprintf("the video runs at %.0f fps; live events take at most 60", fps), Kind: KindUnacceptable}
	}
	return nil
}
