package speech

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

func ms(n int) time.Duration { return time.Duration(n) * time.Millisecond }

// evenWords are n words of text, each 300 ms with no gap.
func evenWords(n int, text string) []Word {
	words := make([]Word, n)
	for i := range words {
		words[i] = Word{Text: text, Start: ms(i * 300), End: ms(i*300 + 300)}
	}
	return words
}

func TestGroupCues(t *testing.T) {
	tests := []struct {
		name  string
		words []Word
		want  []Cue
	}{
		{name: "nothing", words: nil, want: nil},
		{
			name:  "a short word is stretched to a second",
			words: []Word{{Text: "hi", Start: ms(500), End: ms(700)}},
			want:  []Cue{{Start: ms(500), End: ms(1500), Lines: []string{"hi"}}},
		},
		{
			name: "a pause ends a cue, the stretch stops at the next one",
			words: []Word{
				{Text: "hello", Start: 0, End: ms(400)},
				{Text: "there", Start: ms(800), End: ms(1900)},
			},
			want: []Cue{
				{Start: 0, End: ms(800), Lines: []string{"hello"}},
				{Start: ms(800), End: ms(1900), Lines: []string{"there"}},
			},
		},
		{
			name: "sentence punctuation ends a cue once it has lasted a second",
			words: []Word{
				{Text: "Yes.", Start: 0, End: ms(300)},
				{Text: "It", Start: ms(300), End: ms(600)},
				{Text: "works.", Start: ms(600), End: ms(1200)},
				{Text: "Next", Start: ms(1200), End: ms(1500)},
			},
			want: []Cue{
				{Start: 0, End: ms(1200), Lines: []string{"Yes. It works."}},
				{Start: ms(1200), End: ms(2200), Lines: []string{"Next"}},
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, GroupCues(tt.words))
		})
	}
}

func TestGroupCuesLimits(t *testing.T) {
	tests := []struct {
		name  string
		words []Word
	}{
		{name: "long words fill two lines", words: evenWords(40, "extraordinary")},
		{name: "short words run past seven seconds", words: evenWords(60, "a")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cues := GroupCues(tt.words)
			assert.Greater(t, len(cues), 1)
			var words int
			for _, c := range cues {
				assert.LessOrEqual(t, len(c.Lines), MaxLines)
				for _, line := range c.Lines {
					assert.LessOrEqual(t, len(line), MaxLineChars)
					words += len(strings.Fields(line))
				}
				assert.LessOrEqual(t, c.End-c.Start, MaxCueDuration)
				assert.GreaterOrEqual(t, c.End-c.Start, MinCueDuration)
			}
			assert.Equal(t, len(tt.words), words, "every word is in one cue")
		})
	}
}
