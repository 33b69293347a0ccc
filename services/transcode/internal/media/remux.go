package media

import (
	"context"
	"fmt"
	"path/filepath"
	"strconv"
)

// RemuxJob makes the download, poster and seek previews of media that is
// already encoded: an instant clip's live segments, concatenated into one
// fragmented MP4 (an init segment, then its media segments).
type RemuxJob struct {
	Source string // the concatenated fragmented MP4, a local file
	OutDir string // its mp4/ and thumbs/ are emptied first (see layout.go)
	// OnFile announces each file once it is complete, as Job.OnFile does.
	OnFile func(File)
}

// Remux copies the source's video and audio into the progressive MP4
// without encoding them, then cuts the thumbnail and the sprite from it.
// The result's only rendition is the source's picture, named by its short
// side as a ladder rung is ("720p"); its Duration is the MP4's. A source
// without video gives a *SourceError.
func (t *Transcoder) Remux(ctx context.Context, job RemuxJob) (Result, error) {
	source, err := Probe(ctx, t.cfg.FFprobe, job.Source)
	if err != nil {
		return Result{}, err
	}
	if source.Video == nil {
		return Result{}, rejectf("the clip has no video")
	}
	if err := prepareOutDir(job.OutDir); err != nil {
		return Result{}, err
	}
	mp4 := mp4Path(renditionName(*source.Video))
	if err := runTool(ctx, t.cfg.FFmpeg, remuxArgs(filepath.Join(job.OutDir, mp4), false, job.Source), discardStdout); err != nil {
		return Result{}, err
	}
	// The MP4's duration, not the concatenation's: a fragmented file's
	// header states none, the remuxed one's is exact.
	info, err := t.Inspect(ctx, filepath.Join(job.OutDir, mp4))
	if err != nil {
		return Result{}, err
	}
	withFiles := Job{OnFile: job.OnFile}
	announce(withFiles, mp4, KindDownload)
	p := remuxPlan(info, job.OutDir)
	if err := t.thumbnail(ctx, p, withFiles); err != nil {
		return Result{}, err
	}
	if err := t.sprite(ctx, p, withFiles); err != nil {
		return Result{}, err
	}
	return Result{Source: info, Duration: info.Duration, Renditions: p.renditions, MP4: mp4}, nil
}

// renditionName names a picture by its short side, as the ladder's rungs
// are: 1280x720 and 720x1280 are both "720p".
func renditionName(v VideoStream) string {
	return fmt.Sprintf("%dp", min(v.Width, v.Height))
}

// remuxPlan is the plan the thumbnail and the sprite are cut by: the MP4
// is both their source and the one rendition.
func remuxPlan(info Info, outDir string) plan {
	v := *info.Video
	name := renditionName(v)
	rendition := Rendition{Rung: Rung{Name: name, Height: min(v.Width, v.Height)}, Width: v.Width, Height: v.Height}
	return plan{
		source: filepath.Join(outDir, mp4Path(name)), outDir: outDir, length: info.Duration,
		video: v, audio: info.Audio, renditions: []Rendition{rendition},
	}
}

// remuxArgs copy the first video stream of the first source and the first
// audio stream of the last (a live clip has both in one file; a chunked
// job's download has a file per track: download.go) into a progressive
// MP4.
func remuxArgs(out string, spherical bool, sources ...string) []string {
	args := quietArgs()
	for _, source := range sources {
		args = append(args, sourceArgs()...)
		args = append(args, "-i", inputURL(source))
	}
	args = append(args, "-map", "0:v:0")                              // the picture
	args = append(args, "-map", strconv.Itoa(len(sources)-1)+":a:0?") // its sound, if it has any
	args = append(args, "-c", "copy")                                 // already encoded: no decoding, done in a moment
	args = append(args, "-map_metadata", "-1")                        // no publisher tags in a public file
	args = append(args, "-movflags", "+faststart")                    // the index first: a download plays while it loads
	if spherical {
		args = append(args, "-strict", "unofficial") // lets the MP4 muxer write the 360° sv3d box
	}
	args = append(args, "-f", "mp4", out) // the container, whatever the name
	return args
}
