package media

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// The samples: analysisSamples of sampleLength each, spread over the
// output. Decoding them is most of the analysis's cost, and it grows with
// the source's bitrate: 45 frames of a 1080p source took 0.8 s at 10
// Mbit/s, 2.6 s at 127 and 6.9 s at 311 (bench/quality prints the time),
// so samples of heavy sources are shorter (sampleLength).
const (
	analysisSamples   = 3
	maxSampleLength   = 500 * time.Millisecond
	minSampleLength   = 200 * time.Millisecond // 6 frames at 30 fps: still a measure of the motion
	sampleBits        = 5_000_000              // bits decoded per sample at most, between those lengths: 0.5 s at 10 Mbit/s
	minAnalysisLength = 6 * time.Second        // shorter outputs cost little anyway: fixed caps
	minAnalysisFPS    = 5                      // below, samples hold a frame or two: nothing to measure
	analysisCRF       = 23                     // the probe encode's constant quality
	gainEvery         = 8                      // the metric scores every 8th sampled frame: 6 of 45
)

// adapt replaces a plan's renditions with the adaptive ladder when the job
// asks for it. The analysis never fails the job: a source it cannot read
// gets the fixed caps, and the ladder's own run reports what is wrong.
func (t *Transcoder) adapt(ctx context.Context, p *plan, job Job) (*Analysis, error) {
	if !job.Adaptive {
		return nil, nil
	}
	a, start := &Analysis{}, time.Now()
	switch {
	case p.length < minAnalysisLength:
		a.Fallback = "too short to sample"
	case p.video.FrameRate > 0 && p.video.FrameRate < minAnalysisFPS:
		a.Fallback = "too few frames per second to sample (a still or a slideshow)"
	case p.video.HDR:
		a.Fallback = "HDR: its 8-bit pictures are not what viewers see"
	default:
		if err := t.analyse(ctx, *p, a); err != nil {
			if ctx.Err() != nil {
				return nil, err
			}
			a.Fallback = "analysis failed: " + err.Error()
		}
	}
	renditions, rate := decideLadder(p.renditions, a)
	if job.AV1 {
		a.NoAV1 = rate.skip
	}
	p.av1Rate = rate
	p.setRenditions(renditions)
	a.Took = time.Since(start)
	return a, nil
}

