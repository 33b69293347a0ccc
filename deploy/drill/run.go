package drill

import (
	"context"
	"fmt"
	"os/exec"
	"path/filepath"
	"sync"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	vidhost "github.com/vidhost/vidhost/sdk/go"
)

// targetTimeout bounds the wait for a fault's target (a worker with a job
// in progress).
const targetTimeout = 3 * time.Minute

// Run drives plan against c: load and uploads start, the faults are made
// one at a time, then it waits for every video, stops the load and
// collects the Report. An error is the drill failing to run, not a finding.
func Run(ctx context.Context, c *Cluster, plan Plan, logf func(string, ...any)) (*Report, error) {
	clip, err := makeClip(ctx, filepath.Join(c.dir, "clip.mp4"))
	if err != nil {
		return nil, err
	}
	events, err := watchEvents(ctx, c.observer)
	if err != nil {
		return nil, err
	}
	defer events.stop()
	r := &Report{start: time.Now(), log: newRequestLog(), plan: plan}
	g, err := newGateways(c.GatewayURLs, c.GatewayReady, r.log)
	if err != nil {
		return nil, err
	}
	defer g.close()
	client := apiClient(g, c.GatewayURLs[0], c.APIKey)
	hooks, err := startWebhookReceiver()
	if err != nil {
		return nil, err
	}
	defer hooks.close()
	if err := hooks.subscribe(ctx, client); err != nil {
		return nil, err
	}
	loadCtx, stopLoad := context.WithCancel(ctx)
	load := runLoad(loadCtx, client, plan.LoadWorkers)
	uploadCtx, cancelUploads := context.WithTimeout(ctx, plan.ReadyTimeout)
	defer cancelUploads()
	var uploads sync.WaitGroup
	for i, kind := range plan.Faults {
		r.upload(uploadCtx, &uploads, client, clip, batch(plan.Uploads, len(plan.Faults), i))
		r.faults = append(r.faults, makeFault(ctx, c, kind, plan, r.start, logf))
	}
	uploads.Wait()
	r.readyWait = waitReady(ctx, events, r.videoIDs(), plan.ReadyTimeout)
	stopLoad()
	load.Wait()
	hooks.waitDeliveries(r.videoIDs())
	r.finish(ctx, c, client, events)
	r.webhooks = hooks.counts()
	return r, nil
}

// batch is which uploads go before fault i: an even share each.
func batch(uploads, faults, i int) []int {
	var ns []int
	for n := range uploads {
		if n%faults == i {
			ns = append(ns, n)
		}
	}
	return ns
}

// makeFault kills kind's target, leaves it dead for the plan's downtime,
// starts it again and waits until it is ready.
func makeFault(ctx context.Context, c *Cluster, kind FaultKind, plan Plan, start time.Time, logf func(string, ...any)) faultResult {
	res := faultResult{kind: kind.Name}
	targetCtx, cancel := context.WithTimeout(ctx, targetTimeout)
	p, note, err := kind.target(targetCtx, c)
	cancel()
	if err != nil {
		res.err = err
		return res
	}
	res.target, res.notes = p.name, note
	res.killed = time.Now()
	if err := p.kill(); err != nil {
		res.err = err
		return res
	}
	res.dead = time.Now()
	logf("%s: killed %s at +%s (%s)", kind.Name, p.name, res.killed.Sub(start).Round(time.Millisecond), note)
	time.Sleep(plan.Downtime)
	res.restarted = time.Now()
	crashes, err := restart(ctx, p)
	if err != nil {
		res.err = err
		return res
	}
	for _, crash := range crashes {
		res.notes += fmt.Sprintf("; %v, started again", crash)
	}
	res.crashes = len(crashes)
	res.ready = time.Now()
	logf("%s: %s ready again %s after its restart", kind.Name, p.name, res.ready.Sub(res.restarted).Round(time.Millisecond))
	if kind.after != nil {
		note, err := kind.after(ctx, c, res.killed)
		if err != nil {
			res.err = err
			return res
		}
		res.notes += "; " + note
	}
	time.Sleep(plan.Settle)
	res.settled = time.Now()
	return res
}

// crashRestarts bounds how often restart starts a process that exits on
// its own while starting.
const crashRestarts = 3

// restart starts p again and waits until it is ready. A process that exits
// on its own meanwhile is started again, as Kubernetes restarts a crashed
// container, up to crashRestarts times; each such exit is returned, and
// shown in the table, rather than hidden.
func restart(ctx context.Context, p *process) ([]error, error) {
	var crashes []error
	for {
		if err := p.start(); err != nil {
			return crashes, err
		}
		err := within(ctx, startTimeout, p.waitReady)
		if err == nil {
			return crashes, nil
		}
		crash := p.failure()
		if crash == nil || len(crashes) == crashRestarts {
			return crashes, err
		}
		crashes = append(crashes, crash)
		p.clearFailure()
	}
}

