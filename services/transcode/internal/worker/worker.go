package worker

import (
	"context"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/vidhost/vidhost/pkg/natsx"
	"github.com/vidhost/vidhost/services/transcode/internal/chunkstate"
	"github.com/vidhost/vidhost/services/transcode/internal/events"
	"github.com/vidhost/vidhost/services/transcode/internal/job"
)

const (
	// pullWait bounds one pull request, so a stopping worker notices soon.
	pullWait = 5 * time.Second
	// pullErrorPause keeps a worker from spinning while NATS is away.
	pullErrorPause = time.Second
)

// Worker runs transcode jobs, and the units of chunked ones, from
// JetStream.
type Worker struct {
	consumer jetstream.Consumer
	runner   *job.Runner
	js       jetstream.JetStream // units are published on it
	plans    *chunkstate.Store   // chunked jobs' records
	cancels  jetstream.Stream    // CANCELS: the catalog's cancels of deleted videos' jobs
	pub      *events.Publisher
	cfg      Config
	logger   *slog.Logger

	stopPulling context.CancelFunc
	stopJobs    context.CancelFunc
	slots       sync.WaitGroup
}

// Start creates (or updates) the shared consumer and starts cfg.Concurrency
// slots, each pulling one job at a time, until Stop.
func Start(ctx context.Context, js jetstream.JetStream, runner *job.Runner, cfg Config, logger *slog.Logger) (*Worker, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	consumer, err := js.CreateOrUpdateConsumer(ctx, natsx.StreamNameJobs, consumerConfig(cfg))
	if err != nil {
		return nil, fmt.Errorf("worker: consumer: %w", err)
	}
	plans, err := chunkstate.New(ctx, js)
	if err != nil {
		return nil, fmt.Errorf("worker: %w", err)
	}
	cancels, err := js.Stream(ctx, natsx.StreamNameCancels)
	if err != nil {
		return nil, fmt.Errorf("worker: cancels: %w", err)
	}
	w := &Worker{consumer: consumer, runner: runner, js: js, plans: plans, cancels: cancels, pub: events.NewPublisher(js), cfg: cfg, logger: logger}
	// Neither context ends with ctx: Stop decides when pulling and jobs end.
	pullCtx, stopPulling := context.WithCancel(context.WithoutCancel(ctx))
	jobCtx, stopJobs := context.WithCancel(context.WithoutCancel(ctx))
	w.stopPulling, w.stopJobs = stopPulling, stopJobs
	natsx.WatchLag(pullCtx, consumer) // the queue's depth, for alerts and the autoscaler
	for range cfg.Concurrency {
		w.slots.Add(1)
		go w.slot(pullCtx, jobCtx)
	}
	return w, nil
}

// consumerConfig leaves MaxDeliver to the worker (see handle): a job whose
// last attempt died with its worker must still be delivered once more, to
// be failed rather than forgotten. The one consumer takes jobs and units
// alike, so a slot is a slot whatever it runs; it does so in every mode,
// so that workers being switched to distributed one by one never change
// the shared consumer back and forth, nor leave units without a taker.
func consumerConfig(cfg Config) jetstream.ConsumerConfig {
	return jetstream.ConsumerConfig{
		Durable:        ConsumerName,
		Description:    "transcode workers",
		FilterSubjects: []string{natsx.SubjectTranscodeJobs, natsx.SubjectTranscodeUnits},
		AckPolicy:      jetstream.AckExplicitPolicy,
		AckWait:        cfg.AckWait,
		MaxDeliver:     -1,
		DeliverPolicy:  jetstream.DeliverAllPolicy,
	}
}

// Stop stops pulling jobs, lets running ones finish for DrainTimeout, then
// stops them; their jobs are handed back (Nak) for another worker at once.
func (w *Worker) Stop(ctx context.Context) error {
	w.stopPulling()
	idle := make(chan struct{})
	go func() { w.slots.Wait(); close(idle) }()
	grace := time.NewTimer(w.cfg.DrainTimeout)
	defer grace.Stop()
	select {
	case <-idle:
		return nil
	case <-grace.C:
	case <-ctx.Done():
	}
	w.logger.Info("stopping running jobs; they go back to the queue")
	w.stopJobs()
	select {
	case <-idle:
		return nil
	case <-ctx.Done():
		return fmt.Errorf("worker: jobs still running at shutdown: %w", ctx.Err())
	}
}

// slot pulls a job only when it can start it at once: a job waiting in a
// busy worker's buffer could be running on an idle one.
func (w *Worker) slot(pullCtx, jobCtx context.Context) {
	defer w.slots.Done()
	for pullCtx.Err() == nil {
		msg, err := w.next(pullCtx)
		if err != nil {
			w.pullFailed(pullCtx, err)
			continue
		}
		if msg.Subject() == natsx.SubjectTranscodeUnits {
			w.handleUnit(jobCtx, msg)
			continue
		}
		w.handle(jobCtx, msg)
	}
}

func (w *Worker) next(ctx context.Context) (jetstream.Msg, error) {
	ctx, cancel := context.WithTimeout(ctx, pullWait)
	defer cancel()
	return w.consumer.Next(jetstream.FetchContext(ctx))
}

// pullFailed pauses after a real error; an empty queue is not one.
func (w *Worker) pullFailed(ctx context.Context, err error) {
	if ctx.Err() != nil || natsx.EmptyPull(err) {
		return
	}
	w.logger.Warn("pulling a job failed", "error", err)
	select {
	case <-ctx.Done():
	case <-time.After(pullErrorPause):
	}
}
