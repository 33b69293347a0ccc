package transcribe

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/vidhost/vidhost/pkg/blob"
	"github.com/vidhost/vidhost/pkg/ids"
)

// Job is one transcribe job as the worker reads it from transcribe.jobs
// (eventsv1.TranscribeJob).
type Job struct {
	ID        string // the transcribe's id
	AccountID string
	VideoID   string
	SourceKey string // blob key of the video's progressive MP4
	Language  string
}

// Completion is what a finished job reports (eventsv1.TranscribeCompleted).
type Completion struct {
	VTTKey   string // blob key of the WebVTT file, in the video's folder
	CueCount int
}

// Runner runs jobs against the blob store. One Runner serves concurrent jobs.
type Runner struct {
	Store   blob.Store
	Config  Config
	WorkDir string // scratch space; each job gets a directory in it
}

// Run fetches the job's source, transcribes it and stores the WebVTT at
// videos/<account>/<video>/transcribes/<id>.vtt, a key that is the same on
// every attempt, so a redelivered job overwrites its own file. Catalog then
// copies it into a track through its ordinary track path.
func (r *Runner) Run(ctx context.Context, j Job) (Completion, error) {
	if !ids.Valid(j.ID) {
		return Completion{}, fmt.Errorf("transcribe id %q is not an id", j.ID)
	}
	vttKey, err := blob.VideoKey(j.AccountID, j.VideoID, "transcribes/"+j.ID+".vtt")
	if err != nil {
		return Completion{}, err
	}
	if err := os.MkdirAll(r.WorkDir, 0o750); err != nil {
		return Completion{}, fmt.Errorf("work dir: %w", err)
	}
	dir, err := os.MkdirTemp(r.WorkDir, workDirPattern)
	if err != nil {
		return Completion{}, fmt.Errorf("work dir: %w", err)
	}
	defer func() { _ = os.RemoveAll(dir) }()
	src := filepath.Join(dir, "source.mp4")
	if err := r.copySource(ctx, j.SourceKey, src); err != nil {
		return Completion{}, err
	}
	var vtt bytes.Buffer
	result, err := Run(ctx, r.Config, src, dir, j.Language, &vtt)
	if err != nil {
		return Completion{}, err
	}
	if err := r.Store.Put(ctx, vttKey, &vtt, int64(vtt.Len()), "text/vtt"); err != nil {
		return Completion{}, fmt.Errorf("store %s: %w", vttKey, err)
	}
	return Completion{VTTKey: vttKey, CueCount: len(result.Cues)}, nil
}

// workDirPattern names a job's directory in the work dir.
const workDirPattern = "transcribe-*"

// SweepWorkDir removes the directories of jobs whose worker died; call it
// before the worker starts.
func SweepWorkDir(workDir string) error {
	dirs, err := filepath.Glob(filepath.Join(workDir, workDirPattern))
	if err != nil {
		return err
	}
	var errs []error
	for _, dir := range dirs {
		errs = append(errs, os.RemoveAll(dir))
	}
	return errors.Join(errs...)
}

func (r *Runner) copySource(ctx context.Context, key, path string) error {
	body, _, err := r.Store.Open(ctx, key)
	if err != nil {
		return fmt.Errorf("open source %s: %w", key, err)
	}
	defer body.Close()
	file, err := os.Create(path) //nolint:gosec // G304: a fixed name in the job's own directory
	if err != nil {
		return err
	}
	if _, err := io.Copy(file, body); err != nil {
		_ = file.Close()
		return fmt.Errorf("copy source %s: %w", key, err)
	}
	return file.Close()
}
