package media

import (
	"fmt"
	"regexp"
)

// invalidPictureSize is what FFmpeg prints for a frame larger than it will
// allocate (about 268 million pixels): it refuses to open such a file at all,
// so the limits never get to see the size.
var invalidPictureSize = regexp.MustCompile(`Picture size (\d+)x(\d+) is invalid`)

// unreadableSource explains a file ffprobe could not read. A frame too large
// to decode gets its own reason, since "not a video we can read" would send the user
// looking for the wrong problem.
func unreadableSource(stderr string) *SourceError {
	detail := lastLine(stderr)
	if m := invalidPictureSize.FindStringSubmatch(stderr); m != nil {
		return &SourceError{Reason: fmt.Sprintf("frame %sx%s is too large to decode", m[1], m[2]), Detail: detail}
	}
	return &SourceError{Reason: reasonUnreadable, Detail: detail}
}
