package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/vidhost/vidhost/services/transcode/benchseam"
)

// ssims scores what a viewer of each of the fixed ladder's sizes gets from
// e: the rendition of that name, or, where e dropped it, the highest one
// below scaled up to it; each against the source scaled to that size. One
// ffmpeg run decodes the source once for all sizes. set is h264Set or
// av1Set.
func ssims(src string, sizes []benchseam.Rendition, e encoded, set string) ([]float64, error) {
	args := []string{"-hide_banner", "-nostdin", "-y", "-loglevel", "error", "-i", src}
	have := e.result.Renditions
	for _, size := range sizes {
		i := len(have) - 1
		for j, r := range have {
			if r.Rung.Height <= size.Rung.Height {
				i = j
				break
			}
		}
		file, err := rungFile(e, set, i)
		if err != nil {
			return nil, err
		}
		args = append(args, "-i", file)
	}
	var graph strings.Builder
	fmt.Fprintf(&graph, "[0:v]split=%d", len(sizes))
	for i := range sizes {
		fmt.Fprintf(&graph, "[s%d]", i)
	}
	for i, size := range sizes {
		stats := filepath.Join(e.dir, fmt.Sprintf("ssim-%s%d.log", set, i))
		fmt.Fprintf(&graph, ";[s%d]scale=%d:%d[r%d];[%d:v]scale=%d:%d[d%d];[d%d][r%d]ssim=stats_file=%s[q%d]",
			i, size.Width, size.Height, i, i+1, size.Width, size.Height, i, i, i, stats, i)
	}
	args = append(args, "-filter_complex", graph.String())
	for i := range sizes {
		args = append(args, "-map", fmt.Sprintf("[q%d]", i), "-f", "null", "-")
	}
	if out, err := exec.Command("ffmpeg", args...).CombinedOutput(); err != nil {
		return nil, fmt.Errorf("ssim: %w: %s", err, out)
	}
	scores := make([]float64, len(sizes))
	for i := range sizes {
		stats, err := os.ReadFile(filepath.Join(e.dir, fmt.Sprintf("ssim-%s%d.log", set, i))) //nolint:gosec // written by the run above
		if err != nil {
			return nil, err
		}
		if scores[i], err = benchseam.SSIMScore(stats); err != nil {
			return nil, err
		}
	}
	return scores, nil
}
