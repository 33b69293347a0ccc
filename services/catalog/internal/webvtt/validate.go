package webvtt

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"
)

// arrow separates a cue's start and end times.
const arrow = "-->"

// bom is the UTF-8 byte order mark a file may start with.
var bom = []byte("\xEF\xBB\xBF")

// Error is the first problem found in a file.
type Error struct {
	Line   int // 1-based; 0 for problems of the whole file
	Reason string
}

func (e *Error) Error() string {
	if e.Line == 0 {
		return e.Reason
	}
	return fmt.Sprintf("line %d: %s", e.Line, e.Reason)
}

// ErrNoCues is returned for a file that is valid but holds no cue: as a
// track it would show nothing, which is almost always the wrong file.
var ErrNoCues = errors.New("it holds no cue")

// Validate reports whether data is a WebVTT file with at least one cue. It
// returns an *Error (or ErrNoCues) describing the first problem.
func Validate(data []byte) error {
	data = bytes.TrimPrefix(data, bom)
	if !utf8.Valid(data) {
		return &Error{Reason: "it is not UTF-8 text"}
	}
	if bytes.IndexByte(data, 0) >= 0 {
		return &Error{Reason: "it contains NUL bytes, so it is not a text file"}
	}
	lines := splitLines(string(data))
	if !isSignature(lines[0]) {
		return &Error{Reason: `it does not start with "WEBVTT"`}
	}
	cues, err := checkBody(lines)
	if err != nil {
		return err
	}
	if cues == 0 {
		return ErrNoCues
	}
	return nil
}

// splitLines splits on CRLF, CR and LF, the three line terminators of
// WebVTT. It always returns at least one line.
func splitLines(text string) []string {
	text = strings.ReplaceAll(text, "\r\n", "\n")
	text = strings.ReplaceAll(text, "\r", "\n")
	return strings.Split(text, "\n")
}

// isSignature: "WEBVTT" alone, or followed by a space or a tab and any
// text (the file's description).
func isSignature(line string) bool {
	rest, ok := strings.CutPrefix(line, "WEBVTT")
	return ok && (rest == "" || rest[0] == ' ' || rest[0] == '\t')
}
