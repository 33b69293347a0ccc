package benchseam

import (
	"context"
	"io"

	"github.com/vidhost/vidhost/services/transcode/internal/speech"
	"github.com/vidhost/vidhost/services/transcode/internal/transcribe"
)

// Engine is a speech recogniser.
type Engine = speech.Engine

// Pocketsphinx is the service's default engine.
type Pocketsphinx = speech.Pocketsphinx

// Whisper runs whisper.cpp.
type Whisper = speech.Whisper

// TranscribeConfig is what a transcribe job's work needs.
type TranscribeConfig = transcribe.Config

// TranscribeResult is what a transcribe job's work produces.
type TranscribeResult = transcribe.Result

// Transcribe does a transcribe job's work on the video at src (in workDir):
// audio extraction, recognition and cues, WebVTT written to out.
func Transcribe(ctx context.Context, cfg TranscribeConfig, src, workDir, lang string, out io.Writer) (TranscribeResult, error) {
	return transcribe.Run(ctx, cfg, src, workDir, lang, out)
}

// WER is the word error rate of hyp against the reference ref.
func WER(ref, hyp string) float64 { return speech.WER(ref, hyp) }
