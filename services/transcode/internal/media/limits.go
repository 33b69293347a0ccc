package media

import "time"

// Limits bound what a source may be. Sizes are of the frame as displayed.
type Limits struct {
	MaxWidth, MaxHeight int // each side, either orientation: 8192x8192
	MaxPixels           int // 7680x4320, 8K UHD
	MinSide             int // below this there is nothing to watch
	MaxDuration         time.Duration
	MaxFrameRate        float64
}

// DefaultLimits are the documented limits of the platform.
func DefaultLimits() Limits {
	return Limits{
		MaxWidth:     8192,
		MaxHeight:    8192,
		MaxPixels:    7680 * 4320,
		MinSide:      16,
		MaxDuration:  12 * time.Hour,
		MaxFrameRate: 120,
	}
}

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
	case video.FrameRate > l.MaxFrameRate:
		return rejectf("frame rate %.4g fps exceeds %.4g fps", video.FrameRate, l.MaxFrameRate)
	}
	return nil
}
