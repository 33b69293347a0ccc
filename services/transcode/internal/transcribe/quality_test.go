package transcribe_test

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/speechtest"
	"github.com/vidhost/vidhost/services/transcode/internal/media"
	"github.com/vidhost/vidhost/services/transcode/internal/speech"
	"github.com/vidhost/vidhost/services/transcode/internal/transcribe"
)

// maxWER is the word error rate the default engine must stay under on the
// flite fixture. Measured on this machine (Debian pocketsphinx
// 0.8+5prealpha, en-us generic LM, speech through AAC and back): 7 of 53
// words wrong, WER 0.132 ("sunny"->"sunday", "a"->"the", "please"->"breeze",
// "team finished"->"game finish", a dropped "the", "bought"->"got"); on the
// raw flite WAV it is 0.11. 0.20 allows about three more errors for other
// ffmpeg/flite builds while still failing when the audio path breaks (a
// wrong sample rate or channel mix gives WER > 0.6) or the parser loses words.
const maxWER = 0.20

// TestQualityOnSpokenFixture runs the whole job on a 30 s video with five
// sentences spoken by flite. About 10 s on 2 CPUs.
func TestQualityOnSpokenFixture(t *testing.T) {
	if testing.Short() {
		t.Skip("runs ffmpeg, flite and pocketsphinx (about 10 s)")
	}
	fixture, err := speechtest.Make(t.Context(), t.TempDir())
	require.NoError(t, err)

	var vtt bytes.Buffer
	cfg := transcribe.Config{FFmpeg: "ffmpeg", Engine: speech.Pocketsphinx{}}
	result, err := transcribe.Run(t.Context(), cfg, fixture.Video, t.TempDir(), "en-US", &vtt)
	require.NoError(t, err)

	var heard []string
	for _, w := range result.Words {
		heard = append(heard, w.Text)
	}
	wer := speech.WER(fixture.Reference, strings.Join(heard, " "))
	t.Logf("WER %.3f: %s", wer, strings.Join(heard, " "))
	assert.Less(t, wer, maxWER)

	require.NotEmpty(t, result.Cues)
	const slack = 300 * time.Millisecond // recogniser boundaries vs the synthesiser's padding
	for _, c := range result.Cues {
		assert.GreaterOrEqual(t, c.Start, fixture.SpeechStart-slack, "cue %v starts before the speech", c)
		assert.LessOrEqual(t, c.End, fixture.SpeechEnd+speech.MinCueDuration, "cue %v ends long after the speech", c)
	}
	assert.True(t, strings.HasPrefix(vtt.String(), "WEBVTT\n"))
}

// TestSilenceIsNoSpeech: a video whose audio is silent ends in ErrNoSpeech
// (the transcribe's error reason), with nothing written.
func TestSilenceIsNoSpeech(t *testing.T) {
	if testing.Short() {
		t.Skip("runs ffmpeg and pocketsphinx")
	}
	dir := t.TempDir()
	src := dir + "/silence.mp4"
	require.NoError(t, runFFmpeg(t, "-f", "lavfi", "-i", "anullsrc=r=48000:cl=stereo", "-t", "5", "-c:a", "aac", src))
	var vtt bytes.Buffer
	cfg := transcribe.Config{FFmpeg: "ffmpeg", Engine: speech.Pocketsphinx{}}
	_, err := transcribe.Run(t.Context(), cfg, src, dir, "en-US", &vtt)
	require.ErrorIs(t, err, transcribe.ErrNoSpeech)
	assert.Empty(t, vtt.String())
}

// TestNoAudioStream: a video without sound fails with a reason.
func TestNoAudioStream(t *testing.T) {
	if testing.Short() {
		t.Skip("runs ffmpeg")
	}
	dir := t.TempDir()
	src := dir + "/mute.mp4"
	require.NoError(t, runFFmpeg(t, "-f", "lavfi", "-i", "testsrc2=size=160x120:rate=10:duration=2", "-c:v", "libx264", "-preset", "ultrafast", src))
	cfg := transcribe.Config{FFmpeg: "ffmpeg", Engine: speech.Pocketsphinx{}}
	_, err := transcribe.Run(t.Context(), cfg, src, dir, "en-US", &bytes.Buffer{})
	assert.ErrorIs(t, err, media.ErrNoAudio)
}
