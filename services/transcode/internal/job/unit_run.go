package job

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"

	"github.com/vidhost/vidhost/pkg/blob"
	"github.com/vidhost/vidhost/services/transcode/internal/media"
	"github.com/vidhost/vidhost/services/transcode/internal/outputs"
)

// RunUnit runs one chunk or audio unit of a chunked job
// (docs/transcoding.md, "Distribution") on this worker: it reads the
// source (by range where the container allows, see unitSource), encodes
// the chunk (or the whole output's audio) from the plan's record, and
// stores its segments in the video's stream/ under the names a
// one-process run gives them, and its records (its muxers' manifests, for
// the stitch) in the plan's private folder (Job.PlanFolder), so a
// redelivered unit writes the same keys again: no duplicates, no orphans.
// Recording the completion is the caller's (the plan's record is on the
// bus, which this package knows nothing of). Errors are for Classify.
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
	source, done, err := r.unitSource(ctx, u, dir.path)
	if err != nil {
		return err
	}
	defer done()
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

// unitSource is where the unit's ffmpeg reads the upload. An MP4 or
// Matroska source (media.ReadsByRange: the container the parent probed) is
// a URL of the worker's source server, registered for this run only
// (done removes it): ffmpeg reads the index and seeks by Range requests,
// so a chunk reads its own stretch and the GOP before it, and the audio
// unit starts at once instead of after a copy. Any other container, or a
// runner without a server, gets a whole local copy in dir, as before.
func (r *Runner) unitSource(ctx context.Context, u Unit, dir string) (source string, done func(), err error) {
	if r.Sources == nil || !media.ReadsByRange(u.MediaPlan) {
		source = filepath.Join(dir, "source")
		return source, func() {}, r.copyUpload(ctx, u.Job.SourceKey, source)
	}
	url, remove, err := r.Sources.Register(ctx, u.Job.SourceKey)
	if errors.Is(err, blob.ErrNotFound) {
		return "", nil, fmt.Errorf("%w (%s)", errSourceMissing, u.Job.SourceKey)
	}
	if err != nil {
		return "", nil, fmt.Errorf("serve source %s: %w", u.Job.SourceKey, err)
	}
	return url, remove, nil
}
