package app

import (
	"cmp"
	"context"
	"fmt"
	"log/slog"
	"net"
	"time"

	"github.com/vidhost/vidhost/pkg/grpcx"
	"github.com/vidhost/vidhost/pkg/lifecycle"
	"github.com/vidhost/vidhost/pkg/natsx"
	"github.com/vidhost/vidhost/services/transcode/internal/sourcehttp"
	"github.com/vidhost/vidhost/services/transcode/internal/worker"
)

// shutdownMargin is added to DrainTimeout to bound the whole shutdown: the
// stopped jobs still report and hand their messages back.
const shutdownMargin = 45 * time.Second

// Run starts the transcode service and runs jobs until ctx is done, then
// shuts down in reverse order of start-up: health NOT_SERVING, no new jobs,
// running jobs finish or go back to the queue, NATS closes. It returns the
// first start-up or serving error joined with any shutdown error.
func Run(ctx context.Context, cfg Config, logger *slog.Logger, opts Options) error {
	cfg.WorkDir = cmp.Or(cfg.WorkDir, defaultWorkDir())
	if err := cfg.Validate(); err != nil {
		closeListener(opts)
		return fmt.Errorf("transcode: %w", err)
	}
	lis, err := grpcx.Listen(opts.Listener, cfg.GRPCAddr)
	if err != nil {
		return fmt.Errorf("transcode: %w", err)
	}
	return lifecycle.Run(ctx, logger, cfg.DrainTimeout+shutdownMargin, func(stack *lifecycle.Stack) error {
		return start(ctx, cfg, logger, opts, lis, stack)
	})
}

// start starts the worker and the health server, pushing each cleanup on
// stack as it goes, and serves until ctx is done.
func start(ctx context.Context, cfg Config, logger *slog.Logger, opts Options, lis net.Listener, stack *lifecycle.Stack) error {
	// Closing an already served listener is harmless; this one covers a failed start.
	stack.Push("listener", func(context.Context) error { _ = lis.Close(); return nil })
	if err := startWorker(ctx, cfg, logger, stack); err != nil {
		return err
	}
	// Only health is served: no caller to verify, so no key (a zero Root).
	srv := grpcx.NewServer(grpcx.ServerOptions{Logger: logger})
	logger.Info("transcode serving", "grpc", lis.Addr().String(), "concurrency", cfg.Concurrency)
	if opts.Ready != nil {
		opts.Ready(lis.Addr().String())
	}
	// Serve drains health checks itself when ctx is done; the stack then
	// stops the worker.
	return srv.Serve(ctx, lis, grpcx.DefaultDrain)
}

// startWorker opens what jobs need and starts taking them.
func startWorker(ctx context.Context, cfg Config, logger *slog.Logger, stack *lifecycle.Stack) error {
	if err := checkTools(cfg); err != nil {
		return err
	}
	// Jobs and units come from JOBS; reports go to MEDIA and poison jobs to
	// DEADLETTER; the catalog's cancels of transcribe jobs are looked up in
	// CANCELS; chunked jobs' plans are recorded in CHUNKS.
	js, err := natsx.StartJetStream(ctx, cfg.NATSClient(natsx.ServiceTranscode), logger, stack, natsx.StreamJobs, natsx.StreamMedia, natsx.StreamDeadLetter, natsx.StreamCancels, natsx.StreamChunks)
	if err != nil {
		return fmt.Errorf("transcode: %w", err)
	}
	runner, err := newRunner(ctx, cfg, logger)
	if err != nil {
		return err
	}
	sources, err := sourcehttp.Start(runner.Store, logger)
	if err != nil {
		return fmt.Errorf("transcode: %w", err)
	}
	// Units' ffmpeg read their sources from it: it closes after the worker has stopped them.
	stack.Push("source server", sources.Close)
	runner.Sources = sources
	w, err := worker.Start(ctx, js, runner, cfg.workerConfig(), logger)
	if err != nil {
		return fmt.Errorf("transcode: %w", err)
	}
	// Stop taking jobs, let running ones finish or hand them back, before NATS closes.
	stack.Push("worker", w.Stop)
	return startTranscribes(ctx, cfg, js, logger, stack)
}

func closeListener(opts Options) {
	if opts.Listener != nil {
		_ = opts.Listener.Close()
	}
}
