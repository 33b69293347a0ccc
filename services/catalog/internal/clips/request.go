package clips

import (
	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/services/catalog/internal/catalog"
)

// Request asks for a clip of the event EventID from Start to End, whole
// seconds from the start of its stream; nil means not sent.
type Request struct {
	EventID    string
	Start, End *int
	// Name is the clip's; empty for "<event name> (clip)".
	Name string
}

// span is a clip's bounds in seconds from the start of the stream.
type span struct {
	Start, End int
}

// span checks the bounds: both sent, start at 0 or later, end after
// start, at most catalog.ClipMaxSeconds apart.
func (r Request) span() (span, error) {
	switch {
	case r.Start == nil:
		return span{}, apperr.InvalidField("start_seconds", "is required: seconds from the start of the event's stream")
	case r.End == nil:
		return span{}, apperr.InvalidField("end_seconds", "is required: seconds from the start of the event's stream")
	case *r.Start < 0:
		return span{}, apperr.InvalidField("start_seconds", "must be 0 or more")
	case *r.End <= *r.Start:
		return span{}, apperr.InvalidField("end_seconds", "must be after start_seconds")
	case *r.End-*r.Start > catalog.ClipMaxSeconds:
		return span{}, apperr.InvalidField("end_seconds", "must be at most %d s after start_seconds: a clip lasts at most two minutes", catalog.ClipMaxSeconds)
	}
	return span{Start: *r.Start, End: *r.End}, nil
}

// clipSuffix ends a clip's default name.
const clipSuffix = " (clip)"

// name is the clip's name: the one asked for, or the event's with
// clipSuffix, shortened to fit the name's limit.
func (r Request) name(event catalog.Video) string {
	if r.Name != "" {
		return r.Name
	}
	base := []rune(event.Name)
	if room := catalog.VideoNameMax - len([]rune(clipSuffix)); len(base) > room {
		base = base[:room]
	}
	return string(base) + clipSuffix
}
