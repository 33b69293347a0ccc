package media

import (
	"fmt"
	"math"
	"net/url"
	"regexp"
	"strconv"
	"time"
)

// Query parameters that ask for a clip of the source (interface rule 2).
const (
	ClipStartParam = "svc_clip_start"
	ClipEndParam   = "svc_clip_end"
)

// MaxClipLength is the longest clip the interface allows.
const MaxClipLength = 2 * time.Minute

// Clip is a part of the source, from Start to End.
type Clip struct {
	Start, End time.Duration
}

// Length is how long the clip lasts.
func (c Clip) Length() time.Duration { return c.End - c.Start }

// ClipError is a bad svc_clip_* parameter; it names the field and the rule.
type ClipError struct {
	Field, Rule string
}

func (e *ClipError) Error() string { return e.Field + " " + e.Rule }

// SplitSourceURL removes the clip parameters from a source URL, so the
// fetcher asks the origin for the file itself, and returns the clip they
// describe: nil when neither is present.
func SplitSourceURL(raw string) (string, *Clip, error) {
	u, err := url.Parse(raw)
	if err != nil {
		return "", nil, fmt.Errorf("source url: %w", err)
	}
	query := u.Query()
	clip, err := ParseClip(query)
	if err != nil || clip == nil {
		return raw, nil, err
	}
	query.Del(ClipStartParam)
	query.Del(ClipEndParam)
	u.RawQuery = query.Encode()
	return u.String(), clip, nil
}

// ParseClip reads svc_clip_start and svc_clip_end (HH:MM:SS, optionally
// with fractions of a second). Both or neither must be present.
func ParseClip(query url.Values) (*Clip, error) {
	start, hasStart := query[ClipStartParam]
	end, hasEnd := query[ClipEndParam]
	switch {
	case !hasStart && !hasEnd:
		return nil, nil
	case !hasStart:
		return nil, &ClipError{ClipStartParam, "is required with " + ClipEndParam}
	case !hasEnd:
		return nil, &ClipError{ClipEndParam, "is required with " + ClipStartParam}
	}
	var clip Clip
	var err error
	if clip.Start, err = parseTimecode(ClipStartParam, start[0]); err != nil {
		return nil, err
	}
	if clip.End, err = parseTimecode(ClipEndParam, end[0]); err != nil {
		return nil, err
	}
	if clip.End <= clip.Start {
		return nil, &ClipError{ClipEndParam, "must be after " + ClipStartParam}
	}
	if clip.Length() > MaxClipLength {
		return nil, &ClipError{ClipEndParam, "must be at most 2 minutes after " + ClipStartParam}
	}
	return &clip, nil
}

// timecodePattern is HH:MM:SS with optional milliseconds; hours may be one digit.
var timecodePattern = regexp.MustCompile(`^(\d{1,2}):([0-5]\d):([0-5]\d(?:\.\d{1,3})?)$`)

func parseTimecode(field, text string) (time.Duration, error) {
	parts := timecodePattern.FindStringSubmatch(text)
	if parts == nil {
		return 0, &ClipError{field, "must be a time code HH:MM:SS"}
	}
	hours, _ := strconv.Atoi(parts[1])
	minutes, _ := strconv.Atoi(parts[2])
	secs, _ := strconv.ParseFloat(parts[3], 64)
	total := time.Duration(hours)*time.Hour + time.Duration(minutes)*time.Minute
	return total + time.Duration(math.Round(secs*1000))*time.Millisecond, nil
}

// Timecode formats d as HH:MM:SS, with milliseconds when it has them.
func Timecode(d time.Duration) string {
	whole := d.Truncate(time.Second)
	text := fmt.Sprintf("%02d:%02d:%02d", int(whole.Hours()), int(whole.Minutes())%60, int(whole.Seconds())%60)
	if ms := (d - whole).Milliseconds(); ms > 0 {
		text += fmt.Sprintf(".%03d", ms)
	}
	return text
}