// upload starts the uploads numbered ns in the background.
func (r *Report) upload(ctx context.Context, wg *sync.WaitGroup, client *vidhost.Client, clip []byte, ns []int) {
	for _, n := range ns {
		wg.Add(1)
		go func() {
			defer wg.Done()
			id, err := uploadVideo(ctx, client, clip, n)
			r.mu.Lock()
			defer r.mu.Unlock()
			if err != nil {
				r.uploadErrors = append(r.uploadErrors, err)
				return
			}
			r.videos = append(r.videos, id)
		}()
	}
}

// waitReady waits until every video has its video.ready event, and
// returns how long that took.
func waitReady(ctx context.Context, events *eventLog, videos []string, timeout time.Duration) time.Duration {
	began := time.Now()
	deadline := began.Add(timeout)
	for time.Now().Before(deadline) && ctx.Err() == nil {
		counts := events.counts()
		missing := 0
		for _, id := range videos {
			if counts.ready[id] == 0 {
				missing++
			}
		}
		if missing == 0 {
			break
		}
		time.Sleep(500 * time.Millisecond)
	}
	return time.Since(began)
}

// consumersDrainedTimeout bounds the wait, at the end, for every consumer
// to have handled and acked everything.
const consumersDrainedTimeout = 60 * time.Second

// finish collects the final state: each video's status, the events, the
// consumers that still hold messages, the processes that died alone.
func (r *Report) finish(ctx context.Context, c *Cluster, client *vidhost.Client, events *eventLog) {
	r.sent, r.failures = r.log.snapshot()
	r.status = map[string]string{}
	for _, id := range r.videoIDs() {
		v, err := client.Videos.Get(ctx, id)
		if err != nil {
			r.status[id] = "unreadable: " + err.Error()
			continue
		}
		r.status[id] = v.Status
	}
	deadline := time.Now().Add(consumersDrainedTimeout)
	for {
		r.stuck = stuckConsumers(ctx, c.observer)
		if len(r.stuck) == 0 || time.Now().After(deadline) {
			break
		}
		time.Sleep(time.Second)
	}
	r.events = events.counts()
	r.crashed = c.Crashed()
}

// stuckConsumers lists every durable consumer of every stream with
// messages not yet delivered or delivered and not acked: a job stuck or an
// event lost.
func stuckConsumers(ctx context.Context, js jetstream.JetStream) []string {
	var stuck []string
	streams := js.ListStreams(ctx)
	for info := range streams.Info() {
		stream, err := js.Stream(ctx, info.Config.Name)
		if err != nil {
			stuck = append(stuck, fmt.Sprintf("%s: %v", info.Config.Name, err))
			continue
		}
		consumers := stream.ListConsumers(ctx)
		for ci := range consumers.Info() {
			// An ephemeral consumer (an ordered one of a gateway's cache,
			// say) belongs to one process and outlives a killed one until
			// its inactivity threshold: only durable ones carry work.
			if ci.Config.Durable == "" {
				continue
			}
			if ci.NumPending > 0 || ci.NumAckPending > 0 {
				stuck = append(stuck, fmt.Sprintf("%s/%s: %d pending, %d unacked", info.Config.Name, ci.Name, ci.NumPending, ci.NumAckPending))
			}
		}
		if err := consumers.Err(); err != nil {
			stuck = append(stuck, fmt.Sprintf("%s consumers: %v", info.Config.Name, err))
		}
	}
	if err := streams.Err(); err != nil {
		stuck = append(stuck, "streams: "+err.Error())
	}
	return stuck
}

// makeClip writes a short test clip with ffmpeg (a 6 s 360p picture with
// sound: a few seconds of work for a transcode worker) and returns it.
func makeClip(ctx context.Context, path string) ([]byte, error) {
	cmd := exec.CommandContext(ctx, "ffmpeg", //nolint:gosec // G204: fixed arguments and the drill's own path "-nostdin", "-loglevel", "error", "-y",
		"-f", "lavfi", "-i", "testsrc2=size=640x360:rate=25",
		"-f", "lavfi", "-i", "sine=frequency=440",
		"-t", "6", "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac", path)
	if out, err := cmd.CombinedOutput(); err != nil {
		return nil, fmt.Errorf("make the test clip: %w: %s", err, out)
	}
	return readFile(path)
}
