package media

import "time"

// Limits bound what a source may be. Sizes are of the frame as displayed.
//
// The defaults are conservative on purpose: every source is decoded in full
// and encoded into the whole ladder, so the cost of a job grows with pixels
// x frames; a tenant allowed 12 hours of 8K at 120 fps could hold a worker
// for days. Operators with bigger machines raise them (VIDHOST_TRANSCODE_MAX_*).
type Limits struct {
	MaxWidth, MaxHeight int // each side, either orientation: 4096x4096
	MaxPixels           int // 4096x2304: 4K UHD and DCI 4K, nothing larger
	MinSide             int // below this there is nothing to watch
	MaxDuration         time.Duration
	MaxFrameRate        float64
	MaxStreams          int   // streams of every kind in the container
	MaxBitRate          int64 // bits per second of the whole file, as the container states it
}

// DefaultLimits are the documented limits of the platform.
func DefaultLimits() Limits {
	return Limits{
		MaxWidth:     4096,
		MaxHeight:    4096,
		MaxPixels:    4096 * 2304,
		MinSide:      16,
		MaxDuration:  4 * time.Hour,
		MaxFrameRate: 60,
		MaxStreams:   16,
		MaxBitRate:   400_000_000,
	}
}

// frameRateSlack lets 60000/1001 and rates a container rounds up (60.0002)
// through a 60 fps limit.
const frameRateSlack = 0.01

// Check returns a *SourceError when info is outside the limits or is not a
// video at all, else nil.
func (l Limits) Check(info Info) error {
	video := info.Video
	switch {
	case video == nil:
		return rejectf("source has no video stream")
	case info.StillImage:
		return rejectf("source is a still image, not a video")
	case video.Width > l.MaxWidth || video.Height > l.MaxHeight:
		return rejectf("frame %dx%d exceeds %dx%d", video.Width, video.Height, l.MaxWidth, l.MaxHeight)
	case video.Width*video.Height > l.MaxPixels:
		return rejectf("frame %dx%d has more than %d pixels", video.Width, video.Height, l.MaxPixels)
	case min(video.Width, video.Height) < l.MinSide:
		return rejectf("frame %dx%d is smaller than %dx%d", video.Width, video.Height, l.MinSide, l.MinSide)
	case info.Duration <= 0:
		return rejectf("source has no playable duration")
	case info.Duration > l.MaxDuration:
		return rejectf("duration %s exceeds %s", Timecode(info.Duration), Timecode(l.MaxDuration))
	case video.FrameRate > l.MaxFrameRate+frameRateSlack:
		return rejectf("frame rate %.4g fps exceeds %.4g fps", video.FrameRate, l.MaxFrameRate)
	case info.Streams > l.MaxStreams:
		return rejectf("source has %d streams, more than %d", info.Streams, l.MaxStreams)
	case info.BitRate > l.MaxBitRate:
		return rejectf("bit rate %d kb/s exceeds %d kb/s", info.BitRate/1000, l.MaxBitRate/1000)
	}
	return nil
}
