package benchseam

import (
	"context"

	"github.com/vidhost/vidhost/services/transcode/internal/media"
)

// RungComparison is one rung encoded in H.264 and in AV1: bytes of each
// CMAF stream and SSIM against the source scaled to the rung.
type RungComparison = media.RungComparison

// CompareAV1 transcodes source as a video with AV1 rungs (media.Job.AV1)
// into outDir, which it fills, and measures every rung both ways, highest
// first. Sources should be square-pixel 16:9, as lavfi makes them.
func CompareAV1(ctx context.Context, ffmpeg, ffprobe, source, outDir string) ([]RungComparison, error) {
	return media.New(media.Config{FFmpeg: ffmpeg, FFprobe: ffprobe}).CompareAV1(ctx, source, outDir)
}
