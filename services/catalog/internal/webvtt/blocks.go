package webvtt

import "strings"

// checkBody walks the blocks that follow the signature and counts the
// cues. Blocks are separated by blank lines; like the parsers in players, a
// line holding "-->" also ends the block before it, so a cue's text cannot
// swallow the next cue.
func checkBody(lines []string) (int, error) {
	i := skipHeader(lines)
	cues := 0
	for i < len(lines) {
		if lines[i] == "" {
			i++
			continue
		}
		next, isCue, err := checkBlock(lines, i)
		if err != nil {
			return 0, err
		}
		if isCue {
			cues++
		}
		i = next
	}
	return cues, nil
}

// skipHeader skips the lines after the signature up to the first blank
// line (the file's header, e.g. HLS's X-TIMESTAMP-MAP). A line holding
// "-->" there starts the first cue instead.
func skipHeader(lines []string) int {
	i := 1
	for i < len(lines) && lines[i] != "" && !strings.Contains(lines[i], arrow) {
		i++
	}
	return i
}

// checkBlock checks the block starting at lines[start] and returns where
// the next block may start. A block is a cue (its timing line first, or
// after an identifier line) or a NOTE, STYLE or REGION block. Any other
// text is refused: players drop it silently, and it is usually a cue's
// text cut in two by a blank line, or not WebVTT at all.
func checkBlock(lines []string, start int) (next int, isCue bool, err error) {
	switch {
	case strings.Contains(lines[start], arrow):
		return checkCue(lines, start)
	case start+1 < len(lines) && strings.Contains(lines[start+1], arrow):
		return checkCue(lines, start+1) // lines[start] is the cue's identifier
	case isKeywordBlock(lines[start]):
		return endOfBlock(lines, start+1), false, nil
	}
	return 0, false, &Error{Line: start + 1, Reason: "is not part of a cue (an optional identifier line, " +
		"then a timing line such as 00:00:01.000 --> 00:00:04.000, then the text) nor of a NOTE, STYLE or REGION block"}
}

// checkCue checks a cue's timing line and skips its text.
func checkCue(lines []string, timing int) (int, bool, error) {
	if err := checkTimings(lines[timing]); err != nil {
		return 0, false, &Error{Line: timing + 1, Reason: err.Error()}
	}
	return endOfBlock(lines, timing+1), true, nil
}

// endOfBlock returns the index of the blank line, or of the line holding
// "-->", that ends the block continuing at lines[i].
func endOfBlock(lines []string, i int) int {
	for i < len(lines) && lines[i] != "" && !strings.Contains(lines[i], arrow) {
		i++
	}
	return i
}

// isKeywordBlock reports whether line starts a comment (NOTE), a style
// sheet (STYLE) or a region definition (REGION).
func isKeywordBlock(line string) bool {
	for _, keyword := range []string{"NOTE", "STYLE", "REGION"} {
		if rest, ok := strings.CutPrefix(line, keyword); ok && (rest == "" || rest[0] == ' ' || rest[0] == '\t') {
			return true
		}
	}
	return false
}
