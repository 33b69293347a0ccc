package speech

import (
	"strings"
	"time"
)

// Cue limits, from common subtitle guidance (BBC, Netflix): a line a reader
// takes in at a glance, two lines at most, on screen long enough to read but
// not so long it drifts from the speech.
const (
	MaxLineChars   = 42
	MaxLines       = 2
	MinCueDuration = 1 * time.Second
	MaxCueDuration = 7 * time.Second
	// PauseGap between two words ends a cue: the speaker took a breath.
	PauseGap = 300 * time.Millisecond
)

// Cue is one subtitle: its lines and when they show.
type Cue struct {
	Start time.Duration
	End   time.Duration
	Lines []string
}

// GroupCues groups timed words into cues of at most MaxLines lines of
// MaxLineChars characters, each 1-7 s, ending at pauses and at sentence
// punctuation. A cue shorter than MinCueDuration is lengthened up to the
// next cue's start.
func GroupCues(words []Word) []Cue {
	var cues []Cue
	var cur []Word
	flush := func() {
		if len(cur) > 0 {
			cues = append(cues, Cue{Start: cur[0].Start, End: cur[len(cur)-1].End, Lines: wrap(joinWords(cur))})
			cur = nil
		}
	}
	for _, w := range words {
		if len(cur) > 0 && breakBefore(cur, w) {
			flush()
		}
		cur = append(cur, w)
		if endsSentence(w.Text) && w.End-cur[0].Start >= MinCueDuration {
			flush()
		}
	}
	flush()
	stretch(cues)
	return cues
}

func breakBefore(cur []Word, next Word) bool {
	last := cur[len(cur)-1]
	switch {
	case next.Start-last.End >= PauseGap:
		return true
	case next.End-cur[0].Start > MaxCueDuration:
		return true
	default:
		return len(wrap(joinWords(append(cur[:len(cur):len(cur)], next)))) > MaxLines
	}
}

// stretch lengthens short cues without overlapping the next one.
func stretch(cues []Cue) {
	for i := range cues {
		if cues[i].End-cues[i].Start >= MinCueDuration {
			continue
		}
		end := cues[i].Start + MinCueDuration
		if i+1 < len(cues) && end > cues[i+1].Start {
			end = cues[i+1].Start
		}
		if end > cues[i].End {
			cues[i].End = end
		}
	}
}

func endsSentence(text string) bool {
	return strings.HasSuffix(text, ".") || strings.HasSuffix(text, "?") || strings.HasSuffix(text, "!")
}

func joinWords(words []Word) string {
	texts := make([]string, len(words))
	for i, w := range words {
		texts[i] = w.Text
	}
	return strings.Join(texts, " ")
}

// wrap breaks text into lines of at most MaxLineChars, greedily; a single
// word longer than a line gets a line of its own.
func wrap(text string) []string {
	var lines []string
	line := ""
	for _, word := range strings.Fields(text) {
		switch {
		case line == "":
			line = word
		case len([]rune(line))+1+len([]rune(word)) <= MaxLineChars:
			line += " " + word
		default:
			lines = append(lines, line)
			line = word
		}
	}
	if line != "" {
		lines = append(lines, line)
	}
	return lines
}
