package job

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"

	"github.com/vidhost/vidhost/services/transcode/internal/media"
	"github.com/vidhost/vidhost/services/transcode/internal/outputs"
)

// RunStitch runs the STITCH unit of a chunked job whose other units are
// done (docs/transcoding.md, "Distribution"): from the chunks' records in
// the plan's private folder and the segments the units stored, it writes
// and stores the manifests, the VOD playlists, the master, the MP4 and the
// sprite (media.StitchOf), and returns what the video's final report
// says. Deleting the private folder is the caller's, once the plan is
// finished: a stitch that fails before needs the records again.
func (r *Runner) RunStitch(ctx context.Context, u Unit) (Completion, error) {
	if err := u.Validate(); err != nil {
		return Completion{}, err
	}
	if u.Kind != UnitStitch {
		return Completion{}, &InvalidError{Reason: "RunStitch runs stitch units only"}
	}
	var res media.Result
	err := r.publishStored(ctx, u, func(ctx context.Context, out string, onFile func(media.File)) (err error) {
		res, err = r.Transcoder.StitchOf(ctx, u.MediaPlan, out, u.Chunks, r.stored(u), onFile)
		return err
	})
	if err != nil {
		return Completion{}, err
	}
	return completion(res), nil
}

// RunEarlyPlaylists writes and stores the EVENT playlists, the master and
// the DASH manifest of the first playable chunks of u's plan (early
// playback: media.Transcoder.EarlyPlaylistsOf). The caller holds the
// plan's playlist claim.
func (r *Runner) RunEarlyPlaylists(ctx context.Context, u Unit, playable int) error {
	return r.publishStored(ctx, u, func(ctx context.Context, out string, onFile func(media.File)) error {
		return r.Transcoder.EarlyPlaylistsOf(ctx, u.MediaPlan, out, u.Chunks, playable, r.stored(u), onFile)
	})
}

// publishStored runs write in a scratch directory of its own while an
// uploader stores into u's video folder every file write announces.
func (r *Runner) publishStored(ctx context.Context, u Unit, write func(ctx context.Context, out string, onFile func(media.File)) error) error {
	ctx, _, cancel := r.withTimeout(ctx)
	defer cancel()
	dir, err := newAttemptDir(r.WorkDir)
	if err != nil {
		return fmt.Errorf("work dir: %w", err)
	}
	defer func() {
		if err := dir.remove(); err != nil {
			r.Logger.Warn("removing stitch directory", "dir", dir.path, "error", err)
		}
	}()
	ctx, stop := context.WithCancelCause(ctx)
	defer stop(nil)
	out := filepath.Join(dir.path, "out")
	uploads := outputs.Start(ctx, r.Store, u.Job.MediaFolder(), out, outputs.Hooks{OnError: stop})
	err = write(ctx, out, uploads.Add)
	if err != nil {
		stop(err)
	}
	return errors.Join(err, uploads.Finish())
}

// Completed is the Completion of the finished plan recorded in u: what a
// stitch that already finished reports again.
func (u Unit) Completed() (Completion, error) {
	res, err := media.ResultOf(u.MediaPlan)
	if err != nil {
		return Completion{}, err
	}
	return completion(res), nil
}
