package media

import (
	"fmt"
	"math"
)

// Rung is one step of the encoding ladder. Bitrates are in kbit/s. Height is
// the nominal size ("720p"): the short side of the frame, so portrait video
// gets 720x1280 rather than a postage stamp.
type Rung struct {
	Name         string
	Height       int
	VideoBitrate int // the average x264 aims for (fixed ladder), or expects (capped CRF)
	CRF          int // 0: average bitrate (the fixed ladder); else capped CRF, see adaptive.go
	MaxRate      int // VBV peak, what players budget for
	BufSize      int // VBV buffer: about 1.5 s at the peak
	AudioBitrate int
	Profile      string
	Level        string // valid up to 60 fps; x264 picks the level above that
}

// DefaultLadder is the ladder for H.264 at preset veryfast, highest first.
// Levels fit the size at 60 fps; profiles stay at main for small rungs, which
// older devices play.
func DefaultLadder() []Rung {
	return []Rung{
		{Name: "1080p", Height: 1080, VideoBitrate: 5000, MaxRate: 5350, BufSize: 7500, AudioBitrate: 128, Profile: "high", Level: "4.2"},
		{Name: "720p", Height: 720, VideoBitrate: 2800, MaxRate: 2996, BufSize: 4200, AudioBitrate: 128, Profile: "high", Level: "3.2"},
		{Name: "480p", Height: 480, VideoBitrate: 1400, MaxRate: 1498, BufSize: 2100, AudioBitrate: 96, Profile: "main", Level: "3.1"},
		{Name: "360p", Height: 360, VideoBitrate: 800, MaxRate: 856, BufSize: 1200, AudioBitrate: 96, Profile: "main", Level: "3.1"},
		{Name: "240p", Height: 240, VideoBitrate: 400, MaxRate: 428, BufSize: 600, AudioBitrate: 64, Profile: "main", Level: "3.0"},
	}
}

// Rendition is a rung fitted to one source: the frame it is encoded at.
type Rendition struct {
	Rung
	Width, Height int
}

// SelectRenditions fits the ladder (highest first) to a source frame as
// displayed. Rungs are by the short side (a rung's Height), so a portrait
// 1080x1920 source gets 1080x1920, 720x1280 and so on down to 234x416: the
// same pictures as its landscape twin, turned. A rung is kept when the
// source fills its 16:9 box (1920x1080 for 1080p, turned for portrait) in
// at least one direction, so nothing is upscaled and a 1920x800 film still
// gets its 1080p rung. Every rendition is the largest frame of the source's
// ladderRatio that fits in the box: square pixels, even sides, and one
// display aspect ratio for all (the DASH muxer's rule). A source smaller
// than the lowest box gets one rendition at its own size with the lowest
// rung's bitrates.
func SelectRenditions(ladder []Rung, width, height int) []Rendition {
	var out []Rendition
	shape := ladderRatio(width, height)
	for _, rung := range ladder {
		boxWidth, boxHeight := rungBox(rung.Height, width < height)
		if width < boxWidth && height < boxHeight {
			continue
		}
		w, h := fitMultiple(shape, min(boxWidth, width), min(boxHeight, height))
		if w == 0 {
			continue // a shape too long for the box (a 100:1 strip): no rendition of it fits
		}
		out = append(out, Rendition{Rung: rung, Width: w, Height: h})
	}
	if len(out) == 0 && len(ladder) > 0 {
		lowest := ladder[len(ladder)-1]
		w, h := evenDown(width), evenDown(height) // never one pixel more than the source
		lowest.Name = fmt.Sprintf("%dp", min(w, h))
		out = append(out, Rendition{Rung: lowest, Width: w, Height: h})
	}
	return out
}

// rungBox is the frame a rung stands for: 16:9 with the rung's height as the
// short side, turned upright for portrait sources.
func rungBox(short int, portrait bool) (width, height int) {
	long := even(float64(short) * 16 / 9)
	if portrait {
		return short, long
	}
	return long, short
}

// even rounds to the nearest even number, at least 2.
func even(x float64) int {
	return max(2, int(math.Round(x/2))*2)
}

// evenDown drops an odd last pixel, at least 2.
func evenDown(x int) int {
	return max(2, x&^1)
}
