package media

import (
	"context"
	"io"
	"sync"
	"time"

	"golang.org/x/sync/errgroup"
)

// encoderRun is one ffmpeg run of the ladder: the H.264 one or the AV1
// set's (av1.go).
type encoderRun struct {
	muxer      muxerLayout
	args       []string
	background bool // at a lower CPU priority: see av1.go
	weight     int  // its share of the job's progress
}

// ladder encodes the renditions: the H.264 ladder's ffmpeg run and, with
// Job.AV1, the AV1 set's beside it in the background, from the moment the
// H.264 ladder is playable (SVT-AV1's start-up, even at a lower priority,
// would otherwise delay the first segments by a second or two). The
// sprite is cut from the H.264 run's MP4 as soon as that run is done,
// while the AV1 one may still encode.
func (t *Transcoder) ladder(ctx context.Context, p plan, job Job, report *reporter) error {
	runs := encoderRuns(p)
	pub := newPublisher(p, job.OnFile)
	progress := newLadderProgress(report, runWeights(runs, 1))
	g, gctx := errgroup.WithContext(ctx)
	g.Go(func() error {
		if err := t.encodeRun(gctx, p, runs[0], pub.syncer(runs[0].muxer), progress.of(0)); err != nil {
			return err
		}
		announce(job, mp4Path(p.renditions[p.download].Name), KindDownload)
		return t.sprite(gctx, p, job)
	})
	for i := 1; i < len(runs); i++ {
		g.Go(func() error {
			select {
			case <-pub.playable:
			case <-gctx.Done():
				return gctx.Err() // the H.264 run failed: its error is the job's
			}
			return t.encodeRun(gctx, p, runs[i], pub.syncer(runs[i].muxer), progress.of(i))
		})
	}
	return g.Wait()
}

// encoderRuns are the ffmpeg runs of a plan's renditions: the H.264
// ladder's and, with AV1, the AV1 set's.
func encoderRuns(p plan) []encoderRun {
	runs := []encoderRun{{muxer: h264Muxer, args: ladderArgs(p), weight: 1}}
	if len(p.av1) > 0 {
		runs = append(runs, encoderRun{muxer: av1Muxer, args: av1LadderArgs(p), background: true, weight: av1ProgressWeight})
	}
	return runs
}

// encodeRun runs one ffmpeg run of the ladder. Each progress block (every
// half second) reports the percentage and calls sync, which lets the
// publisher pick up the segments its DASH muxer has finished since the
// last block (a chunk's run has nothing to publish before it is done).
func (t *Transcoder) encodeRun(ctx context.Context, p plan, run encoderRun, sync func(final bool) error, progress func(int)) error {
	var last progressUpdate
	onBlock := func(update progressUpdate) error {
		last = update
		progress(percentOf(p.reached(update), p.runLength()))
		return sync(false)
	}
	read := func(r io.Reader) error { return scanProgress(r, onBlock) }
	start := runTool
	if run.background {
		start = runBackgroundTool
	}
	if err := start(ctx, t.cfg.FFmpeg, run.args, read); err != nil {
		return err
	}
	if reached := p.reached(last); truncated(reached, p.runLength()) {
		return rejectf("source is truncated or damaged: only %s of %s could be decoded", Timecode(p.runStart()+reached), Timecode(p.length))
	}
	return sync(true)
}

// ladderProgress combines the runs' percentages, each weighted by its
// share of the work, into the ladder's.
type ladderProgress struct {
	mu       sync.Mutex
	report   *reporter
	percents []int
	weights  []int
}

func newLadderProgress(report *reporter, weights []int) *ladderProgress {
	return &ladderProgress{report: report, percents: make([]int, len(weights)), weights: weights}
}

// runWeights are the runs' weights, each times scale (a chunk's length).
func runWeights(runs []encoderRun, scale int) []int {
	weights := make([]int, 0, len(runs))
	for _, r := range runs {
		weights = append(weights, r.weight*scale)
	}
	return weights
}

// of is the progress callback of run i.
func (lp *ladderProgress) of(i int) func(int) {
	return func(percent int) {
		lp.mu.Lock()
		defer lp.mu.Unlock()
		lp.percents[i] = percent
		sum, total := 0, 0
		for j, w := range lp.weights {
			sum, total = sum+lp.percents[j]*w, total+w
		}
		lp.report.ladder(sum / total)
	}
}

// truncated says the output fell well short of the duration the container
// promised: ffmpeg stops quietly at the end of a cut-off file.
func truncated(written, expected time.Duration) bool {
	return written < expected*9/10 && expected-written > time.Second
}
