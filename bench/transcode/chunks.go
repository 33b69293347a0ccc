package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/vidhost/vidhost/services/transcode/benchseam"
)

// chunkedBench costs a job encoded in chunks (issue 33) against the same
// job in one process. The media core runs the source both ways in this
// process, with the standard profile's adaptive ladder and this binary as
// its ffmpeg in timed mode (timed.go), so every run of each job is costed
// as it ran. It prints, beside each figure, the target:
//
//	the chunk runs' CPU and the audio runs' over the one-process ladder's;
//	the whole job's CPU, chunked over one process;
//	the stitch: from the last chunk run's end to ready (manifests, the MP4
//	    remux, the sprite), as a share of ready;
//	ready predicted for 1, 3 and 10 workers, over one process's ready: what
//	    precedes the first chunk (probe, analysis), then the audio runs
//	    (one per bitrate, each a unit of its own) and the chunk runs handed
//	    in order to the first free worker (a work queue), then the stitch.
//
// A worker in the prediction is this machine under its present load: each
// run takes its CPU time at the pace (wall seconds per CPU-second) the
// one-process job had, and an audio run, single-threaded, at least its CPU
// time. Wall times of the runs themselves would mix in whatever else ran
// beside them (the audio runs share the machine with the first chunks here).
func chunkedBench(o options) error {
	if o.source == "" {
		return fmt.Errorf("-source is required")
	}
	if err := os.RemoveAll(o.work); err != nil {
		return err
	}
	one, err := costJob(o, false)
	if err != nil {
		return err
	}
	chunked, err := costJob(o, true)
	if err != nil {
		return err
	}
	printChunked(one, chunked)
	return nil
}

// costedJob is one job: when it started, how long it took, its runs.
type costedJob struct {
	start time.Time
	ready time.Duration
	runs  []timedRun
}

func costJob(o options, chunked bool) (costedJob, error) {
	self, err := os.Executable()
	if err != nil {
		return costedJob{}, err
	}
	dir := filepath.Join(o.work, map[bool]string{false: "one-process", true: "chunked"}[chunked])
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return costedJob{}, err
	}
	log := filepath.Join(dir, "runs.jsonl")
	if err := os.Setenv(wrapTimesEnv, log); err != nil { // the transcoder's ffmpeg runs inherit it
		return costedJob{}, err
	}
	defer os.Unsetenv(wrapTimesEnv) //nolint:errcheck // the next job sets its own
	transcoder := benchseam.NewChunkTranscoder(self, o.chunks)
	job := benchseam.MediaJob{Source: o.source, OutDir: filepath.Join(dir, "out"), Adaptive: true, Chunked: chunked}
	start := time.Now()
	if _, err := transcoder.Transcode(context.Background(), job); err != nil {
		return costedJob{}, err
	}
	ready := time.Since(start)
	runs, err := readTimedRuns(log)
	return costedJob{start: start, ready: ready, runs: runs}, err
}

// The runs of a job, told apart by their arguments.
func isChunkRun(r timedRun) bool { return slices.Contains(r.Args, "-copyts") }

func isLadderRun(r timedRun) bool {
	return !isChunkRun(r) && slices.Contains(r.Args, "tee") && slices.Contains(r.Args, "-filter_complex")
}

func isAudioRun(r timedRun) bool {
	return !slices.Contains(r.Args, "-filter_complex") && slices.ContainsFunc(r.Args, func(arg string) bool {
		return strings.Contains(arg, "adaptation_sets=id=0,streams=a:") // an audio run's DASH output: one bitrate's
	})
}

// total is the cost of the runs that match.
func total(runs []timedRun, match func(timedRun) bool) usage {
	var sum usage
	for _, r := range runs {
		if match(r) {
			sum = sum.plus(usage{wall: r.Wall, cpu: r.CPU})
		}
	}
	return sum
}

func anyRun(timedRun) bool { return true }

