package media

import (
	"context"
	"path/filepath"
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

	// OnProgress gets whole percentages, never lower than the last, at most
	// every 5 points or 2 seconds; 100 only once every file is written.
	OnProgress func(percent int)
	// OnFile announces each file as soon as it can be uploaded: segments as
	// the ladder encodes, playlists each time they change (see FileKind).
	// Both callbacks run on the transcoding goroutine: queue slow work.
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

// Transcode checks the source, then writes the thumbnail, the ladder (with
// its MP4) and the sprite. A source that breaks the limits or cannot be
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
	analysis, err := t.prepare(ctx, &p, job)
	if err != nil {
		return Result{}, err
	}
	if analysis != nil {
		report.analysed()
	}
	if err := t.ladder(ctx, p, job, report); err != nil {
		return Result{}, err
	}
	if err := t.sprite(ctx, p, job); err != nil {
		return Result{}, err
	}
	report.done()
	download := p.renditions[p.download]
	return Result{
		Source: info, Duration: p.length, Renditions: p.renditions,
		Spherical: p.video.Spherical, MP4: mp4Path(download.Name), Analysis: analysis,
	}, nil
}

// prepare writes the thumbnail while the adaptive analysis decides the
// ladder: both are short ffmpeg runs that read the source at a few points,
// and on two cores or more the analysis hides behind the thumbnail instead
// of adding its time to the first playable segment's (issue 34 allows it
// about a second). The thumbnail gets its own copy of the plan: adapt
// replaces p's renditions, which the thumbnail does not use.
func (t *Transcoder) prepare(ctx context.Context, p *plan, job Job) (*Analysis, error) {
	g, ctx := errgroup.WithContext(ctx)
	thumb := *p
	g.Go(func() error { return t.thumbnail(ctx, thumb, job) })
	var analysis *Analysis
	g.Go(func() (err error) {
		analysis, err = t.adapt(ctx, p, job)
		return err
	})
	if err := g.Wait(); err != nil {
		return nil, err
	}
	return analysis, nil
}

// thumbnail comes before the ladder: it is quick, and a poster is useful as
// soon as the first segments play.
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
