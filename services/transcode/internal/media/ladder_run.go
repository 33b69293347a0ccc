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
	runs := []encoderRun{{muxer: h264Muxer, args: ladderArgs(p), weight: 1}}
	if len(p.av1) > 0 {
		runs = append(runs, encoderRun{muxer: av1Muxer, args: av1LadderArgs(p), background: true, weight: av1ProgressWeight})
	}
	pub := newPublisher(p, job.OnFile)
	progress := newLadderProgress(report, runs)
	g, gctx := errgroup.WithContext(ctx)
	g.Go(func() error {
		if err := t.encodeRun(gctx, p, runs[0], pub, progress.of(0)); err != nil {
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
			return t.encodeRun(gctx, p, runs[i], pub, progress.of(i))
		})
	}
	return g.Wait()
}

// encodeRun runs one ffmpeg run of the ladder. Each progress block (every
// half second) reports the percentage and lets the publisher pick up the
// segments its DASH muxer has finished since the last block.
func (t *Transcoder) encodeRun(ctx context.Context, p plan, run encoderRun, pub *publisher, progress func(int)) error {
	var last progressUpdate
	onBlock := func(update progressUpdate) error {
		last = update
		progress(percentOf(update.OutTime, p.length))
		return pub.sync(run.muxer, false)
	}
	read := func(r io.Reader) error { return scanProgress(r, onBlock) }
	start := runTool
	if run.background {
		start = runBackgroundTool
	}
	if err := start(ctx, t.cfg.FFmpeg, run.args, read); err != nil {
		return err
	}
	if truncated(last.OutTime, p.length) {
		return rejectf("source is truncated or damaged: only %s of %s could be decoded", Timecode(last.OutTime), Timecode(p.length))
	}
	return pub.sync(run.muxer, true)
}

// ladderProgress combines the runs' percentages, each weighted by its
// share of the work, into the ladder's.
type ladderProgress struct {
	mu       sync.Mutex
	report   *reporter
	percents []int
	weights  []int
}

func newLadderProgress(report *reporter, runs []encoderRun) *ladderProgress {
	lp := &ladderProgress{report: report, percents: make([]int, len(runs))}
	for _, r := range runs {
		lp.weights = append(lp.weights, r.weight)
	}
	return lp
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
