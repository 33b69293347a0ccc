// Command transcode measures the transcode service against bare ffmpeg; it is
// run by bench/transcode/run.sh, which prints its figures:
//
//	(a) a whole job through the service over the bare ffmpeg ladder
//	    command the service ran, replayed with the same arguments (target
//	    <= 1.15). With -gateway the job goes through a running devstack
//	    (POST /v2/videos -> ready); without, through the service run in
//	    process (enqueue TranscodeJob -> transcode.completed);
//	(b) CPU seconds of that single-process ladder over those of one ffmpeg
//	    run per rung plus one for the MP4 (target <= 0.8);
//	(c) time to the first playable HLS segment over time to ready
//	    (target <= 0.25).
//
// With -chunks it costs a job encoded in chunks against one process instead
// (chunks.go; run.sh with VIA=chunks); with -ready it times one video
// through a devstack's workers (run.sh with VIA=workers).
//
// The binary doubles as an ffmpeg wrapper that logs its arguments (see
// wrapper.go), which is how the bench learns the exact commands; with
// -chunks, one that also costs each run (timed.go).
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"time"
)

// options are the bench's flags.
type options struct {
	source, work string
	pairs        int
	devstackEnv  string        // set: go through a running devstack's gateway
	commands     string        // the devstack's ffmpeg command log
	devstackPID  int           // the devstack process, for its CPU time
	chunks       time.Duration // set: the chunk bench (chunks.go)
	readyOnly    bool          // with devstackEnv: one video's ready time only (run.sh VIA=workers)
}

func main() {
	if os.Getenv(wrapLogEnv) != "" {
		wrapFFmpeg() // never returns
	}
	if os.Getenv(wrapTimesEnv) != "" {
		wrapTimedFFmpeg() // never returns
	}
	var o options
	flag.StringVar(&o.source, "source", "", "the 60 s 1080p30 source (made by run.sh)")
	flag.StringVar(&o.work, "work", filepath.Join(os.TempDir(), "vidhost-bench-transcode"), "scratch directory")
	flag.IntVar(&o.pairs, "pairs", 2, "jobs, each followed by its bare replay; the median ratio is reported")
	flag.StringVar(&o.devstackEnv, "gateway", "", "devstack.env of a running devstack whose ffmpeg is this binary")
	flag.StringVar(&o.commands, "commands", "", "with -gateway: the file the devstack's ffmpeg runs are logged to")
	flag.IntVar(&o.devstackPID, "devstack-pid", 0, "with -gateway: the devstack's pid, to count its CPU time")
	flag.DurationVar(&o.chunks, "chunks", 0, "cost a job in chunks of about this length against one process instead (chunks.go)")
	flag.BoolVar(&o.readyOnly, "ready", false, "with -gateway: print one video's seconds to ready, and nothing else")
	flag.Parse()
	if o.readyOnly {
		if err := readyBench(o); err != nil {
			fmt.Fprintln(os.Stderr, "bench/transcode:", err)
			os.Exit(1)
		}
		return
	}
	if o.chunks > 0 {
		if err := chunkedBench(o); err != nil {
			fmt.Fprintln(os.Stderr, "bench/transcode:", err)
			os.Exit(1)
		}
		return
	}
	if err := run(o); err != nil {
		fmt.Fprintln(os.Stderr, "bench/transcode:", err)
		os.Exit(1)
	}
}

// run alternates jobs and bare replays of their commands, so that other
// load on a shared machine weighs on both sides of each ratio alike, then
// encodes the ladder once per rung.
func run(o options) error {
	if o.source == "" || o.pairs < 1 {
		return fmt.Errorf("-source is required and -pairs must be at least 1")
	}
	if err := os.RemoveAll(o.work); err != nil {
		return err
	}
	var pairs []pair
	for i := range o.pairs {
		dir := filepath.Join(o.work, fmt.Sprint("pair-", i+1))
		job, err := runJob(o, dir)
		if err != nil {
			return err
		}
		bare, err := replay(job.commands, o.source, filepath.Join(dir, "replay"))
		if err != nil {
			return err
		}
		pairs = append(pairs, pair{job: job, bare: bare})
		printPair(i+1, pairs[i])
	}
	rungs, err := perRung(o.source, filepath.Join(o.work, "rungs"))
	if err != nil {
		return err
	}
	report(pairs, rungs)
	return nil
}

// runJob runs one job through the gateway or the in-process service.
func runJob(o options, dir string) (serviceRun, error) {
	if o.devstackEnv == "" {
		return runService(o.source, dir)
	}
	seen, err := readCommands(o.commands)
	if err != nil && !os.IsNotExist(err) {
		return serviceRun{}, err
	}
	before := procCPU(o.devstackPID)
	run, err := runGateway(o.devstackEnv, o.source)
	if err != nil {
		return run, err
	}
	run.cpu = procCPU(o.devstackPID) - before
	all, err := readCommands(o.commands)
	run.commands = all[len(seen):] // this job's runs only
	return run, err
}
