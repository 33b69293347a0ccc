package media

import (
	"context"
	"errors"
	"fmt"
	"io"
	"time"
)

// Inspect probes a source and checks it against the limits. When the
// container does not state a duration (live recordings, WebM files from
// browsers) it is measured by reading the file through once.
func (t *Transcoder) Inspect(ctx context.Context, path string) (Info, error) {
	info, err := Probe(ctx, t.cfg.FFprobe, path)
	if err != nil {
		return Info{}, err
	}
	if info.Duration == 0 && info.Video != nil && !info.StillImage {
		if info.Duration, err = t.measureDuration(ctx, path, info.Video.Index); err != nil {
			return Info{}, err
		}
	}
	return info, t.cfg.Limits.Check(info)
}

// measureDuration copies the video stream to nowhere: demuxing only, no
// decoding, and the last progress block says how long it is.
func (t *Transcoder) measureDuration(ctx context.Context, path string, stream int) (time.Duration, error) {
	var last progressUpdate
	read := func(r io.Reader) error {
		return scanProgress(r, func(update progressUpdate) error { last = update; return nil })
	}
	args := quietArgs()
	args = append(args, "-nostats")            // progress comes from -progress instead
	args = append(args, "-progress", "pipe:1") // the duration is the last out_time
	args = append(args, sourceArgs()...)
	args = append(args, "-i", inputURL(path))
	args = append(args, "-map", fmt.Sprintf("0:%d", stream)) // the video decides the duration
	args = append(args, "-c", "copy")                        // no decoding: as fast as the disk
	args = append(args, "-f", "null", "-")                   // nothing is written
	err := runTool(ctx, t.cfg.FFmpeg, args, read)
	var execErr *ExecError
	if errors.As(err, &execErr) {
		return 0, &SourceError{Reason: reasonUnreadable, Detail: lastLine(execErr.Stderr)}
	}
	return last.OutTime, err
}
