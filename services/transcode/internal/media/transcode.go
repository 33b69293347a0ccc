package media

import (
	"context"
	"path/filepath"
	"sync"
	"time"

	"golang.org/x/sync/errgroup"
)

// Job is one source to transcode.
type Job struct {
	Source string // a local file (package fetch downloads URLs)
	OutDir string // owned by the job: its stream/, mp4/ and thumbs/ are emptied first (see layout.go)
	Clip   *Clip  // only this part of the source, or nil
	// Adaptive encodes the content-adaptive ladder: capped CRF at caps the
	// analysis of the source chooses, never above the fixed ladder's, and
	// without rungs that add nothing visible (see adaptive.go). False: the
	// fixed ladder at its average bitrates.
	Adaptive bool
	AV1      bool // also write the AV1 variant set (av1.go); set by the efficient profile
	// Chunked encodes an output longer than Config.Chunks.Threshold in
	// chunks, one ffmpeg run each, and stitches their segments into the
	// same outputs (chunk_run.go). Clips are never chunked: they are at
	// most two minutes long.
	Chunked bool

	// OnProgress gets whole percentages, never lower than the last, at most
	// every 5 points or 2 seconds; 100 only once every file is written.
	OnProgress func(percent int)
	// OnFile announces each file as soon as it can be uploaded: segments as
	// the ladder encodes, playlists each time they change (see FileKind).
	// Calls come one at a time (the thumbnail's from a goroutine of its
	// own, the rest from the ladder's), so queue slow work: a call that
	// blocks holds up the other.
	OnFile func(File)
	// OnPlanned, if set, learns the length of the outputs (the clip, or the
	// whole source) once the source passed the limits, before any encoding:
	// the runner sizes the job's timeout to it.
	OnPlanned func(length time.Duration)
}

// Result describes a finished job. Paths are relative to Job.OutDir.
type Result struct {
	Source     Info
	Duration   time.Duration // of the outputs: the clip, or the whole source
	Renditions []Rendition   // highest first
	Spherical  *Spherical    // 360° metadata kept in the outputs, or nil
	MP4        string        // e.g. "mp4/720p.mp4"
	Analysis   *Analysis     // what decided an adaptive ladder, or nil
	// The other outputs are always at MasterPlaylist, DASHManifest,
	// ThumbnailFile, SpriteFile and SpriteIndexFile.
}

// Transcode checks the source, then writes the thumbnail and, beside it,
// the ladder (with its MP4) and the sprite. A source that breaks the limits or cannot be
// read gives a *SourceError; a failed tool run an *ExecError.
func (t *Transcoder) Transcode(ctx context.Context, job Job) (Result, error) {
	info, err := t.Inspect(ctx, job.Source)
	if err != nil {
		return Result{}, err
	}
	p, err := newPlan(info, job, t.cfg.Ladder)
	if err != nil {
		return Result{}, err
	}
	if job.OnPlanned != nil {
		job.OnPlanned(p.length)
	}
	if err := prepareOutDir(job.OutDir); err != nil {
		return Result{}, err
	}
	report := newReporter(job.OnProgress, t.now)
	job.OnFile = serialized(job.OnFile) // the thumbnail announces from a goroutine of its own
	g, gctx := errgroup.WithContext(ctx)
	thumb := p // the thumbnail's own copy: adapt replaces p's renditions
	g.Go(func() error { return t.thumbnail(gctx, thumb, job) })
	var analysis *Analysis
	g.Go(func() (err error) {
		analysis, err = t.encode(gctx, &p, job, report)
		return err
	})
	if err := g.Wait(); err != nil {
		return Result{}, err
	}
	report.done()
	download := p.renditions[p.download]
	return Result{
		Source: info, Duration: p.length, Renditions: p.renditions,
		Spherical: p.video.Spherical, MP4: mp4Path(download.Name), Analysis: analysis,
	}, nil
}

// encode decides the ladder (the adaptive analysis), encodes it and cuts
// the sprite from its MP4 (ladder). The thumbnail runs beside it, not before: it
// seeks a quarter into the source, and an exact seek decodes from the
// keyframe before, up to several seconds of pictures, which the first
// playable segment need not wait for (nor the analysis, which issue 34
// allows about a second).
func (t *Transcoder) encode(ctx context.Context, p *plan, job Job, report *reporter) (*Analysis, error) {
	analysis, err := t.adapt(ctx, p, job)
	if err != nil {
		return nil, err
	}
	if analysis != nil {
		report.analysed()
	}
	if chunks := t.chunks(*p, job); len(chunks) > 1 {
		return analysis, t.chunkedLadder(ctx, *p, chunks, job, report)
	}
	return analysis, t.ladder(ctx, *p, job, report)
}

// chunks plans the chunks of a Job.Chunked output, after the ladder
// decision: every chunk encodes the renditions decided for the whole.
func (t *Transcoder) chunks(p plan, job Job) []Chunk {
	if !job.Chunked || p.clip != nil {
		return nil
	}
	return planChunks(p.length, p.outputRate(), t.cfg.Chunks)
}

// serialized makes onFile safe to call from several goroutines, one call
// at a time, as the callers of Job.OnFile expect.
func serialized(onFile func(File)) func(File) {
	if onFile == nil {
		return nil
	}
	var mu sync.Mutex
	return func(f File) {
		mu.Lock()
		defer mu.Unlock()
		onFile(f)
	}
}

// thumbnail writes the poster; it is done within seconds, about when the
// first segments play.
func (t *Transcoder) thumbnail(ctx context.Context, p plan, job Job) error {
	if err := runTool(ctx, t.cfg.FFmpeg, thumbnailArgs(p), discardStdout); err != nil {
		return err
	}
	announce(job, ThumbnailFile, KindThumbnail)
	return nil
}

// sprite comes last because it is cut from the ladder's MP4.
func (t *Transcoder) sprite(ctx context.Context, p plan, job Job) error {
	sheet := t.cfg.Sprite.layout(p.length)
	mp4 := filepath.Join(p.outDir, mp4Path(p.renditions[p.download].Name))
	args := spriteArgs(mp4, filepath.Join(p.outDir, SpriteFile), sheet)
	if err := runTool(ctx, t.cfg.FFmpeg, args, discardStdout); err != nil {
		return err
	}
	if err := writeFileAtomic(filepath.Join(p.outDir, SpriteIndexFile), spriteVTT(sheet, p.length)); err != nil {
		return err
	}
	announce(job, SpriteFile, KindSprite)
	announce(job, SpriteIndexFile, KindSpriteIndex)
	return nil
}

func announce(job Job, rel string, kind FileKind) {
	if job.OnFile != nil {
		job.OnFile(File{Path: rel, Kind: kind})
	}
}
