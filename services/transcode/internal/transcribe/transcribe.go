package transcribe

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"time"

	"github.com/vidhost/vidhost/services/transcode/internal/media"
	"github.com/vidhost/vidhost/services/transcode/internal/speech"
)

// MaxDuration is the longest video a transcribe accepts. pocketsphinx runs at
// about a third of real time on one core, so three hours is about an hour of
// a worker: longer jobs would starve everyone queued behind them.
const MaxDuration = 3 * time.Hour

// ErrNoSpeech is a video whose audio holds no recognisable words. The
// transcribe ends in error with this reason rather than as an empty track:
// the catalog's track rules (docs/videos.md) require at least one cue, and a
// transcribe reuses that path unchanged.
var ErrNoSpeech = errors.New("no speech was recognised in the video's audio")

// Config is what a run needs from the service.
type Config struct {
	FFmpeg string        // path to ffmpeg
	Engine speech.Engine // the recogniser
}

// Result is what a run produced.
type Result struct {
	Words []speech.Word
	Cues  []speech.Cue
}

// Run transcribes the video at src (in workDir) and writes WebVTT to out.
// Silence is ErrNoSpeech, and nothing is written.
func Run(ctx context.Context, cfg Config, src, workDir, lang string, out io.Writer) (Result, error) {
	wav := filepath.Join(workDir, "speech.wav")
	if err := media.ExtractSpeech(ctx, cfg.FFmpeg, src, wav, MaxDuration); err != nil {
		return Result{}, fmt.Errorf("extract audio: %w", err)
	}
	words, err := cfg.Engine.Recognize(ctx, wav, lang)
	if err != nil {
		return Result{}, fmt.Errorf("recognise: %w", err)
	}
	if len(words) == 0 {
		return Result{}, ErrNoSpeech
	}
	cues := speech.GroupCues(words)
	if err := speech.WriteWebVTT(out, cues); err != nil {
		return Result{}, err
	}
	return Result{Words: words, Cues: cues}, nil
}