// analyse runs the probe encode and the metric in one ffmpeg run.
func (t *Transcoder) analyse(ctx context.Context, p plan, a *Analysis) error {
	dir, err := os.MkdirTemp("", "vidhost-analysis-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir) //nolint:errcheck // scratch space
	probe := p.renditions[analysisRendition(p.renditions)]
	read := func(r io.Reader) error {
		a.Frames, err = lastFrameCount(r)
		return err
	}
	if err := runTool(ctx, t.cfg.FFmpeg, analysisArgs(p, dir, t.cfg.Metric), read); err != nil {
		return err
	}
	a.Expected = int(math.Round(float64(analysisSamples) * p.sampleLength().Seconds() * p.frameRate()))
	info, err := os.Stat(filepath.Join(dir, "probe.h264"))
	if err != nil {
		return err
	}
	if a.Frames > 0 {
		a.BitsPerPixel = float64(info.Size()*8) / float64(a.Frames*probe.Width*probe.Height)
	}
	for i := range len(p.renditions) - 1 {
		stats, err := os.ReadFile(filepath.Join(dir, gainStats(i))) //nolint:gosec // our own scratch directory
		if err != nil {
			return err
		}
		score, err := t.cfg.Metric.Score(stats)
		if err != nil {
			return err
		}
		a.Gains = append(a.Gains, max(0, 1-score))
	}
	return nil
}

// analysisRendition is the probe encode's size: the smallest rendition of
// at least 360p, big enough to show detail and quick to encode.
func analysisRendition(renditions []Rendition) int {
	for i := len(renditions) - 1; i >= 0; i-- {
		if renditions[i].Rung.Height >= 360 {
			return i
		}
	}
	return 0
}

// analysisArgs seek before each -i (the demuxer jumps to the keyframe
// before each sample and, with -noaccurate_seek, decoding starts there), so
// the run reads a few seconds of the source wherever they are. The samples
// are joined and split twice: a constant-quality ultrafast encode whose size
// measures the complexity, and every gainEvery-th frame scored at each
// rendition's size against the next rendition's size scaled up.
func analysisArgs(p plan, dir string, metric Metric) []string {
	args := quietArgs()
	args = append(args, "-nostats", "-progress", "pipe:1") // frame= counts what the probe encode got
	for _, start := range sampleStarts(p) {
		args = append(args, sourceArgs()...)
		args = append(args, "-noaccurate_seek", "-ss", secondsArg(start), "-t", secondsArg(p.sampleLength()))
		args = append(args, "-i", inputURL(p.source))
	}
	args = append(args, "-filter_complex", analysisGraph(p, dir, metric))
	args = append(args, "-map", "[probe]", "-c:v", "libx264", "-preset", "ultrafast")
	args = append(args, "-crf", strconv.Itoa(analysisCRF))
	args = append(args, "-fps_mode", "passthrough") // every decoded frame once, none made up: frame= counts them
	args = append(args, "-f", "h264", filepath.Join(dir, "probe.h264"))
	for i := range len(p.renditions) - 1 {
		args = append(args, "-map", fmt.Sprintf("[q%d]", i), "-f", "null", "-")
	}
	return args
}

func analysisGraph(p plan, dir string, metric Metric) string {
	var b strings.Builder
	for i := range analysisSamples {
		// each sample from 0: a sample starts at a keyframe before its seek point
		fmt.Fprintf(&b, "[%d:%d]setpts=PTS-STARTPTS[i%d];", i, p.video.Index, i)
	}
	for i := range analysisSamples {
		fmt.Fprintf(&b, "[i%d]", i)
	}
	gains := len(p.renditions) - 1
	fmt.Fprintf(&b, "concat=n=%d:v=1:a=0,format=yuv420p,%s", analysisSamples, cropFilter(p))
	probe := p.renditions[analysisRendition(p.renditions)]
	if gains == 0 {
		fmt.Fprintf(&b, "scale=%d:%d,setsar=1[probe]", probe.Width, probe.Height)
		return b.String()
	}
	fmt.Fprintf(&b, "split=2[a][g];[a]scale=%d:%d,setsar=1[probe]", probe.Width, probe.Height)
	fmt.Fprintf(&b, ";[g]select='not(mod(n\\,%d))',split=%d", gainEvery, gains)
	for i := range gains {
		fmt.Fprintf(&b, "[g%d]", i)
	}
	for i := range gains {
		big, small := p.renditions[i], p.renditions[i+1]
		fmt.Fprintf(&b, ";[g%d]scale=%d:%d,split[r%d][x%d]", i, big.Width, big.Height, i, i)
		fmt.Fprintf(&b, ";[x%d]scale=%d:%d,scale=%d:%d[y%d]", i, small.Width, small.Height, big.Width, big.Height, i)
		fmt.Fprintf(&b, ";[y%d][r%d]%s[q%d]", i, i, metric.Filter(filepath.Join(dir, gainStats(i))), i)
	}
	return b.String()
}

func gainStats(i int) string { return fmt.Sprintf("gain-%d.log", i) }

// sampleLength is how long each sample is: what sampleBits of the source
// last, within minSampleLength and maxSampleLength (the longest when the
// source does not say its bitrate).
func (p plan) sampleLength() time.Duration {
	if p.bitRate <= 0 {
		return maxSampleLength
	}
	length := time.Duration(float64(sampleBits) / float64(p.bitRate) * float64(time.Second))
	return min(maxSampleLength, max(minSampleLength, length)).Round(time.Millisecond)
}

// sampleStarts spreads the samples evenly over the output (a clip, or the
// whole source), each centred in its share.
func sampleStarts(p plan) []time.Duration {
	var offset time.Duration
	if p.clip != nil {
		offset = p.clip.Start
	}
	share := p.length / analysisSamples
	starts := make([]time.Duration, analysisSamples)
	for i := range starts {
		starts[i] = offset + time.Duration(i)*share + max(0, (share-p.sampleLength())/2)
	}
	return starts
}

// lastFrameCount reads -progress output and returns the last frame= value.
func lastFrameCount(r io.Reader) (int, error) {
	frames := 0
	scanner := bufio.NewScanner(r)
	for scanner.Scan() {
		if value, ok := strings.CutPrefix(strings.TrimSpace(scanner.Text()), "frame="); ok {
			if n, err := strconv.Atoi(value); err == nil {
				frames = n
			}
		}
	}
	if err := scanner.Err(); err != nil && !errors.Is(err, io.EOF) {
		return frames, err
	}
	return frames, nil
}
