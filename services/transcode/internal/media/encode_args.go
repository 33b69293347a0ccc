package media

import (
	"fmt"
	"strconv"
)

// videoArgs encode every rendition with aligned keyframes, so segment n of
// every rung starts at the same instant and players can switch between them.
func videoArgs(p plan) []string {
	var args []string
	for i := range p.renditions {
		args = append(args, "-map", fmt.Sprintf("[v%d]", i)) // output stream i is rendition i
	}
	args = append(args, "-c:v", "libx264")            // H.264: plays everywhere
	args = append(args, "-preset", "veryfast")        // the speed/size balance measured for this ladder
	args = append(args, "-sc_threshold", "0")         // keyframes only where we put them, so rungs stay aligned
	args = append(args, keyframeArgs(p)...)           // see keyframeArgs
	args = append(args, "-flags:v", "+global_header") // tee hides that MP4 and CMAF want SPS/PPS in the header
	for i, r := range p.renditions {
		args = append(args, rungArgs(i, r, p.levelFor(r))...)
	}
	return args
}

// keyframeArgs put a keyframe at the start of every 2 s segment and
// nowhere else, in every video stream of a run: the H.264 ladder's and
// the AV1 set's keyframes land on the same grid.
func keyframeArgs(p plan) []string {
	gop := strconv.Itoa(p.gop())
	var args []string
	args = append(args, "-g", gop)                              // at most one GOP per 2 s segment
	args = append(args, "-keyint_min", gop)                     // and no shorter GOPs either
	args = append(args, "-force_key_frames:v", keyframeExpr(p)) // a keyframe every 2 s of time, even at variable frame rates
	if rate := p.outputRate(); p.video.RealFrameRate > 0 && rate != p.video.RealFrameRate {
		// ffmpeg's constant-rate output follows the source's r_frame_rate,
		// a time base here (90000 for a browser's WHIP recording, whose
		// frames carry uneven capture times): it would make up thousands
		// of frames a second. The plan's rate instead: the average, 30
		// when nothing says.
		args = append(args, "-r:v", strconv.FormatFloat(rate, 'f', -1, 64))
	}
	return args
}

// rungArgs are the per-rendition rate control and compatibility settings.
func rungArgs(i int, r Rendition, level string) []string {
	var args []string
	if r.CRF > 0 {
		args = append(args, fmt.Sprintf("-crf:v:%d", i), strconv.Itoa(r.CRF)) // capped CRF: quality aimed at, the caps below bound it
	} else {
		args = append(args, fmt.Sprintf("-b:v:%d", i), kbps(r.VideoBitrate)) // average bitrate of the rung
	}
	args = append(args, fmt.Sprintf("-maxrate:v:%d", i), kbps(r.MaxRate)) // VBV peak, what the playlist announces
	args = append(args, fmt.Sprintf("-bufsize:v:%d", i), kbps(r.BufSize)) // VBV buffer: how long a peak may last
	args = append(args, fmt.Sprintf("-profile:v:%d", i), r.Profile)       // decoder features the rung may use
	if level != "" {
		args = append(args, fmt.Sprintf("-level:v:%d", i), level) // devices pick streams by level
	}
	return args
}

// audioArgs encode the first audio stream once per distinct bitrate of the
// renditions; a source without audio gets a video-only ladder.
func audioArgs(p plan) []string {
	if len(p.audioBitrates) == 0 {
		return nil
	}
	var args []string
	for range p.audioBitrates {
		args = append(args, "-map", fmt.Sprintf("0:%d", p.audio.Index)) // output streams after the video
	}
	args = append(args, "-c:a", "aac")                // AAC-LC: plays everywhere H.264 does
	args = append(args, "-ac", "2")                   // stereo: surround sources are downmixed for every player
	args = append(args, "-ar", "48000")               // one sample rate for every rendition
	args = append(args, "-flags:a", "+global_header") // as for video: the config goes in the header
	for i, bitrate := range p.audioBitrates {
		args = append(args, fmt.Sprintf("-b:a:%d", i), kbps(bitrate)) // the renditions' audio bitrate
	}
	return args
}
