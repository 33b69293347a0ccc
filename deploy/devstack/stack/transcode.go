package stack

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"sync"

	"github.com/vidhost/vidhost/pkg/config"
	transcodeapp "github.com/vidhost/vidhost/services/transcode/app"
)

// startTranscode runs transcode worker number n. The SSRF guard stays on:
// source URLs on this machine's loopback (a file served on localhost, say)
// are allowed explicitly, since the devstack is for local testing, but the
// private network and the cloud metadata service are not
// (VIDHOST_FETCH_ALLOW_LOOPBACK=false turns that off too).
func (s *Stack) startTranscode(n int) error {
	var cfg transcodeapp.Config
	if err := config.Load(&cfg); err != nil {
		return err
	}
	cfg.NATSURL, cfg.InternalSecret, cfg.LogLevel = s.natsURL, s.secret, s.cfg.LogLevel
	cfg.Blob = s.blobSettings()
	if s.TranscribesOff != nil {
		cfg.Transcribe.Engine = "off"
	}
	if os.Getenv("VIDHOST_FETCH_ALLOW_LOOPBACK") == "" {
		cfg.FetchAllowLoopback = true
	}
	if s.cfg.Transcode != nil {
		s.cfg.Transcode(n, &cfg)
	}
	if cfg.WorkDir == "" {
		cfg.WorkDir = filepath.Join(s.varDir, "transcode", strconv.Itoa(n))
	}
	if err := os.MkdirAll(cfg.WorkDir, 0o750); err != nil {
		return err
	}
	lis, err := loopback()
	if err != nil {
		return err
	}
	killed := make(chan struct{})
	s.transcoders = append(s.transcoders, transcoder{workDir: cfg.WorkDir, kill: sync.OnceFunc(func() { close(killed) })})
	s.run("transcode "+strconv.Itoa(n), func(ctx context.Context) error {
		ctx, cancel := context.WithCancel(ctx)
		defer cancel()
		go func() {
			select {
			case <-killed:
				cancel()
			case <-ctx.Done():
			}
		}()
		return transcodeapp.Run(ctx, cfg, s.serviceLogger("transcode"), transcodeapp.Options{Listener: lis})
	})
	return nil
}

// transcoder is one transcode worker the stack runs.
type transcoder struct {
	workDir string
	kill    func()
}

// TranscodeWorkDir is the work directory of transcode worker n, where its
// running jobs and units keep their files: a test watches it to stop the
// worker in the middle of one.
func (s *Stack) TranscodeWorkDir(n int) string { return s.transcoders[n].workDir }

// StopTranscode stops transcode worker n while the rest of the stack runs
// on, as its shutdown does: with VIDHOST_TRANSCODE_DRAIN_TIMEOUT 0 its
// running work is stopped at once and handed back for another worker. A
// worker that loses its connection instead (no hand-back: the ack wait
// runs out) is the worker tests' (services/transcode/internal/worker).
func (s *Stack) StopTranscode(n int) { s.transcoders[n].kill() }

// checkTranscribes sets TranscribesOff when the transcode workers the
// devstack runs could not transcribe (pocketsphinx or its model missing:
// `make deps-run` installs them). Catalog is then told the engine is off
// too, and refuses transcribes at once with what to install, rather than
// queueing them for a worker that never takes them. Workers run elsewhere
// (TranscodeWorkers 0) have their own machine's say: the environment's
// setting stands.
func (s *Stack) checkTranscribes() error {
	if s.cfg.TranscodeWorkers == 0 {
		return nil
	}
	var cfg transcodeapp.Config
	if err := config.Load(&cfg); err != nil {
		return err
	}
	s.TranscribesOff = cfg.Transcribe.Unavailable()
	if s.TranscribesOff != nil {
		s.logger.Warn("transcribes are off: POST /v2/transcribes is refused", "reason", s.TranscribesOff)
	}
	return nil
}