func printChunked(one, chunked costedJob) {
	ladder, chunks, audio := total(one.runs, isLadderRun), total(chunked.runs, isChunkRun), total(chunked.runs, isAudioRun)
	oneCPU, chunkedCPU := total(one.runs, anyRun).cpu, total(chunked.runs, anyRun).cpu
	// Seconds of wall time per CPU-second this machine gave the one-process
	// job: the load of a shared machine then weighs on both sides alike.
	pace := ratio(one.ready, oneCPU)
	u := unitsOf(chunked, pace)
	head, stitch := u.firstChunk.Sub(chunked.start), chunked.start.Add(chunked.ready).Sub(u.lastChunk)
	fmt.Printf("one process: ready %.1f s; ladder run %.1f s wall, %.1f CPU-s; job %.1f CPU-s (%.2f s a CPU-s)\n",
		one.ready.Seconds(), ladder.wall.Seconds(), ladder.cpu.Seconds(), oneCPU.Seconds(), pace)
	fmt.Printf("chunked: ready %.1f s; %d chunk runs %.1f CPU-s (longest %.1f); %d audio runs %.1f CPU-s (longest %.1f); job %.1f CPU-s\n",
		chunked.ready.Seconds(), u.chunks, chunks.cpu.Seconds(), u.longestChunk.Seconds()/pace,
		u.audio, audio.cpu.Seconds(), u.longestAudio.Seconds()/max(pace, 1), chunkedCPU.Seconds())
	fmt.Printf("chunk + audio runs / one-process ladder, CPU = %.2f  (target <= 1.1)\n", ratio(chunks.cpu+audio.cpu, ladder.cpu))
	fmt.Printf("job chunked / one process, CPU             = %.2f  (target <= 1.1)\n", ratio(chunkedCPU, oneCPU))
	fmt.Printf("stitch, last chunk to ready                = %.1f s, %.1f %% of ready  (target <= 5 %%)\n",
		stitch.Seconds(), 100*ratio(stitch, chunked.ready))
	for _, workers := range []int{1, 3, 10} {
		predicted := head + makespan(u.units, workers) + stitch
		fmt.Printf("predicted ready, %2d workers                = %.1f s, %.2f x one process%s\n",
			workers, predicted.Seconds(), ratio(predicted, one.ready), map[bool]string{true: "  (target <= 0.15)"}[workers == 10])
	}
	fmt.Printf("critical path: before %.1f s + longest unit %.1f s (longest audio run %.1f s) + stitch %.1f s\n",
		head.Seconds(), max(u.longestChunk, u.longestAudio).Seconds(), u.longestAudio.Seconds(), stitch.Seconds())
}

// predictedUnits are a chunked job's runs as the units of a distributed
// job, each at the pace of a worker of this machine, in the order the
// plan releases them: the audio runs, then the chunks.
type predictedUnits struct {
	units                      []time.Duration
	audio, chunks              int
	longestAudio, longestChunk time.Duration
	firstChunk, lastChunk      time.Time // when the first chunk run started, the last ended
}

func unitsOf(chunked costedJob, pace float64) predictedUnits {
	u := predictedUnits{firstChunk: chunked.start.Add(chunked.ready), lastChunk: chunked.start}
	for _, r := range chunked.runs {
		if isAudioRun(r) {
			unit := scale(r.CPU, max(pace, 1)) // AAC is single-threaded: never faster than its CPU time
			u.units = append(u.units, unit)
			u.audio++
			u.longestAudio = max(u.longestAudio, unit)
		}
	}
	for _, r := range chunked.runs {
		if isChunkRun(r) {
			unit := scale(r.CPU, pace)
			u.units = append(u.units, unit)
			u.chunks++
			u.longestChunk = max(u.longestChunk, unit)
			u.firstChunk, u.lastChunk = minTime(u.firstChunk, r.Start), maxTime(u.lastChunk, r.end())
		}
	}
	return u
}

func scale(d time.Duration, factor float64) time.Duration {
	return time.Duration(float64(d) * factor)
}

// makespan is when the last of units ends, each handed in order to the
// first free of n workers.
func makespan(units []time.Duration, n int) time.Duration {
	free := make([]time.Duration, n)
	for _, unit := range units {
		i := slices.Index(free, slices.Min(free))
		free[i] += unit
	}
	return slices.Max(free)
}

func minTime(a, b time.Time) time.Time {
	if b.Before(a) {
		return b
	}
	return a
}

func maxTime(a, b time.Time) time.Time {
	if b.After(a) {
		return b
	}
	return a
}
