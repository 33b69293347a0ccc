package job

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"path/filepath"
	"time"

	"github.com/vidhost/vidhost/pkg/blob"
	"github.com/vidhost/vidhost/services/transcode/internal/fetch"
	"github.com/vidhost/vidhost/services/transcode/internal/media"
	"github.com/vidhost/vidhost/services/transcode/internal/outputs"
	"github.com/vidhost/vidhost/services/transcode/internal/sourcehttp"
)

// Reporter hears how an attempt is going. Both methods are called from the
// attempt's goroutines and must return quickly.
type Reporter interface {
	// Progress gets whole percentages, never lower than the last.
	Progress(percent int)
	// Playable announces outputs a viewer can already play (early HLS).
	Playable(outputs []Output)
}

// Runner runs attempts. One Runner serves concurrent attempts.
type Runner struct {
	Store      blob.Store
	Fetcher    *fetch.Fetcher
	Transcoder *media.Transcoder
	WorkDir    string // scratch space; each attempt gets a directory in it
	// Sources serves uploads to this worker's ffmpeg by range, so a chunk
	// or audio unit of an MP4 or Matroska source reads what it needs
	// instead of a whole copy (unitSource). Nil: every unit copies.
	Sources *sourcehttp.Server
	// Chunked encodes long outputs in chunks within this worker
	// (media.Job.Chunked; VIDHOST_TRANSCODE_CHUNKED=local). Off by default:
	// the one-process ladder is what production has measured.
	Chunked bool
	// Timeouts bound an attempt from its start (download included) to its
	// last upload; zero means no bound. See TimeoutError.
	Timeouts Timeouts
	Logger   *slog.Logger
}

// Run makes one attempt at j and returns what it made. Errors are for
// Classify; a canceled ctx stops ffmpeg and the uploads at once.
func (r *Runner) Run(ctx context.Context, j Job, report Reporter) (Completion, error) {
	if err := j.Validate(); err != nil {
		return Completion{}, err
	}
	ctx, limit, cancel := r.withTimeout(ctx)
	defer cancel()
	attempt := r.attempt
	if j.Live != nil {
		attempt = r.attemptLive
	}
	c, err := attempt(ctx, j, report, limit.planned)
	return c, limit.timedOut(ctx, err)
}

// attempt is Run within the job's time; planned hears the output's length.
func (r *Runner) attempt(ctx context.Context, j Job, report Reporter, planned func(time.Duration)) (Completion, error) {
	c, _, err := r.attemptPlanned(ctx, j, report, planned, nil)
	return c, err
}

// attemptPlanned is attempt with a plan step, if any, between the fetch
// and the encode, which may take the job elsewhere (handed).
func (r *Runner) attemptPlanned(ctx context.Context, j Job, report Reporter, planned func(time.Duration), plan planStep) (c Completion, handed bool, err error) {
	dir, err := newAttemptDir(r.WorkDir)
	if err != nil {
		return Completion{}, false, fmt.Errorf("work dir: %w", err)
	}
	defer func() {
		if err := dir.remove(); err != nil {
			r.Logger.Warn("removing attempt directory", "dir", dir.path, "error", err)
		}
	}()
	if err := r.clearOutputs(ctx, j); err != nil {
		return Completion{}, false, err
	}
	source := filepath.Join(dir.path, "source")
	if err := r.fetchSource(ctx, j, source); err != nil {
		return Completion{}, false, err
	}
	out := filepath.Join(dir.path, "out")
	if plan != nil {
		if handed, err := plan(ctx, source, filepath.Join(dir.path, "plan")); err != nil || handed {
			return Completion{}, handed, err
		}
	}
	res, err := r.transcode(ctx, j, source, out, report, planned)
	if err != nil {
		return Completion{}, false, err
	}
	return completion(res), false, nil
}

// transcode runs the media core while an uploader stores each file it
// announces. A failed upload stops ffmpeg: the attempt is lost anyway.
func (r *Runner) transcode(ctx context.Context, j Job, source, outDir string, report Reporter, planned func(time.Duration)) (media.Result, error) {
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	uploads := outputs.Start(ctx, r.Store, j.MediaFolder(), outDir, outputs.Hooks{
		OnPlayable: func() { report.Playable([]Output{HLS}) },
		OnError:    cancel,
	})
	res, err := r.Transcoder.Transcode(ctx, media.Job{
		Source: source, OutDir: outDir, Clip: j.Clip, Adaptive: j.Transcoder.Adaptive(), AV1: j.Transcoder.AV1(), // the video's profile (pkg/profiles)
		Chunked:    r.Chunked,
		OnProgress: report.Progress, OnFile: uploads.Add, OnPlanned: planned,
	})
	if err != nil {
		cancel(err) // nothing more worth uploading
	}
	uploadErr := uploads.Finish()
	switch {
	case err == nil && uploadErr != nil:
		return media.Result{}, uploadErr
	case err != nil && uploadErr != nil && errors.Is(context.Cause(ctx), uploadErr):
		return media.Result{}, uploadErr // ffmpeg was stopped because an upload failed
	}
	return res, err
}

// clearOutputs removes what an earlier attempt of the job stored, so a
// redelivered job never mixes its files with a dead attempt's. Only the
// folders the transcoder owns are touched: captions and other files of
// the video stay.
func (r *Runner) clearOutputs(ctx context.Context, j Job) error {
	folder := j.MediaFolder()
	var errs []error
	for _, dir := range []string{media.StreamDir, media.MP4Dir} {
		errs = append(errs, r.Store.DeletePrefix(ctx, folder+dir+"/"))
	}
	for _, file := range []string{media.ThumbnailFile, media.SpriteFile, media.SpriteIndexFile} {
		errs = append(errs, r.Store.Delete(ctx, folder+file))
	}
	if err := errors.Join(errs...); err != nil {
		return fmt.Errorf("clear earlier outputs: %w", err)
	}
	return nil
}
