package media

import (
	"context"
	"os"
	"path/filepath"
	"time"
)

// Planned is a chunked job's plan, made once by the worker that took the
// job, for the workers that run its chunks (docs/transcoding.md,
// "Distribution").
type Planned struct {
	Info     Info
	Length   time.Duration // of the output
	Analysis *Analysis     // the adaptive decision, or nil
	// Chunks are the output's chunks; one chunk is the ladder as always,
	// not worth a stitch, and the caller runs the job in one process.
	Chunks []Chunk
	// AudioRuns counts the audio runs (EncodeAudioOf): one per audio
	// bitrate of the ladder, none for a source without audio.
	AudioRuns int
	// Record is the plan's decisions in the PlanVersion encoding, opaque to
	// the caller: EncodeChunkOf reads it.
	Record []byte
}

// Plan checks the source, makes the ladder decision and plans the chunks
// of job, as Transcode does before it encodes, and encodes nothing.
// job.Chunked is implied; a clip is never chunked.
func (t *Transcoder) Plan(ctx context.Context, job Job) (Planned, error) {
	info, err := t.Inspect(ctx, job.Source)
	if err != nil {
		return Planned{}, err
	}
	p, err := newPlan(info, job, t.cfg.Ladder)
	if err != nil {
		return Planned{}, err
	}
	if job.OnPlanned != nil {
		job.OnPlanned(p.length)
	}
	analysis, err := t.adapt(ctx, &p, job)
	if err != nil {
		return Planned{}, err
	}
	job.Chunked = true
	planned := Planned{Info: info, Length: p.length, Analysis: analysis, Chunks: t.chunks(p, job), AudioRuns: len(p.audioBitrates)}
	if len(planned.Chunks) < 2 {
		return planned, nil
	}
	planned.Record, err = marshalPlan(p)
	return planned, err
}

// EncodeChunkOf runs chunk c of the plan recorded in record, reading
// source (the same file the plan was made from) and writing under outDir:
// its segments land in outDir's stream/ under the names a one-process run
// gives them, its manifest under chunks/<index>/ (collect.go), exactly as
// in a chunked job run in one process. onProgress, if set, hears the
// chunk's own progress, 0-99.
func (t *Transcoder) EncodeChunkOf(ctx context.Context, record []byte, source, outDir string, c Chunk, onProgress func(int)) error {
	p, err := unmarshalPlan(record, source, outDir)
	if err != nil {
		return err
	}
	// The worker's own outDir holds this chunk alone: collect moves its
	// segments into a stream/ no job run has prepared.
	if err := os.MkdirAll(filepath.Join(outDir, StreamDir), 0o750); err != nil {
		return err
	}
	progress := newLadderProgress(newReporter(onProgress, t.now), runWeights(encoderRuns(p), 1))
	return t.encodeChunk(ctx, p, c, progress.of)
}

// EncodeAudioOf runs audio run k of the plan recorded in record (its k-th
// audio bitrate, of Planned.AudioRuns), for the whole output
// (audio_run.go), reading source and writing under outDir: its segments
// land in outDir's stream/ under the names a one-process run gives them,
// its manifest under chunks/audio-<k>/. A plan without audio has no audio
// run to ask for.
func (t *Transcoder) EncodeAudioOf(ctx context.Context, record []byte, source, outDir string, k int) error {
	p, err := unmarshalPlan(record, source, outDir)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Join(outDir, StreamDir), 0o750); err != nil {
		return err
	}
	return t.encodeAudio(ctx, p, k)
}
