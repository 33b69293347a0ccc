package job

import (
	"context"
	"errors"
	"path/filepath"
	"time"

	"github.com/vidhost/vidhost/services/transcode/internal/liveclip"
	"github.com/vidhost/vidhost/services/transcode/internal/media"
	"github.com/vidhost/vidhost/services/transcode/internal/outputs"
)

// validateLive checks an instant clip's job: its clip, and no clip bounds
// (the catalog chose the segments).
func validateLive(j Job) error {
	if j.Clip != nil {
		return &InvalidError{Reason: "a live clip's job takes no clip bounds"}
	}
	if err := j.Live.Validate(); err != nil {
		return &InvalidError{Reason: err.Error()}
	}
	return nil
}

// attemptLive makes an instant clip: the event's segments are copied into
// the clip's folder (its HLS plays at once), then the first variant's are
// remuxed into the MP4, from which the poster and sprite are cut.
func (r *Runner) attemptLive(ctx context.Context, j Job, report Reporter, planned func(time.Duration)) (Completion, error) {
	planned(j.Live.Length())
	dir, err := newAttemptDir(r.WorkDir)
	if err != nil {
		return Completion{}, err
	}
	defer func() {
		if err := dir.remove(); err != nil {
			r.Logger.Warn("removing attempt directory", "dir", dir.path, "error", err)
		}
	}()
	if err := r.clearOutputs(ctx, j); err != nil {
		return Completion{}, err
	}
	folders := liveclip.Folders{AccountID: j.AccountID, EventID: j.Live.EventVideoID, ClipID: j.VideoID}
	if err := liveclip.CopyHLS(ctx, r.Store, folders, *j.Live); err != nil {
		return Completion{}, err
	}
	report.Playable([]Output{HLS})
	source := filepath.Join(dir.path, "source.mp4")
	if err := liveclip.Concatenate(ctx, r.Store, folders, *j.Live, source); err != nil {
		return Completion{}, err
	}
	res, err := r.remux(ctx, j, source, filepath.Join(dir.path, "out"))
	if err != nil {
		return Completion{}, err
	}
	return liveCompletion(res), nil
}

// remux runs media's Remux while an uploader stores each file it
// announces, as transcode does for the ladder.
func (r *Runner) remux(ctx context.Context, j Job, source, outDir string) (media.Result, error) {
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	uploads := outputs.Start(ctx, r.Store, j.MediaFolder(), outDir, outputs.Hooks{OnError: cancel})
	res, err := r.Transcoder.Remux(ctx, media.RemuxJob{Source: source, OutDir: outDir, OnFile: uploads.Add})
	if err != nil {
		cancel(err)
	}
	return res, errors.Join(err, uploads.Finish())
}

// liveCompletion is a clip's outputs: its HLS (no DASH: the live segments
// are described by HLS playlists only) and the MP4.
func liveCompletion(res media.Result) Completion {
	c := completion(res)
	c.Outputs = []Output{HLS, {Label: "MP4 " + downloadName(res.MP4), Path: res.MP4}}
	return c
}
