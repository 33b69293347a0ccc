package media

import (
	"context"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"strings"
)

// Stored is what a distributed stitch reads of the files other workers
// stored, each named by its path under a job's OutDir (layout.go): the
// chunks' and the audio runs' records under chunks/, the segments under
// stream/. Where they live is the caller's business.
type Stored interface {
	// Fetch copies the stored file rel to dir/rel.
	Fetch(ctx context.Context, rel, dir string) error
	// Size is the stored file rel's size in bytes.
	Size(ctx context.Context, rel string) (int64, error)
}

// StitchOf is the final step of a chunked job whose units ran on other
// workers (docs/transcoding.md, "Distribution"): from the plan recorded in
// record, of chunks chunks, it fetches the chunks' records and writes
// under outDir what the one-process stitch writes after the last chunk
// (the manifests, the VOD playlists, the master), then remuxes the MP4
// from the download rendition's segments, fetched back, and cuts the
// sprite from it. onFile hears every file written, as Job.OnFile does;
// the media segments the units stored are not announced again. The
// thumbnail is the planner's (ThumbnailOf).
func (t *Transcoder) StitchOf(ctx context.Context, record []byte, outDir string, chunks int, stored Stored, onFile func(File)) (Result, error) {
	p, err := unmarshalPlan(record, "", outDir)
	if err != nil {
		return Result{}, err
	}
	if err := prepareOutDir(outDir); err != nil {
		return Result{}, err
	}
	if err := fetchRecords(ctx, p, chunks, stored); err != nil {
		return Result{}, err
	}
	job := Job{OnFile: storedSegmentsSkipped(onFile)}
	if err := storedStitcher(ctx, p, chunks, stored, job.OnFile).publishFirst(chunks); err != nil {
		return Result{}, err
	}
	if err := fetchDownload(ctx, p, stored); err != nil {
		return Result{}, err
	}
	if err := t.remuxDownload(ctx, p); err != nil {
		return Result{}, err
	}
	announce(job, mp4Path(p.renditions[p.download].Name), KindDownload)
	if err := t.sprite(ctx, p, job); err != nil {
		return Result{}, err
	}
	return resultOf(p), nil
}

// EarlyPlaylistsOf writes under outDir, from the records of the first
// playable chunks of the plan recorded in record (of chunks chunks, not
// all done), what the one-process stitch writes when those are done: the
// EVENT playlists, the master and the DASH manifest so far, for early
// playback. onFile hears them as StitchOf's does.
func (t *Transcoder) EarlyPlaylistsOf(ctx context.Context, record []byte, outDir string, chunks, playable int, stored Stored, onFile func(File)) error {
	if playable < 1 || playable >= chunks {
		return fmt.Errorf("media: early playlists of %d chunks of %d: the stitch writes a whole plan's", playable, chunks)
	}
	p, err := unmarshalPlan(record, "", outDir)
	if err != nil {
		return err
	}
	if err := prepareOutDir(outDir); err != nil {
		return err
	}
	if err := fetchRecords(ctx, p, playable, stored); err != nil {
		return err
	}
	return storedStitcher(ctx, p, chunks, stored, storedSegmentsSkipped(onFile)).publishFirst(playable)
}

// storedStitcher is a stitcher of p's chunks whose segments are stored
// rather than under p.outDir: their sizes are asked of stored, and the
// init segments fetched from it before they are announced.
func storedStitcher(ctx context.Context, p plan, chunks int, stored Stored, onFile func(File)) *stitcher {
	pub := newPublisher(p, onFile)
	pub.size = func(rel string) (int64, error) { return stored.Size(ctx, rel) }
	pub.fetchInit = func(rel string) error { return stored.Fetch(ctx, rel, p.outDir) }
	return newStitcher(p, chunks, pub)
}

// publishFirst publishes the first n chunks, all done, and the audio:
// VOD playlists when n is every chunk, EVENT ones before.
func (s *stitcher) publishFirst(n int) error {
	for i := range n {
		s.done[i] = true
	}
	return s.audioDone()
}

// ThumbnailOf writes the poster of the plan recorded in record, from
// source, to outDir's ThumbnailFile: the planner makes it while it holds
// the source, so the stitch needs none.
func (t *Transcoder) ThumbnailOf(ctx context.Context, record []byte, source, outDir string) error {
	p, err := unmarshalPlan(record, source, outDir)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Join(outDir, ThumbsDir), 0o750); err != nil {
		return err
	}
	return runTool(ctx, t.cfg.FFmpeg, thumbnailArgs(p), discardStdout)
}

// ResultOf is the Result of a finished job of the plan recorded in record:
// what a stitch that finished reports again when its message comes back.
func ResultOf(record []byte) (Result, error) {
	p, err := unmarshalPlan(record, "", "")
	if err != nil {
		return Result{}, err
	}
	return resultOf(p), nil
}

func resultOf(p plan) Result {
	video := p.video
	return Result{
		Source: Info{Video: &video, Audio: p.audio}, Duration: p.length, Renditions: p.renditions,
		Spherical: p.video.Spherical, MP4: mp4Path(p.renditions[p.download].Name),
	}
}

// fetchRecords fetches every muxer's record of every chunk, and the audio
// runs', where the stitcher reads them.
func fetchRecords(ctx context.Context, p plan, chunks int, stored Stored) error {
	muxers := (&stitcher{p: p}).muxers()
	var records []string
	for i := range chunks {
		for _, m := range muxers {
			records = append(records, path.Join(chunkDir(i), m.manifestPath))
		}
	}
	for k := range p.audioBitrates {
		records = append(records, path.Join(audioRunDir(k), h264Muxer.manifestPath))
	}
	for _, rel := range records {
		if err := stored.Fetch(ctx, rel, p.outDir); err != nil {
			return err
		}
	}
	return nil
}

// fetchDownload fetches the segments the MP4 is remuxed from.
func fetchDownload(ctx context.Context, p plan, stored Stored) error {
	tracks, err := downloadTracks(p)
	if err != nil {
		return err
	}
	for _, tr := range tracks {
		for _, name := range append([]string{tr.Init}, segmentFiles(tr)...) {
			if err := stored.Fetch(ctx, path.Join(StreamDir, name), p.outDir); err != nil {
				return err
			}
		}
	}
	return nil
}

// storedSegmentsSkipped passes on every file but the media segments: the
// units stored them under their final names already. Init segments pass:
// the stitch fetched them, and marks them 360° if the source is.
func storedSegmentsSkipped(onFile func(File)) func(File) {
	if onFile == nil {
		return nil
	}
	return func(f File) {
		if f.Kind == KindSegment && strings.HasPrefix(path.Base(f.Path), "seg-") {
			return
		}
		onFile(f)
	}
}
