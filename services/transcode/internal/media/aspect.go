package media

import (
	"math"
	"strconv"
)

// Ratio is a width:height proportion in lowest terms, such as 16:9 or 9:16.
type Ratio struct{ Width, Height int }

// String writes the ratio as "16:9"; the zero Ratio is "".
func (r Ratio) String() string {
	if r.Width <= 0 || r.Height <= 0 {
		return ""
	}
	return strconv.Itoa(r.Width) + ":" + strconv.Itoa(r.Height)
}

// reduced divides width and height by their greatest common divisor.
func reduced(width, height int64) Ratio {
	if width <= 0 || height <= 0 {
		return Ratio{}
	}
	a, b := width, height
	for b != 0 {
		a, b = b, a%b
	}
	return Ratio{Width: int(width / a), Height: int(height / a)}
}

// displayRatio is the exact shape of a frame as displayed: coded size times
// the sample aspect ratio (DV's 720x480 at 32:27 is 16:9), turned for a
// quarter rotation.
func displayRatio(codedWidth, codedHeight int, sar string, rotation int) Ratio {
	width, height := int64(codedWidth), int64(codedHeight)
	if num, den := intRatio(sar); num > 0 && den > 0 {
		width, height = width*num, height*den
	}
	r := reduced(width, height)
	if rotation%180 == 90 {
		r.Width, r.Height = r.Height, r.Width
	}
	return r
}

// intRatio parses "32:27" as integers; anything else is 0, 0.
func intRatio(text string) (int64, int64) {
	num, den := ratio(text)
	if num != math.Trunc(num) || den != math.Trunc(den) || num > math.MaxInt32 || den > math.MaxInt32 {
		return 0, 0
	}
	return int64(num), int64(den)
}

// Renditions share one shape in small terms (ladderRatio): the DASH muxer
// puts every rendition in one adaptation set only when their display aspect
// ratios are exactly equal, and square pixels then need each rendition to be
// a whole multiple of that shape. 16:9 sources stay 16:9 and get Apple's
// sizes (416x234, 640x360, 1280x720); a source whose shape has no small
// terms (854x480, 1918x1080) is cropped by at most ratioTolerance.
const (
	maxRatioTerm   = 20    // the short side's term: rungs then step by at most 40 pixels
	ratioTolerance = 0.005 // the most of a side the crop may remove, as a fraction
)

// ladderRatio is the ratio with the smallest short-side term within
// ratioTolerance of width:height, or the closest one when none is.
func ladderRatio(width, height int) Ratio {
	short, long := min(width, height), max(width, height)
	if short <= 0 {
		return Ratio{}
	}
	shape := float64(long) / float64(short)
	best, bestError := Ratio{}, math.Inf(1)
	for shortTerm := 1; shortTerm <= maxRatioTerm; shortTerm++ {
		longTerm := max(shortTerm, int(math.Round(shape*float64(shortTerm))))
		miss := math.Abs(float64(longTerm)/float64(shortTerm)-shape) / shape
		if miss < bestError {
			best, bestError = Ratio{Width: longTerm, Height: shortTerm}, miss
		}
		if miss <= ratioTolerance {
			break
		}
	}
	if width < height {
		best.Width, best.Height = best.Height, best.Width
	}
	return reduced(int64(best.Width), int64(best.Height))
}

// fitMultiple is the largest frame of shape r with even sides that fits in
// maxWidth x maxHeight, or 0, 0 when not even the smallest does. Even sides
// need an even multiple of r, as a reduced ratio has at least one odd term.
func fitMultiple(r Ratio, maxWidth, maxHeight int) (int, int) {
	unitWidth, unitHeight := 2*r.Width, 2*r.Height
	if unitWidth <= 0 || unitHeight <= 0 {
		return 0, 0
	}
	k := min(maxWidth/unitWidth, maxHeight/unitHeight)
	return k * unitWidth, k * unitHeight
}
