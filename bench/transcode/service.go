package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"os"
	"path/filepath"
	"syscall"
	"time"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"google.golang.org/protobuf/encoding/protojson"

	eventsv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/events/v1"

	"github.com/vidhost/vidhost/pkg/blob"
	"github.com/vidhost/vidhost/pkg/config"
	"github.com/vidhost/vidhost/pkg/ids"
	"github.com/vidhost/vidhost/pkg/logx"
	"github.com/vidhost/vidhost/pkg/natsx"
	"github.com/vidhost/vidhost/pkg/secrets"
	"github.com/vidhost/vidhost/services/transcode/app"
	"github.com/vidhost/vidhost/services/transcode/benchseam"
)

// jobTimeout bounds the service run; a 60 s source takes about a minute.
const jobTimeout = 30 * time.Minute

// serviceRun is what the bench saw of one job through the service.
type serviceRun struct {
	firstPlayable, ready time.Duration // from enqueue
	cpu                  time.Duration // of this process (service, NATS) and its ffmpeg/ffprobe runs
	commands             [][]string    // the ffmpeg runs, in order
}

// benchSecret is the root secret of the bench's processes.
const benchSecret = "transcode bench root secret, for this run only"

// benchUsers are the services' users plus "bench", which may do anything:
// it enqueues as catalog would and watches every report with a plain
// subscription. The bench times transcoding, not the bus.
func benchUsers() ([]*server.NkeyUser, error) {
	root := secrets.MustRoot(benchSecret)
	users, err := natsx.ServerUsers(root)
	if err != nil {
		return nil, err
	}
	kp, err := natsx.ServiceKey(root, "bench")
	if err != nil {
		return nil, err
	}
	public, err := kp.PublicKey()
	if err != nil {
		return nil, err
	}
	return append(users, &server.NkeyUser{Nkey: public}), nil
}

// runService runs the transcode service in process on an embedded NATS
// server and a local blob store, uploads source, enqueues one job and
// times its reports.
func runService(source, work string) (serviceRun, error) {
	users, err := benchUsers()
	if err != nil {
		return serviceRun{}, err
	}
	srv, err := natsx.StartEmbedded(filepath.Join(work, "nats"), "127.0.0.1", -1, users)
	if err != nil {
		return serviceRun{}, err
	}
	defer srv.Shutdown()
	cfg, err := serviceConfig(srv.ClientURL(), work)
	if err != nil {
		return serviceRun{}, err
	}
	stop, err := startService(cfg)
	if err != nil {
		return serviceRun{}, err
	}
	defer stop()
	run, err := timeJob(srv.ClientURL(), cfg.Blob, source)
	if err != nil {
		return serviceRun{}, err
	}
	run.commands, err = readCommands(os.Getenv(wrapLogEnv))
	return run, err
}

// serviceConfig is the service's default configuration on the bench's
// NATS, store and scratch space, with this binary standing in for ffmpeg.
func serviceConfig(natsURL, work string) (app.Config, error) {
	var cfg app.Config
	if err := config.Load(&cfg); err != nil {
		return cfg, err
	}
	self, err := os.Executable()
	if err != nil {
		return cfg, err
	}
	cfg.NATSURL, cfg.FFmpeg, cfg.LogLevel = natsURL, self, "warn"
	cfg.InternalSecret = benchSecret // the service signs in to NATS with a key derived from it
	cfg.Blob.Driver, cfg.Blob.Dir, cfg.WorkDir = "local", filepath.Join(work, "blob"), filepath.Join(work, "attempts")
	return cfg, os.Setenv(wrapLogEnv, filepath.Join(work, "ffmpeg-commands.jsonl"))
}

func startService(cfg app.Config) (stop func(), err error) {
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithCancel(context.Background())
	ready, done := make(chan struct{}), make(chan error, 1)
	logger := logx.New(os.Stderr, "transcode", cfg.LogLevel, cfg.LogFormat)
	go func() {
		done <- app.Run(ctx, cfg, logger, app.Options{Listener: lis, Ready: func(string) { close(ready) }})
	}()
	select {
	case <-ready:
		return func() { cancel(); <-done }, nil //nolint:errcheck // Run ends with the cancellation; its error says only that
	case err := <-done:
		cancel()
		return nil, fmt.Errorf("service: %w", err)
	}
}

// timeJob uploads source as a user would, then enqueues a job for it as
// catalog would and waits for the reports.
func timeJob(natsURL string, settings blob.Settings, source string) (serviceRun, error) {
	ctx, cancel := context.WithTimeout(context.Background(), jobTimeout)
	defer cancel()
	j := benchseam.Job{ID: ids.New(), AccountID: ids.New(), VideoID: ids.New()}
	// The worker takes sources of the job's account only.
	sourceKey, err := blob.UploadKey(j.AccountID, ids.New(), "source.mp4")
	if err != nil {
		return serviceRun{}, err
	}
	j.SourceKey = sourceKey
	if err := upload(ctx, settings, j.SourceKey, source); err != nil {
		return serviceRun{}, err
	}
	nc, err := natsx.Connect(natsx.Client{URL: natsURL, Service: "bench", Secret: benchSecret})
	if err != nil {
		return serviceRun{}, err
	}
	defer nc.Close()
	reports := make(chan *nats.Msg, 256)
	sub, err := nc.ChanSubscribe("transcode.*", reports)
	if err != nil {
		return serviceRun{}, err
	}
	defer func() { _ = sub.Unsubscribe() }()
	js, err := jetstream.New(nc)
	if err != nil {
		return serviceRun{}, err
	}
	start, startCPU := time.Now(), cpuTime()
	if err := benchseam.Enqueue(ctx, js, j); err != nil {
		return serviceRun{}, err
	}
	run, err := awaitReports(ctx, reports, start)
	run.cpu = cpuTime() - startCPU
	return run, err
}

// cpuTime is the CPU time of this process and of its children that have
// exited: the in-process service, its NATS server and its tool runs.
func cpuTime() time.Duration {
	var total time.Duration
	for _, who := range []int{syscall.RUSAGE_SELF, syscall.RUSAGE_CHILDREN} {
		var ru syscall.Rusage
		if syscall.Getrusage(who, &ru) == nil {
			total += time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
		}
	}
	return total
}

func awaitReports(ctx context.Context, reports <-chan *nats.Msg, start time.Time) (serviceRun, error) {
	var run serviceRun
	for {
		select {
		case <-ctx.Done():
			return run, ctx.Err()
		case msg := <-reports:
			switch msg.Subject {
			case natsx.SubjectTranscodeProgress:
				var p eventsv1.TranscodeProgress
				if protojson.Unmarshal(msg.Data, &p) == nil && len(p.GetOutputs()) > 0 && run.firstPlayable == 0 {
					run.firstPlayable = time.Since(start)
				}
			case natsx.SubjectTranscodeCompleted:
				run.ready = time.Since(start)
				return run, nil
			case natsx.SubjectTranscodeFailed:
				return run, errors.New("the job failed: " + string(msg.Data))
			}
		}
	}
}

func upload(ctx context.Context, settings blob.Settings, key, source string) error {
	store, err := blob.Open(ctx, settings.Config())
	if err != nil {
		return err
	}
	f, err := os.Open(source)
	if err != nil {
		return err
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return err
	}
	slog.Info("uploading source", "bytes", info.Size())
	return store.Put(ctx, key, f, info.Size(), "video/mp4")
}
