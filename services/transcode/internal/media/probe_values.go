package media

import (
	"math"
	"strconv"
	"strings"
	"time"
)

// frameRate prefers the average rate; the "real" base rate is only trusted
// when the average is unknown and the base rate is plausible (WebM files
// report 1000/1 there).
func frameRate(avg, real string) float64 {
	if num, den := ratio(avg); num > 0 && den > 0 {
		return num / den
	}
	if num, den := ratio(real); num > 0 && den > 0 && num/den <= 240 {
		return num / den
	}
	return 0
}

// realFrameRate is r_frame_rate as it is, whatever its size: a time base
// there is what ffmpeg would encode at unless told otherwise.
func realFrameRate(real string) float64 {
	if num, den := ratio(real); num > 0 && den > 0 {
		return num / den
	}
	return 0
}

// ratio parses "30000/1001" or "16:9".
func ratio(text string) (float64, float64) {
	a, b, ok := strings.Cut(text, "/")
	if !ok {
		a, b, _ = strings.Cut(text, ":")
	}
	num, err1 := strconv.ParseFloat(a, 64)
	den, err2 := strconv.ParseFloat(b, 64)
	if err1 != nil || err2 != nil {
		return 0, 0
	}
	return num, den
}

func seconds(text string) time.Duration {
	value, err := strconv.ParseFloat(text, 64)
	if err != nil || value < 0 || math.IsInf(value, 0) || math.IsNaN(value) {
		return 0
	}
	return time.Duration(value * float64(time.Second))
}
