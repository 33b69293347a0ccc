package media

import (
	"fmt"
	"strconv"
)

// The AV1 variant set (Job.AV1) repeats the H.264 renditions, same frames
// and same audio, encoded with SVT-AV1 in the same ffmpeg run: the decoded
// source is scaled once per rendition and the picture goes to both
// encoders, whose keyframes land on the same 2 s grid (videoArgs' -g and
// -force_key_frames apply to every video stream). Its CMAF segments sit
// beside the H.264 ones, in an adaptation set of their own in the DASH
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

// av1Stream is the output stream index of AV1 rendition j: after the H.264
// video and the audio, so the H.264 ladder's streams (and the MP4's
// selection of them) are numbered as without AV1.
func (p plan) av1Stream(j int) int {
	return len(p.renditions) + len(p.audioBitrates) + j
}

// av1VideoIndex is AV1 rendition j's index among the output's video
// streams, which per-stream options (-c:v:N) count by.
func (p plan) av1VideoIndex(j int) int {
	return len(p.renditions) + j
}

// av1Args map and encode the AV1 renditions; nil without Job.AV1. The
// options name each stream, overriding videoArgs' H.264 ones for it.
func av1Args(p plan) []string {
	var args []string
	for j := range p.av1 {
		args = append(args, "-map", fmt.Sprintf("[a%d]", j)) // output streams after the audio
	}
	for j, r := range p.av1 {
		v := p.av1VideoIndex(j)
		args = append(args, fmt.Sprintf("-c:v:%d", v), "libsvtav1")                       // AV1 for players that decode it
		args = append(args, fmt.Sprintf("-preset:v:%d", v), strconv.Itoa(av1Preset))      // see av1Preset
		args = append(args, fmt.Sprintf("-crf:v:%d", v), strconv.Itoa(r.CRF))             // constant quality, which forced keyframes need
		args = append(args, fmt.Sprintf("-maxrate:v:%d", v), kbps(r.MaxRate))             // the cap on that quality's cost
		args = append(args, fmt.Sprintf("-bufsize:v:%d", v), kbps(r.BufSize))             // how long a peak may last
		args = append(args, fmt.Sprintf("-svtav1-params:v:%d", v), "mbr-overshoot-pct=0") // the cap is a cap
	}
	return args
}
