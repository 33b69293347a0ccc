package catalog

import (
	"fmt"
	"regexp"
	"strconv"

	"github.com/vidhost/vidhost/pkg/apirules"
)

// MaxSeconds is the last second a time-code can name (99:59:59). Every
// time a client sends (card, gate and hotspot times, clips, chapters) stays
// within it, so each can be shown as a time-code.
const MaxSeconds = apirules.MaxSeconds

// timecodePattern is HH:MM:SS, exactly eight characters.
var timecodePattern = regexp.MustCompile(apirules.TimecodePattern)

// parseTimecode returns the seconds of an "HH:MM:SS" time-code.
func parseTimecode(s string) (int, bool) {
	m := timecodePattern.FindStringSubmatch(s)
	if m == nil {
		return 0, false
	}
	h, _ := strconv.Atoi(m[1])
	min, _ := strconv.Atoi(m[2])
	sec, _ := strconv.Atoi(m[3])
	return h*3600 + min*60 + sec, true
}

// FormatTimecode renders seconds as "HH:MM:SS"; seconds are clamped to
// 0..MaxSeconds.
func FormatTimecode(seconds int) string {
	seconds = max(0, min(seconds, MaxSeconds))
	return fmt.Sprintf("%02d:%02d:%02d", seconds/3600, seconds/60%60, seconds%60)
}
