package media

import (
	"fmt"
	"path/filepath"
	"strconv"
)

// The AV1 variant set (Job.AV1) repeats the H.264 renditions, same frames
// and same audio, encoded with SVT-AV1 in an ffmpeg run of its own beside
// the H.264 ladder's, at a lower CPU priority (ladder_run.go): the H.264
// ladder, and so the first playable segment, goes as fast as without AV1,
// and SVT-AV1 takes the CPU x264 leaves. Both runs decode and scale the
// source the same way (scaledGraph) and force keyframes on the same 2 s
// grid (keyframeArgs), so segment n of every rung of both sets starts at
// the same instant. The AV1 run writes video only: the variants play with
// the H.264 ladder's audio. Its CMAF segments sit beside the H.264 ones
// (av1Muxer's names), in an adaptation set of their own in the DASH
// manifest and as more variants in the same HLS master, so players that
// decode AV1 (hls.js, Shaka, Chrome, Firefox, recent Safari) choose it and
// the others never see it. The MP4 download stays H.264.
//
// Rate control is capped CRF: a constant quality, so easy pictures cost
// less than the cap, under a peak cap at a share of the H.264 rung's that
// SVT-AV1 is told to keep strictly (mbr-overshoot-pct=0). In CRF mode
// SVT-AV1 honours the forced keyframes, which keeps the grid (the
// integration test checks the segment timelines of both codecs match).
// The quality and the share follow the content (av1Rate, chosen with the
// H.264 ladder: adaptive.go's complexityTable); docs/transcoding.md ("AV1
// rungs") has the measurements behind the numbers.
//
// av1Preset is SVT-AV1's speed/efficiency step (0 slowest, 13 fastest).
// Measured on 4 s 1080p30 lavfi sources on the 2-core machine: 10 costs
// about the CPU of x264 veryfast on the same rung (1.2x on grain, 1.7x on a
// clean picture) for 0.43-0.47x its bytes; 8 took 1.6-2x 10's CPU and spent
// a fifth to a third more bytes for +0.003-0.004 SSIM; 12 saved 10-25 % of
// the CPU and lost 0.003-0.006 SSIM.
const av1Preset = 10

// av1ProgressWeight is the AV1 run's share of the ladder's progress
// against the H.264 run's 1: SVT-AV1 at av1Preset takes about twice x264's
// CPU for the same renditions (bench/quality: the efficient profile's jobs
// took 2.0-3.0x the fixed ladder's CPU).
const av1ProgressWeight = 2

// av1Rate is how the AV1 twins of a ladder are encoded: the constant
// quality they aim for (0-63) and the cap on its cost, as a share of the
// H.264 twin's peak and buffer in per cent; or, with skip, that the ladder
// gets none, and why.
type av1Rate struct {
	crf   int
	share int
	skip  string
}

func (rate av1Rate) encodes() bool { return rate.skip == "" }

// av1Fixed is the rate of AV1 twins beside a ladder the analysis did not
// decide (the fixed profile, a fallback): it kept every rung of the bench's
// busy sources at or above H.264's SSIM for about half the bytes.
var av1Fixed = av1Rate{crf: 30, share: 60}

// Where AV1 twins do not pay, the efficient profile leaves them out: they
// would double the job's CPU for bytes no smaller at the same SSIM
// (bench/quality; docs/transcoding.md, "AV1 rungs").
var (
	av1NotForStatic = av1Rate{skip: "static pictures: x264 already spends less than SVT-AV1 at the same SSIM"}
	av1NotForNoise  = av1Rate{skip: "noise: SVT-AV1 cannot keep H.264's SSIM for fewer bytes"}
)

// av1Renditions are the AV1 twins of the H.264 renditions: the same frame
// and audio, at rate's quality (Rendition.CRF) with peak caps at its share
// of theirs. VideoBitrate keeps the share too: it is what the manifests
// declare before a segment is measured. Profile and level are H.264's
// notions; SVT-AV1 writes main profile and picks the level itself.
func av1Renditions(renditions []Rendition, rate av1Rate) []Rendition {
	out := make([]Rendition, 0, len(renditions))
	for _, r := range renditions {
		r.CRF = rate.crf
		r.VideoBitrate = rate.of(r.VideoBitrate)
		r.MaxRate = rate.of(r.MaxRate)
		r.BufSize = rate.of(r.BufSize)
		r.Profile, r.Level = "", ""
		out = append(out, r)
	}
	return out
}

func (rate av1Rate) of(kbps int) int { return max(1, kbps*rate.share/100) }

// av1LadderArgs is the AV1 set's ffmpeg run: the source decoded and
// scaled as for the H.264 ladder, one SVT-AV1 encode per rendition, and
// the CMAF segments of av1Muxer.
func av1LadderArgs(p plan) []string {
	args := quietArgs()
	args = append(args, "-nostats")                                    // progress comes from -progress instead
	args = append(args, "-progress", "pipe:1")                         // key=value blocks on stdout every 0.5 s
	args = append(args, inputArgs(p)...)                               // the same frames as the H.264 ladder
	args = append(args, "-filter_complex", scaledGraph(p, len(p.av1))) // scaled as for the H.264 ladder
	args = append(args, av1Args(p)...)                                 // one SVT-AV1 encode per rendition
	args = append(args, keyframeArgs(p)...)                            // the H.264 ladder's keyframe grid
	args = append(args, "-flags:v", "+global_header")                  // CMAF wants the sequence header in the init segment
	args = append(args, "-map_metadata", "-1", "-map_chapters", "-1")  // as in the H.264 ladder
	args = append(args, "-f", "tee")                                   // the muxer options as the H.264 ladder's DASH output
	args = append(args, teeSlave(dashOptions(p, av1Muxer, "id=0,streams=v"), filepath.Join(p.outDir, av1Muxer.manifestPath)))
	return args
}

// av1Args map and encode the AV1 renditions.
func av1Args(p plan) []string {
	var args []string
	for j := range p.av1 {
		args = append(args, "-map", fmt.Sprintf("[v%d]", j)) // output stream j is AV1 rendition j
	}
	args = append(args, "-c:v", "libsvtav1")                // AV1 for players that decode it
	args = append(args, "-preset", strconv.Itoa(av1Preset)) // see av1Preset
	for j, r := range p.av1 {
		args = append(args, fmt.Sprintf("-crf:v:%d", j), strconv.Itoa(r.CRF))             // constant quality, which forced keyframes need
		args = append(args, fmt.Sprintf("-maxrate:v:%d", j), kbps(r.MaxRate))             // the cap on that quality's cost
		args = append(args, fmt.Sprintf("-bufsize:v:%d", j), kbps(r.BufSize))             // how long a peak may last
		args = append(args, fmt.Sprintf("-svtav1-params:v:%d", j), "mbr-overshoot-pct=0") // the cap is a cap
	}
	return args
}
