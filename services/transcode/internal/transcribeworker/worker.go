package transcribeworker

import (
	"context"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/vidhost/vidhost/pkg/natsx"
	"github.com/vidhost/vidhost/services/transcode/internal/transcribe"
	"github.com/vidhost/vidhost/services/transcode/internal/worker"
)

// ConsumerName is the durable consumer every transcribe worker shares.
const ConsumerName = "transcribe"

const (
	pullWait       = 5 * time.Second // bounds one pull, so Stop is noticed soon
	pullErrorPause = time.Second     // no spinning while NATS is away
)

// Worker runs transcribe jobs. Its Config is the transcode worker's.
type Worker struct {
	consumer jetstream.Consumer
	js       jetstream.JetStream
	// cancels is CANCELS, where the catalog cancels transcribe jobs.
	cancels jetstream.Stream
	runner  *transcribe.Runner
	cfg     worker.Config
	logger  *slog.Logger

	stop  context.CancelFunc
	slots sync.WaitGroup
}

// Start creates (or updates) the shared consumer and runs cfg.Concurrency
// slots until Stop.
func Start(ctx context.Context, js jetstream.JetStream, runner *transcribe.Runner, cfg worker.Config, logger *slog.Logger) (*Worker, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	consumer, err := js.CreateOrUpdateConsumer(ctx, natsx.StreamNameJobs, jetstream.ConsumerConfig{
		Durable:       ConsumerName,
		Description:   "transcribe workers",
		FilterSubject: natsx.SubjectTranscribeJobs,
		AckPolicy:     jetstream.AckExplicitPolicy,
		AckWait:       cfg.AckWait,
		MaxDeliver:    -1, // the worker counts attempts, see handle
		DeliverPolicy: jetstream.DeliverAllPolicy,
	})
	if err != nil {
		return nil, fmt.Errorf("transcribe worker: consumer: %w", err)
	}
	cancels, err := js.Stream(ctx, natsx.StreamNameCancels)
	if err != nil {
		return nil, fmt.Errorf("transcribe worker: cancels: %w", err)
	}
	runCtx, stop := context.WithCancel(context.WithoutCancel(ctx))
	w := &Worker{consumer: consumer, js: js, cancels: cancels, runner: runner, cfg: cfg, logger: logger, stop: stop}
	natsx.WatchLag(runCtx, consumer) // the queue's depth, for alerts
	for range cfg.Concurrency {
		w.slots.Add(1)
		go w.slot(runCtx)
	}
	return w, nil
}

// Stop stops pulling and running; a running job is handed back (Nak).
func (w *Worker) Stop() {
	w.stop()
	w.slots.Wait()
}

func (w *Worker) slot(ctx context.Context) {
	defer w.slots.Done()
	for ctx.Err() == nil {
		pullCtx, cancel := context.WithTimeout(ctx, pullWait)
		msg, err := w.consumer.Next(jetstream.FetchContext(pullCtx))
		cancel()
		if err != nil {
			if !natsx.EmptyPull(err) {
				w.logger.Warn("pulling a transcribe job failed", "error", err)
				time.Sleep(pullErrorPause)
			}
			continue
		}
		w.handle(ctx, msg)
	}
}
