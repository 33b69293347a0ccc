package app

import (
	"bufio"
	"context"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"

	"github.com/vidhost/vidhost/pkg/blob"
	"github.com/vidhost/vidhost/pkg/config"
	"github.com/vidhost/vidhost/pkg/logx"
	"github.com/vidhost/vidhost/pkg/natstest"
	"github.com/vidhost/vidhost/pkg/natsx"
	"github.com/vidhost/vidhost/pkg/servicetest"
	"github.com/vidhost/vidhost/services/transcode/internal/events"
	"github.com/vidhost/vidhost/services/transcode/internal/media"
	"github.com/vidhost/vidhost/services/transcode/internal/mediatest"
	"github.com/vidhost/vidhost/services/transcode/internal/transcodetest"
)

// crashAckWait is how long the killed worker's job waits for redelivery.
const crashAckWait = 3 * time.Second

// A worker SIGKILLed mid-job loses nothing: after AckWait the job goes to
// another worker, which replaces the dead attempt's files and completes the
// video exactly once; the dead attempt's scratch directory is swept. About
// 7 s: two transcodes of a 4 s 720p clip and one AckWait.
func TestKilledWorkerJobIsRedelivered(t *testing.T) {
	mediatest.RequireTools(t)
	env := newCrashEnv(t)
	killed := env.startSubprocess(t)
	j := transcodetest.NewJob()
	transcodetest.Upload(t, env.store, &j, mediatest.Clip(t, mediatest.ClipSpec{Width: 1280, Height: 720, Seconds: 4, Audio: true}))
	require.NoError(t, events.Enqueue(context.Background(), natstest.JetStreamAs(t, env.natsURL, natsx.ServiceCatalog), j))

	// Kill it once ffmpeg is encoding: progress above 0%.
	env.reports.Wait(t, j.VideoID, func(r transcodetest.Report) bool { return r.Progress.GetProgress() > 0 })
	require.NoError(t, killed.Process.Signal(syscall.SIGKILL))
	_ = killed.Wait()
	require.Eventually(t, func() bool { return len(toolsUsing(t, env.workDir)) == 0 }, 2*time.Second, 20*time.Millisecond,
		"the killed worker's ffmpeg dies with it")

	addr := env.startInProcess(t)
	assertServing(t, addr)
	final := env.reports.WaitFinal(t, j.VideoID)
	require.NotNil(t, final.Completed, "failed: %v", final.Failed)

	require.Eventually(t, func() bool { return env.count(t, natsx.StreamNameJobs, natsx.SubjectTranscodeJobs) == 0 },
		transcodetest.WaitTimeout, 20*time.Millisecond, "the job is acknowledged")
	assert.Equal(t, uint64(1), env.count(t, natsx.StreamNameMedia, natsx.SubjectTranscodeCompleted), "completed exactly once")
	assert.Equal(t, uint64(0), env.count(t, natsx.StreamNameMedia, natsx.SubjectTranscodeFailed))
	starts := 0
	for _, r := range env.reports.Of(j.VideoID) {
		if r.Progress != nil && r.Progress.GetProgress() == 0 && len(r.Progress.GetOutputs()) == 0 {
			starts++
		}
	}
	assert.Equal(t, 2, starts, "two attempts")
	hls := transcodetest.Probe(t, env.blobURL+"/"+j.MediaFolder()+media.MasterPlaylist)
	assert.InDelta(t, 4.0, hls.Seconds(), 0.2)
	leftovers, err := filepath.Glob(filepath.Join(env.workDir, "attempt-*"))
	require.NoError(t, err)
	assert.Empty(t, leftovers, "the dead attempt's scratch directory is swept")
}

// toolsUsing lists the processes whose command line names dir: the
// ffmpeg runs of attempts working there.
func toolsUsing(t *testing.T, dir string) []string {
	cmdlines, err := filepath.Glob("/proc/[0-9]*/cmdline")
	require.NoError(t, err)
	var found []string
	for _, path := range cmdlines {
		data, err := os.ReadFile(path)
		if err == nil && strings.Contains(string(data), dir) {
			found = append(found, strings.ReplaceAll(string(data), "\x00", " "))
		}
	}
	return found
}

// crashEnv is the NATS server, blob directory and work directory two
// workers share, as on one machine.
type crashEnv struct {
	natsURL, blobDir, workDir, blobURL string
	js                                 jetstream.JetStream
	store                              blob.Store
	reports                            *transcodetest.Reports
}

func newCrashEnv(t *testing.T) *crashEnv {
	env := &crashEnv{natsURL: natstest.Start(t), blobDir: t.TempDir(), workDir: t.TempDir()}
	env.js = natstest.JetStream(t, env.natsURL)
	store, err := blob.Open(context.Background(), blob.Config{Driver: "local", Dir: env.blobDir})
	require.NoError(t, err)
	env.store, env.reports, env.blobURL = store, transcodetest.Record(t, env.js), transcodetest.ServeBlob(t, store)
	return env
}

func (env *crashEnv) environment() []string {
	return []string{
		// The service signs in to NATS as transcode, its key derived from the root secret.
		"VIDHOST_NATS_URL=" + env.natsURL, "VIDHOST_INTERNAL_SECRET=" + natstest.Secret, "VIDHOST_BLOB_DIR=" + env.blobDir,
		"VIDHOST_TRANSCODE_WORK_DIR=" + env.workDir, "VIDHOST_TRANSCODE_GRPC_ADDR=127.0.0.1:0",
		"VIDHOST_TRANSCODE_ACK_WAIT=" + crashAckWait.String(), "VIDHOST_TRANSCODE_HEARTBEAT=1s",
	}
}

// startSubprocess runs a worker in a child process and waits until it
// takes jobs.
func (env *crashEnv) startSubprocess(t *testing.T) *exec.Cmd {
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), append(env.environment(), workerProcessEnv+"=1")...)
	cmd.Stderr = os.Stderr
	stdout, err := cmd.StdoutPipe()
	require.NoError(t, err)
	require.NoError(t, cmd.Start())
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	line, err := bufio.NewReader(stdout).ReadString('\n')
	require.NoError(t, err, "the worker process exited before it was ready")
	require.Equal(t, "ready", strings.TrimSpace(line))
	return cmd
}

// startInProcess runs a worker with Run until the test ends and returns
// its gRPC address.
func (env *crashEnv) startInProcess(t *testing.T) string {
	for _, kv := range env.environment() {
		name, value, _ := strings.Cut(kv, "=")
		t.Setenv(name, value)
	}
	var cfg Config
	require.NoError(t, config.Load(&cfg))
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	return servicetest.Start(t, func(ctx context.Context, ready func(string)) error {
		return Run(ctx, cfg, logx.New(os.Stderr, "transcode", "error", "text"), Options{Listener: lis, Ready: ready})
	})
}

func (env *crashEnv) count(t *testing.T, stream, subject string) uint64 {
	s, err := env.js.Stream(context.Background(), stream)
	require.NoError(t, err)
	info, err := s.Info(context.Background(), jetstream.WithSubjectFilter(subject))
	require.NoError(t, err)
	return info.State.Subjects[subject]
}

// assertServing checks the gRPC health service, all the service serves.
func assertServing(t *testing.T, addr string) {
	conn, err := grpc.NewClient(addr, grpc.WithTransportCredentials(insecure.NewCredentials()))
	require.NoError(t, err)
	defer conn.Close()
	resp, err := healthpb.NewHealthClient(conn).Check(context.Background(), &healthpb.HealthCheckRequest{})
	require.NoError(t, err)
	assert.Equal(t, healthpb.HealthCheckResponse_SERVING, resp.GetStatus())
}
