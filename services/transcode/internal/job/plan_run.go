package job

import (
	"context"
	"fmt"
	"path/filepath"
	"time"

	"github.com/vidhost/vidhost/pkg/blob"
	"github.com/vidhost/vidhost/services/transcode/internal/media"
	"github.com/vidhost/vidhost/services/transcode/internal/outputs"
)

// Distribute hands a planned chunked job to other workers: it opens the
// plan's record and publishes its first units (the bus is the caller's),
// after ShareSource for a URL source, whose fetched copy is the file
// source. It is called at most once per attempt, after the poster is
// stored.
type Distribute func(ctx context.Context, j Job, planned media.Planned, source string) error

// RunOrDistribute is Run for a worker that spreads chunked jobs over
// workers (docs/transcoding.md, "Distribution"): it fetches and plans the
// job, and an output the plan splits into chunks is handed to distribute
// instead of being encoded here (handed is true, the Completion zero: the
// stitch reports the video). An output the plan keeps in one chunk runs as
// Run runs it, on the source already fetched; so do clips and live clips,
// which are not planned at all. A URL source is fetched once, here, and
// its units read the plan's copy of it (ShareSource).
func (r *Runner) RunOrDistribute(ctx context.Context, j Job, report Reporter, distribute Distribute) (c Completion, handed bool, err error) {
	if j.Live != nil || j.Clip != nil {
		c, err = r.Run(ctx, j, report)
		return c, false, err
	}
	if err := j.Validate(); err != nil {
		return Completion{}, false, err
	}
	ctx, limit, cancel := r.withTimeout(ctx)
	defer cancel()
	var plan planStep = func(ctx context.Context, source, outDir string) (bool, error) {
		return r.plan(ctx, j, source, outDir, limit.planned, distribute)
	}
	c, handed, err = r.attemptPlanned(ctx, j, report, limit.planned, plan)
	return c, handed, limit.timedOut(ctx, err)
}

// planStep plans an attempt's job on its fetched source; true when the
// job was handed on and nothing is left to encode here.
type planStep func(ctx context.Context, source, outDir string) (bool, error)

// plan plans the job on its fetched source and, if the plan has chunks,
// stores the poster and hands the plan to distribute.
func (r *Runner) plan(ctx context.Context, j Job, source, outDir string, planned func(time.Duration), distribute Distribute) (bool, error) {
	p, err := r.Transcoder.Plan(ctx, media.Job{
		Source: source, OutDir: outDir, Adaptive: j.Transcoder.Adaptive(), AV1: j.Transcoder.AV1(), OnPlanned: planned,
	})
	if err != nil || len(p.Chunks) < 2 {
		return false, err
	}
	if err := r.Transcoder.ThumbnailOf(ctx, p.Record, source, outDir); err != nil {
		return false, err
	}
	uploads := outputs.Start(ctx, r.Store, j.MediaFolder(), outDir, outputs.Hooks{})
	uploads.Add(media.File{Path: media.ThumbnailFile, Kind: media.KindThumbnail})
	if err := uploads.Finish(); err != nil {
		return false, err
	}
	return true, distribute(ctx, j, p, source)
}

// PlanFolder is the blob prefix of the private files of the job's plan
// planID (blob.PlanPrefix): its chunks' records, never public. It panics
// on ids a validated unit cannot have, as MediaFolder does.
func (j Job) PlanFolder(planID string) string {
	folder, err := blob.PlanPrefix(j.AccountID, j.VideoID, planID)
	if err != nil {
		panic("job: plan folder of an unvalidated unit: " + err.Error())
	}
	return folder
}

// storeRecords uploads the records a unit's run left under out's chunks/
// (its muxers' manifests, collect.go) to the plan's private folder, for
// the stitch.
func (r *Runner) storeRecords(ctx context.Context, u Unit, out string) error {
	records, err := filepath.Glob(filepath.Join(out, media.ChunksDir, "*", media.StreamDir, "*.mpd"))
	if err != nil {
		return err
	}
	uploads := outputs.Start(ctx, r.Store, u.Job.PlanFolder(u.PlanID), out, outputs.Hooks{})
	for _, record := range records {
		rel, err := filepath.Rel(out, record)
		if err != nil {
			return err
		}
		uploads.Add(media.File{Path: filepath.ToSlash(rel), Kind: media.KindSegment})
	}
	if err := uploads.Finish(); err != nil {
		return fmt.Errorf("store unit records: %w", err)
	}
	return nil
}
