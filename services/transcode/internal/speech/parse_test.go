package speech

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParsePocketsphinx(t *testing.T) {
	out := `the weather today
<s> 0.100 0.150 0.999900
the 0.160 0.320 0.996107
to(2) 3.980 4.080 0.836089
[SPEECH] 2.780 3.100 0.877819
<sil> 13.270 13.500 0.997902
one two three four
</s> 6.320 6.410 1.000000
`
	words, err := parsePocketsphinx(strings.NewReader(out))
	require.NoError(t, err)
	assert.Equal(t, []Word{
		{Text: "the", Start: ms(160), End: ms(320)},
		{Text: "to", Start: ms(3980), End: ms(4080)},
	}, words)
}

func TestParseWhisperJSON(t *testing.T) {
	out := `{"transcription":[
{"offsets":{"from":0,"to":0},"text":""},
{"offsets":{"from":120,"to":400},"text":" Hello,"},
{"offsets":{"from":400,"to":900},"text":" world."},
{"offsets":{"from":900,"to":3000},"text":" [BLANK_AUDIO]"}]}`
	words, err := parseWhisperJSON([]byte(out))
	require.NoError(t, err)
	assert.Equal(t, []Word{
		{Text: "Hello,", Start: ms(120), End: ms(400)},
		{Text: "world.", Start: ms(400), End: ms(900)},
	}, words)
}

func TestWriteWebVTT(t *testing.T) {
	var b strings.Builder
	require.NoError(t, WriteWebVTT(&b, []Cue{
		{Start: ms(1500), End: ms(3_723_004), Lines: []string{"a <b> & c", "second"}},
	}))
	assert.Equal(t, "WEBVTT\n\n00:00:01.500 --> 01:02:03.004\na &lt;b&gt; &amp; c\nsecond\n", b.String())

	b.Reset()
	require.NoError(t, WriteWebVTT(&b, nil))
	assert.Equal(t, "WEBVTT\n", b.String(), "silence is an empty track")
}

func TestUnsupportedLanguage(t *testing.T) {
	_, err := Pocketsphinx{}.Recognize(t.Context(), "/nonexistent.wav", "de-DE")
	assert.ErrorIs(t, err, ErrUnsupportedLanguage)
}
