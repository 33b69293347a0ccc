package drill

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/vidhost/vidhost/pkg/natsx"
)

// FaultKind is a part of the cluster the drill kills, and how it picks
// which replica.
type FaultKind struct {
	Name string
	// target picks the process to kill and says why it was chosen.
	target func(ctx context.Context, c *Cluster) (*process, string, error)
	// after, when set, checks the fault's effect once the part is back,
	// adding to the notes; an error is a finding.
	after func(ctx context.Context, c *Cluster, killed time.Time) (string, error)
}

// The faults of issue 20, in the order the full drill runs them.
var (
	// NATSNode kills the server leading the JOBS stream, so the stream
	// and the transcode consumer must elect a new leader.
	NATSNode = FaultKind{Name: "NATS node", target: jobsLeader}
	// WorkerMidJob kills a transcode worker while its ffmpeg encodes a
	// chunk of a distributed job.
	WorkerMidJob = FaultKind{Name: "transcode worker mid-chunk", target: chunkWorker, after: jobRedelivered}
	// Gateway kills the second gateway with requests in flight.
	Gateway = FaultKind{Name: "gateway", target: replica("gateway", 1, "requests in flight on it fail")}
	// CatalogReplica kills the first catalog replica; the gateways' gRPC
	// connections to it break and reconnect through the balancer.
	CatalogReplica = FaultKind{Name: "catalog replica", target: replica("catalog", 0, "")}

	AllFaults = []FaultKind{NATSNode, WorkerMidJob, Gateway, CatalogReplica}
)

func replica(service string, i int, note string) func(context.Context, *Cluster) (*process, string, error) {
	return func(_ context.Context, c *Cluster) (*process, string, error) {
		replicas := c.Services[service]
		if i >= len(replicas) {
			return nil, "", fmt.Errorf("no %s-%d", service, i)
		}
		return replicas[i], note, nil
	}
}

// jobsLeader is the NATS server leading the JOBS stream's replicas.
func jobsLeader(ctx context.Context, c *Cluster) (*process, string, error) {
	info, err := c.observer.Stream(ctx, natsx.StreamNameJobs)
	if err != nil {
		return nil, "", err
	}
	si, err := info.Info(ctx)
	if err != nil {
		return nil, "", err
	}
	if si.Cluster == nil {
		return nil, "", fmt.Errorf("JOBS has no cluster information")
	}
	for _, p := range c.NATS {
		if p.name == si.Cluster.Leader {
			return p, "JOBS stream leader", nil
		}
	}
	return nil, "", fmt.Errorf("JOBS leader %q is none of the drill's servers", si.Cluster.Leader)
}

// chunkWorker waits for a transcode worker with a chunk's ffmpeg running
// in its process group: a unit of a distributed job in progress.
func chunkWorker(ctx context.Context, c *Cluster) (*process, string, error) {
	for {
		for _, w := range c.Services["transcode"] {
			if n := ffmpegChildren(w.pid(), chunkArg); n > 0 {
				return w, strconv.Itoa(n) + " chunk ffmpeg running", nil
			}
		}
		select {
		case <-ctx.Done():
			return nil, "", fmt.Errorf("no transcode worker encoded a chunk: %w", ctx.Err())
		case <-time.After(20 * time.Millisecond):
		}
	}
}

// chunkArg is the ffmpeg argument of a chunk's run alone
// (services/transcode/internal/media, inputArgs): it keeps the source's
// clock.
const chunkArg = "-copyts"

// ffmpegChildren counts ffmpeg processes in process group pgid with arg
// among their arguments.
func ffmpegChildren(pgid int, arg string) int {
	if pgid == 0 {
		return 0
	}
	entries, _ := filepath.Glob("/proc/[0-9]*/stat")
	n := 0
	for _, path := range entries {
		if ffmpegIn(path, pgid) && hasArg(filepath.Join(filepath.Dir(path), "cmdline"), arg) {
			n++
		}
	}
	return n
}

// ffmpegIn says whether the process whose /proc stat file is path is an
// ffmpeg in process group pgid.
func ffmpegIn(path string, pgid int) bool {
	raw, err := os.ReadFile(path) //nolint:gosec // G304: /proc
	if err != nil {
		return false
	}
	// pid (comm) state ppid pgrp ...: comm may hold spaces, so split after ")".
	s := string(raw)
	open, end := strings.IndexByte(s, '('), strings.LastIndexByte(s, ')')
	if open < 0 || end < 0 {
		return false
	}
	fields := strings.Fields(s[end+1:])
	if len(fields) < 3 || s[open+1:end] != "ffmpeg" {
		return false
	}
	pgrp, _ := strconv.Atoi(fields[2])
	return pgrp == pgid
}

// hasArg says whether the NUL-separated command line in path holds arg.
func hasArg(path, arg string) bool {
	raw, err := os.ReadFile(path) //nolint:gosec // G304: /proc
	return err == nil && slices.Contains(strings.Split(string(raw), "\x00"), arg)
}

// transcodeConsumer is the durable consumer the transcode workers share
// (services/transcode/internal/worker.ConsumerName).
const transcodeConsumer = "transcode"

// redeliveryTimeout bounds the wait for the killed worker's job to go to
// another worker: the drill's ack wait (10 s) and some.
const redeliveryTimeout = time.Minute

// jobRedelivered waits until the transcode consumer redelivers a job, the
// one the killed worker held: proof the job was taken over, not dropped.
func jobRedelivered(ctx context.Context, c *Cluster, killed time.Time) (string, error) {
	deadline := time.Now().Add(redeliveryTimeout)
	for time.Now().Before(deadline) {
		consumer, err := c.observer.Consumer(ctx, natsx.StreamNameJobs, transcodeConsumer)
		if err == nil {
			info, err := consumer.Info(ctx)
			if err == nil && info.NumRedelivered > 0 {
				return fmt.Sprintf("its job redelivered %s after the kill", time.Since(killed).Round(100*time.Millisecond)), nil
			}
		}
		time.Sleep(100 * time.Millisecond)
	}
	return "", fmt.Errorf("the killed worker's job was not redelivered within %s", redeliveryTimeout)
}
