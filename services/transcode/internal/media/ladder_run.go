package media

import (
	"context"
	"io"
	"time"
)

// ladder runs the one ffmpeg process of the job. Each progress block (every
// half second) reports the percentage and lets the publisher pick up the
// segments the DASH muxer has finished since the last block.
func (t *Transcoder) ladder(ctx context.Context, p plan, job Job, report *reporter) error {
	pub := newPublisher(p, job.OnFile)
	var last progressUpdate
	onBlock := func(update progressUpdate) error {
		last = update
		report.ladder(percentOf(update.OutTime, p.length))
		return pub.sync(false)
	}
	read := func(r io.Reader) error { return scanProgress(r, onBlock) }
	if err := runTool(ctx, t.cfg.FFmpeg, ladderArgs(p), read); err != nil {
		return err
	}
	if truncated(last.OutTime, p.length) {
		return rejectf("source is truncated or damaged: only %s of %s could be decoded", Timecode(last.OutTime), Timecode(p.length))
	}
	if err := pub.sync(true); err != nil {
		return err
	}
	announce(job, mp4Path(p.renditions[p.download].Name), KindDownload)
	return nil
}

// truncated says the output fell well short of the duration the container
// promised: ffmpeg stops quietly at the end of a cut-off file.
func truncated(written, expected time.Duration) bool {
	return written < expected*9/10 && expected-written > time.Second
}
