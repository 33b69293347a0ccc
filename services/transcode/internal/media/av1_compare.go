package media

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
)

// RungComparison is one rung of a ladder encoded both ways: the bytes of
// its CMAF stream (header and segments) and its SSIM against the source
// scaled to the rung's frame.
type RungComparison struct {
	Name                string // "720p"
	Width, Height       int
	H264Bytes, AV1Bytes int64
	H264SSIM, AV1SSIM   float64
}

// ByteRatio is the AV1 rung's bytes over the H.264 rung's.
func (c RungComparison) ByteRatio() float64 {
	return float64(c.AV1Bytes) / float64(max(c.H264Bytes, 1))
}

// CompareAV1 transcodes source with the AV1 variant set into outDir and
// measures each rung of both sets, highest first. It is the measurement
// behind av1Preset and the AV1 rates (docs/transcoding.md, "AV1
// rungs"); bench/quality calls it through services/transcode/benchseam.
// The source should have square pixels and the ladder's shape (lavfi
// sources do): it is scaled, not cropped, to each rung.
func (t *Transcoder) CompareAV1(ctx context.Context, source, outDir string) ([]RungComparison, error) {
	if _, err := t.Transcode(ctx, Job{Source: source, OutDir: outDir, AV1: true}); err != nil {
		return nil, err
	}
	data, err := os.ReadFile(filepath.Join(outDir, DASHManifest)) //nolint:gosec // G304: the manifest this run just wrote
	if err != nil {
		return nil, err
	}
	doc, err := parseMPD(data)
	if err != nil {
		return nil, err
	}
	rungs := map[[2]int]*RungComparison{}
	var order []*RungComparison
	for _, tr := range doc.tracks("") {
		if !tr.Video {
			continue
		}
		key := [2]int{tr.Width, tr.Height}
		c := rungs[key]
		if c == nil {
			c = &RungComparison{Name: strconv.Itoa(min(tr.Width, tr.Height)) + "p", Width: tr.Width, Height: tr.Height}
			rungs[key] = c
			order = append(order, c)
		}
		if err := t.measureTrack(ctx, source, outDir, tr, c); err != nil {
			return nil, err
		}
	}
	out := make([]RungComparison, 0, len(order))
	for _, c := range order {
		out = append(out, *c)
	}
	return out, nil
}

// measureTrack joins a track's CMAF header and segments into one
// fragmented MP4 and scores it into c's H.264 or AV1 half.
func (t *Transcoder) measureTrack(ctx context.Context, source, outDir string, tr track, c *RungComparison) error {
	joined := filepath.Join(outDir, "measure-"+tr.ID+".mp4")
	size, err := joinTrack(filepath.Join(outDir, StreamDir), tr, joined)
	if err != nil {
		return err
	}
	ssim, err := t.ssim(ctx, joined, source, tr.Width, tr.Height)
	if err != nil {
		return err
	}
	if strings.HasPrefix(tr.Codecs, "av01") {
		c.AV1Bytes, c.AV1SSIM = size, ssim
	} else {
		c.H264Bytes, c.H264SSIM = size, ssim
	}
	return nil
}

var ssimAll = regexp.MustCompile(`All:([0-9.]+)`)

// ssim scores encoded against source scaled to width x height with
// ffmpeg's ssim filter (the mean over frames of the Y, U and V SSIM).
func (t *Transcoder) ssim(ctx context.Context, encoded, source string, width, height int) (float64, error) {
	graph := fmt.Sprintf("[1:v]format=yuv420p,scale=%d:%d,setsar=1[ref];[0:v]setsar=1[enc];[enc][ref]ssim", width, height)
	args := []string{"-hide_banner", "-nostdin", "-nostats", "-i", encoded, "-i", source, "-filter_complex", graph, "-f", "null", "-"}
	out, err := exec.CommandContext(ctx, t.cfg.FFmpeg, args...).CombinedOutput() //nolint:gosec // G204: the configured ffmpeg, no shell; the score is an info line on stderr
	if err != nil {
		return 0, fmt.Errorf("ssim: %w: %s", err, out)
	}
	m := ssimAll.FindSubmatch(out)
	if m == nil {
		return 0, fmt.Errorf("ssim: no score in ffmpeg's output: %s", out)
	}
	return strconv.ParseFloat(string(m[1]), 64)
}
