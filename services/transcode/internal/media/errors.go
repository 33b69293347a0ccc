package media

import (
	"fmt"
	"strings"
)

// SourceError says why a source cannot be transcoded, in words shown to the
// user who sent it. Retrying does not help.
type SourceError struct {
	Reason string // for the user: "source has no video stream"
	Detail string // for the log: what the tool said, if anything
}

func (e *SourceError) Error() string {
	if e.Detail == "" {
		return e.Reason
	}
	return e.Reason + " (" + e.Detail + ")"
}

// reasonUnreadable is the reason of a file FFmpeg cannot read at all: a text
// file named .mp4, a document, a truncated upload. The person who sent it
// needs to hear that it is not a video, not which demuxer gave up.
const reasonUnreadable = "the file is not a video we can read"

func rejectf(format string, args ...any) *SourceError {
	return &SourceError{Reason: fmt.Sprintf(format, args...)}
}

// ExecError is a failed ffmpeg or ffprobe run. Stderr holds the end of what
// the tool printed, which usually names the cause.
type ExecError struct {
	Tool   string
	Err    error
	Stderr string
}

func (e *ExecError) Error() string {
	return fmt.Sprintf("%s: %v: %s", e.Tool, e.Err, lastLine(e.Stderr))
}

func (e *ExecError) Unwrap() error { return e.Err }

func lastLine(text string) string {
	lines := strings.Split(strings.TrimSpace(text), "\n")
	return strings.TrimSpace(lines[len(lines)-1])
}
