package app

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"os/exec"
	"strings"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/vidhost/vidhost/pkg/blob"
	"github.com/vidhost/vidhost/pkg/lifecycle"
	"github.com/vidhost/vidhost/services/transcode/internal/speech"
	"github.com/vidhost/vidhost/services/transcode/internal/transcribe"
	"github.com/vidhost/vidhost/services/transcode/internal/transcribeworker"
)

// TranscribeConfig chooses the speech engine of transcribe jobs
// (docs/transcribes.md).
type TranscribeConfig struct {
	// Engine is "pocketsphinx" (Debian's, en-US), "whisper" (whisper.cpp
	// with the model below) or "off" (transcribe jobs wait in the queue).
	Engine string `env:"VIDHOST_TRANSCRIBE_ENGINE" envDefault:"pocketsphinx"`
	// Pocketsphinx is the pocketsphinx_continuous binary.
	Pocketsphinx string `env:"VIDHOST_TRANSCRIBE_POCKETSPHINX" envDefault:"pocketsphinx_continuous"`
	// PocketsphinxModel is the en-us model directory.
	PocketsphinxModel string `env:"VIDHOST_TRANSCRIBE_POCKETSPHINX_MODEL" envDefault:"/usr/share/pocketsphinx/model/en-us"`
	// WhisperBin and WhisperModel are whisper-cli and a ggml model file.
	WhisperBin   string `env:"VIDHOST_TRANSCRIBE_WHISPER_BIN"`
	WhisperModel string `env:"VIDHOST_TRANSCRIBE_WHISPER_MODEL"`
	// Languages are the BCP 47 tags the whisper model serves (comma-separated).
	Languages string `env:"VIDHOST_TRANSCRIBE_LANGUAGES" envDefault:"en-US"`
	// Concurrency is how many transcribe jobs run at once, besides transcodes.
	Concurrency int `env:"VIDHOST_TRANSCRIBE_CONCURRENCY" envDefault:"1"`
}

// engine is the configured engine, or nil when transcribing is off.
func (c TranscribeConfig) engine() (speech.Engine, error) {
	switch c.Engine {
	case "off":
		return nil, nil
	case "", "pocketsphinx":
		if _, err := exec.LookPath(c.Pocketsphinx); err != nil {
			return nil, fmt.Errorf("%s not found (install pocketsphinx and pocketsphinx-en-us, or set VIDHOST_TRANSCRIBE_ENGINE=off): %w", c.Pocketsphinx, err)
		}
		return speech.Pocketsphinx{Binary: c.Pocketsphinx, ModelDir: c.PocketsphinxModel}, nil
	case "whisper":
		if c.WhisperBin == "" || c.WhisperModel == "" {
			return nil, fmt.Errorf("VIDHOST_TRANSCRIBE_WHISPER_BIN and VIDHOST_TRANSCRIBE_WHISPER_MODEL must be set for the whisper engine")
		}
		return speech.Whisper{Binary: c.WhisperBin, Model: c.WhisperModel, Langs: strings.Split(c.Languages, ",")}, nil
	default:
		return nil, fmt.Errorf("VIDHOST_TRANSCRIBE_ENGINE must be pocketsphinx, whisper or off, not %q", c.Engine)
	}
}

// Unavailable says why this configuration's speech engine cannot run on
// this machine (pocketsphinx or its model not installed, whisper's files
// not set), or nil when it can or transcribing is off. The devstack asks
// before it starts, to turn transcribes off in catalog too: catalog then
// refuses them at once instead of queueing them for no worker.
func (c TranscribeConfig) Unavailable() error {
	if c.Engine == "off" {
		return nil
	}
	if _, err := c.engine(); err != nil {
		return err
	}
	if c.Engine == "" || c.Engine == "pocketsphinx" {
		if _, err := os.Stat(c.PocketsphinxModel); err != nil {
			return fmt.Errorf("the pocketsphinx model %s is missing (install pocketsphinx-en-us, or set VIDHOST_TRANSCRIBE_ENGINE=off)", c.PocketsphinxModel)
		}
	}
	return nil
}

// startTranscribes starts the transcribe handler beside the transcode
// worker. A missing default engine is logged, not fatal: transcodes go
// on, and transcribe jobs wait in the queue for a worker that has one.
func startTranscribes(ctx context.Context, cfg Config, js jetstream.JetStream, logger *slog.Logger, stack *lifecycle.Stack) error {
	engine, err := cfg.Transcribe.engine()
	if err != nil && cfg.Transcribe.Engine == "whisper" {
		return fmt.Errorf("transcode: %w", err)
	}
	if err != nil || engine == nil {
		logger.Warn("transcribe jobs are not taken by this worker", "reason", err)
		return nil
	}
	store, err := blob.Open(ctx, cfg.Blob.Config())
	if err != nil {
		return fmt.Errorf("transcode: %w", err)
	}
	if err := transcribe.SweepWorkDir(cfg.WorkDir); err != nil {
		logger.Warn("transcribe work directory sweep incomplete", "dir", cfg.WorkDir, "error", err)
	}
	runner := &transcribe.Runner{Store: store, WorkDir: cfg.WorkDir,
		Config: transcribe.Config{FFmpeg: cfg.FFmpeg, Engine: engine}}
	wcfg := cfg.workerConfig()
	wcfg.Concurrency = max(cfg.Transcribe.Concurrency, 1)
	w, err := transcribeworker.Start(ctx, js, runner, wcfg, logger)
	if err != nil {
		return fmt.Errorf("transcode: %w", err)
	}
	// Stop taking transcribe jobs before NATS closes; a running one goes back.
	stack.Push("transcribe worker", func(context.Context) error { w.Stop(); return nil })
	logger.Info("transcribe jobs taken", "engine", cfg.Transcribe.Engine, "languages", engine.Languages())
	return nil
}
