package worker

import (
	"context"
	"log/slog"
	"sync"
	"time"

	"github.com/vidhost/vidhost/services/transcode/internal/events"
	"github.com/vidhost/vidhost/services/transcode/internal/job"
)

// progressTimeout bounds one progress report; a lost one is replaced by
// the next.
const progressTimeout = 10 * time.Second

// progress publishes an attempt's transcode.progress events on a goroutine
// of its own, so ffmpeg never waits on NATS. Reports never go backwards;
// when they come faster than NATS takes them, only the latest is sent.
type progress struct {
	base   context.Context // the job's trace, never its cancellation
	pub    *events.Publisher
	job    job.Job
	logger *slog.Logger

	mu      sync.Mutex
	percent int
	outputs []job.Output
	dirty   bool

	wake, closing, done chan struct{}
}

// startProgress reports 0% at once: a worker has the job, and the video
// moves from preparing to processing.
func startProgress(jobCtx context.Context, pub *events.Publisher, j job.Job, logger *slog.Logger) *progress {
	p := &progress{
		base: context.WithoutCancel(jobCtx), pub: pub, job: j, logger: logger, dirty: true,
		wake: make(chan struct{}, 1), closing: make(chan struct{}), done: make(chan struct{}),
	}
	go p.run()
	p.signal()
	return p
}

// Progress implements job.Reporter. 100 is kept for transcode.completed.
func (p *progress) Progress(percent int) {
	p.mu.Lock()
	if percent = min(percent, 99); percent > p.percent {
		p.percent, p.dirty = percent, true
	}
	p.mu.Unlock()
	p.signal()
}

// Playable implements job.Reporter: the outputs ride on this and every
// later report.
func (p *progress) Playable(outputs []job.Output) {
	p.mu.Lock()
	p.outputs, p.dirty = outputs, true
	p.mu.Unlock()
	p.signal()
}

// close sends what is still unsent and stops.
func (p *progress) close() {
	close(p.closing)
	<-p.done
}

func (p *progress) run() {
	defer close(p.done)
	for {
		select {
		case <-p.wake:
			p.send()
		case <-p.closing:
			p.send()
			return
		}
	}
}

func (p *progress) send() {
	p.mu.Lock()
	if !p.dirty {
		p.mu.Unlock()
		return
	}
	percent, outputs := p.percent, p.outputs
	p.dirty = false
	p.mu.Unlock()
	ctx, cancel := context.WithTimeout(p.base, progressTimeout)
	defer cancel()
	if err := p.pub.Progress(ctx, p.job, percent, outputs); err != nil {
		p.logger.Warn("progress report failed", "percent", percent, "error", err)
	}
}

func (p *progress) signal() {
	select {
	case p.wake <- struct{}{}:
	default:
	}
}
