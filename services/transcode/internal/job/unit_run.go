package job

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"

	"github.com/vidhost/vidhost/services/transcode/internal/media"
	"github.com/vidhost/vidhost/services/transcode/internal/outputs"
)

// RunUnit runs one chunk or audio unit of a chunked job
// (docs/transcoding.md, "Distribution") on this worker: it copies the
// source, encodes the chunk (or the whole output's audio) from the plan's
// record, and stores its segments in the video's stream/ under the names a
// one-process run gives them, and its records (its muxers' manifests, for
// the stitch) in the plan's private folder (Job.PlanFolder), so a
// redelivered unit writes the same keys again: no duplicates, no orphans.
// Recording the
// completion is the caller's (the plan's record is on the bus, which this
// package knows nothing of). Errors are for Classify.
//
// The whole source is copied: reading only the chunk's range (a loopback
// listener over ranged blob reads) is the next step.
func (r *Runner) RunUnit(ctx context.Context, u Unit, onProgress func(int)) error {
	if err := u.Validate(); err != nil {
		return err
	}
	if u.Kind != UnitChunk && u.Kind != UnitAudio {
		return &InvalidError{Reason: "RunUnit runs chunk and audio units only"}
	}
	ctx, _, cancel := r.withTimeout(ctx)
	defer cancel()
	dir, err := newAttemptDir(r.WorkDir)
	if err != nil {
		return fmt.Errorf("work dir: %w", err)
	}
	defer func() {
		if err := dir.remove(); err != nil {
			r.Logger.Warn("removing unit directory", "dir", dir.path, "error", err)
		}
	}()
	source := filepath.Join(dir.path, "source")
	if err := r.copyUpload(ctx, u.Job.SourceKey, source); err != nil {
		return err
	}
	out := filepath.Join(dir.path, "out")
	// A plan of another version (a rolling deploy) is an internal error to
	// Classify: retried, so a worker of the planner's version can take it.
	if err := r.encodeUnit(ctx, u, source, out, onProgress); err != nil {
		return err
	}
	if err := r.storeSegments(ctx, u.Job, out); err != nil {
		return err
	}
	return r.storeRecords(ctx, u, out)
}

func (r *Runner) encodeUnit(ctx context.Context, u Unit, source, out string, onProgress func(int)) error {
	if u.Kind == UnitAudio {
		return r.Transcoder.EncodeAudioOf(ctx, u.MediaPlan, source, out, u.Audio)
	}
	return r.Transcoder.EncodeChunkOf(ctx, u.MediaPlan, source, out, u.Chunk, onProgress)
}

// storeSegments uploads every file of out's stream/: the chunk's segments
// (and, for the first chunk, the init segments), each once.
func (r *Runner) storeSegments(ctx context.Context, j Job, out string) error {
	entries, err := os.ReadDir(filepath.Join(out, media.StreamDir))
	if errors.Is(err, fs.ErrNotExist) {
		return nil // nothing encoded
	}
	if err != nil {
		return err
	}
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	uploads := outputs.Start(ctx, r.Store, j.MediaFolder(), out, outputs.Hooks{OnError: cancel})
	for _, e := range entries {
		uploads.Add(media.File{Path: path.Join(media.StreamDir, e.Name()), Kind: media.KindSegment})
	}
	return uploads.Finish()
}
