package media

import (
	"bufio"
	"bytes"
	"fmt"
	"strconv"
	"strings"
)

// Metric is a full-reference picture quality measure run as an ffmpeg
// filter. The analysis scores pictures with it; SSIM is the one ffmpeg on
// Debian 12 has (VMAF, libvmaf, is not packaged there), and another fits
// here without touching the decision.
type Metric interface {
	// Filter compares its two inputs, [distorted][reference], and writes
	// one line of statistics per frame to statsFile.
	Filter(statsFile string) string
	// Score is the mean over the frames of a stats file, 1 for identical
	// pictures and lower the further apart they are.
	Score(stats []byte) (float64, error)
}

// SSIM is ffmpeg's ssim filter: the structural similarity of all three
// planes ("All" in its stats), which is what bench/quality reports too.
type SSIM struct{}

// Filter is the ssim filter writing its per-frame stats.
func (SSIM) Filter(statsFile string) string { return "ssim=stats_file=" + statsFile }

// Score averages the "All:" values of the stats lines.
func (SSIM) Score(stats []byte) (float64, error) {
	sum, n := 0.0, 0
	scanner := bufio.NewScanner(bytes.NewReader(stats))
	for scanner.Scan() {
		for _, field := range strings.Fields(scanner.Text()) {
			if value, ok := strings.CutPrefix(field, "All:"); ok {
				score, err := strconv.ParseFloat(value, 64)
				if err != nil {
					return 0, fmt.Errorf("ssim stats: %w", err)
				}
				sum, n = sum+score, n+1
			}
		}
	}
	if n == 0 {
		return 0, fmt.Errorf("ssim stats: no frames scored")
	}
	return sum / float64(n), scanner.Err()
}
