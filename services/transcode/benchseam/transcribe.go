package benchseam

import (
	"context"
	"io"

	"github.com/vidhost/vidhost/services/transcode/internal/speech"
	"github.com/vidhost/vidhost/services/transcode/internal/transcribe"
)

// Engine is a speech recogniser; Pocketsphinx is the service's default and
// Whisper runs whisper.cpp.
type (
	Engine       = speech.Engine
	Pocketsphinx = speech.Pocketsphinx
	Whisper      = speech.Whisper
)

// TranscribeConfig and TranscribeResult are what a transcribe job's work
// needs and produces.
type (
	TranscribeConfig = transcribe.Config
	TranscribeResult = transcribe.Result
)

// Transcribe does a transcribe job's work on the video at src (in workDir):
// audio extraction, recognition and cues, WebVTT written to out.
func Transcribe(ctx context.Context, cfg TranscribeConfig, src, workDir, lang string, out io.Writer) (TranscribeResult, error) {
	return transcribe.Run(ctx, cfg, src, workDir, lang, out)
}

// WER is the word error rate of hyp against the reference ref.
func WER(ref, hyp string) float64 { return speech.WER(ref, hyp) }
