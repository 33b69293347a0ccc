package catalog

import (
	"net/url"
	"strings"

	"github.com/vidhost/vidhost/pkg/apperr"
)

// splitClip takes the clip parameters out of a raw query and returns the
// clip and the rest of the query in its original order and encoding (a
// signed source URL stays valid only if its query is left as it was).
func splitClip(rawQuery string) (Clip, string, error) {
	var start, end []string
	var rest []string
	for _, pair := range strings.Split(rawQuery, "&") {
		if pair == "" {
			continue
		}
		key, value, _ := strings.Cut(pair, "=")
		name, _ := url.QueryUnescape(key)
		value, _ = url.QueryUnescape(value)
		switch name {
		case clipStartParam:
			start = append(start, value)
		case clipEndParam:
			end = append(end, value)
		default:
			rest = append(rest, pair)
		}
	}
	// Given twice, which one is meant is a guess: refused, as the
	// interface refuses any repeated single-valued parameter.
	if len(start) > 1 {
		return Clip{}, "", apperr.InvalidField("input", "%s must be given once", clipStartParam)
	}
	if len(end) > 1 {
		return Clip{}, "", apperr.InvalidField("input", "%s must be given once", clipEndParam)
	}
	clip, err := parseClip(strings.Join(start, ""), strings.Join(end, ""))
	return clip, strings.Join(rest, "&"), err
}

// parseClip validates the two clip time-codes; both empty means no clip.
func parseClip(start, end string) (Clip, error) {
	if start == "" && end == "" {
		return Clip{}, nil
	}
	if start == "" || end == "" {
		return Clip{}, apperr.InvalidField("input", "must carry both %s and %s for a clip", clipStartParam, clipEndParam)
	}
	from, ok := parseTimecode(start)
	if !ok {
		return Clip{}, apperr.InvalidField("input", "%s must be a time-code HH:MM:SS", clipStartParam)
	}
	to, ok := parseTimecode(end)
	if !ok {
		return Clip{}, apperr.InvalidField("input", "%s must be a time-code HH:MM:SS", clipEndParam)
	}
	if from >= to {
		return Clip{}, apperr.InvalidField("input", "%s must be before %s", clipStartParam, clipEndParam)
	}
	if to-from > ClipMaxSeconds {
		return Clip{}, apperr.InvalidField("input", "clip must last at most two minutes")
	}
	return Clip{Start: from, End: to}, nil
}
