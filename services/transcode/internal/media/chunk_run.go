package media

import (
	"context"
	"os"
	"path/filepath"
	"time"

	"golang.org/x/sync/errgroup"
)

// chunkedLadder encodes the ladder of a long output in chunks, in this
// process: the audio once for the whole output, one run per bitrate, one
// after another beside the chunks (encodeAudioRuns); each
// chunk's runs (its H.264 renditions and, with AV1, its AV1 ones), at most
// Config.Chunks.Parallel chunks at a time; the stitcher publishes the
// segments of the chunks done from the first on, as if one run had
// written them. Then the MP4 is remuxed from the segments and the sprite
// cut from it. Every step reads and writes files under p.outDir only, and
// a chunk's run needs nothing of the others': the distribution step moves
// the chunk runs onto other workers and keeps the rest.
func (t *Transcoder) chunkedLadder(ctx context.Context, p plan, chunks []Chunk, job Job, report *reporter) error {
	stitch := newStitcher(p, len(chunks), newPublisher(p, job.OnFile))
	g, gctx := errgroup.WithContext(ctx)
	if p.audio != nil {
		g.Go(func() error {
			if err := t.encodeAudioRuns(gctx, p); err != nil {
				return err
			}
			return stitch.audioDone()
		})
	}
	g.Go(func() error { return t.encodeChunks(gctx, p, chunks, stitch, report) })
	if err := g.Wait(); err != nil {
		return err
	}
	if err := t.remuxDownload(ctx, p); err != nil {
		return err
	}
	announce(job, mp4Path(p.renditions[p.download].Name), KindDownload)
	return t.sprite(ctx, p, job)
}

// encodeChunks runs every chunk, a few at a time. Progress is the share of
// the chunks' work done, each chunk weighing its length: it only grows,
// whatever order the chunks finish in.
func (t *Transcoder) encodeChunks(ctx context.Context, p plan, chunks []Chunk, stitch *stitcher, report *reporter) error {
	runs := encoderRuns(p)
	var weights []int
	for _, c := range chunks {
		weights = append(weights, runWeights(runs, int(max(time.Second, c.Length())/time.Second))...)
	}
	progress := newLadderProgress(report, weights)
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(max(1, t.cfg.Chunks.Parallel))
	for _, c := range chunks {
		g.Go(func() error {
			if err := t.encodeChunk(gctx, p, c, func(run int) func(int) { return progress.of(c.Index*len(runs) + run) }); err != nil {
				return err
			}
			return stitch.chunkDone(c.Index)
		})
	}
	return g.Wait()
}

// encodeChunk runs chunk c (chunk_plan.go): its H.264 renditions and, with
// AV1, its AV1 ones beside them at a lower priority, as the one-process
// ladder runs them, each with the same arguments narrowed to the chunk
// (plan.forChunk); then moves their segments into stream/ (collect).
func (t *Transcoder) encodeChunk(ctx context.Context, p plan, c Chunk, progress func(run int) func(int)) error {
	cp := p.forChunk(c, filepath.Join(p.outDir, chunkDir(c.Index)))
	if err := prepareRunDir(cp.outDir); err != nil {
		return err
	}
	g, gctx := errgroup.WithContext(ctx)
	for i, run := range encoderRuns(cp) {
		g.Go(func() error {
			if err := t.encodeRun(gctx, cp, run, nothingToSync, progress(i)); err != nil {
				return err
			}
			return collect(p.outDir, chunkOutput(cp, run.muxer))
		})
	}
	return g.Wait()
}

// nothingToSync: a chunk's segments are published once collected.
func nothingToSync(bool) error { return nil }

// prepareRunDir empties and creates the output directory of one run of a
// chunked job: a retried chunk starts clean.
func prepareRunDir(dir string) error {
	if err := os.RemoveAll(dir); err != nil {
		return err
	}
	return os.MkdirAll(filepath.Join(dir, StreamDir), 0o750)
}
