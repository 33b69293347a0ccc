package media

import (
	"fmt"
	"strconv"
	"time"
)

// quietArgs start every ffmpeg run.
func quietArgs() []string {
	var args []string
	args = append(args, "-hide_banner")       // the stderr tail kept for errors holds only errors
	args = append(args, "-nostdin")           // never waits for a keyboard
	args = append(args, "-y")                 // a redelivered job overwrites its own earlier files
	args = append(args, "-loglevel", "error") // stderr carries only failures: they become the error
	return args
}

// sourceArgs come before every -i that reads a user's source.
func sourceArgs() []string {
	var args []string
	args = append(args, "-protocol_whitelist", "file")      // a source never reaches the network
	args = append(args, "-format_whitelist", sourceFormats) // no playlist demuxers that open other files
	return args
}

// ladderArgs is the ffmpeg run that decodes the source once and writes
// every H.264 rendition, the audio, the DASH/HLS segments and the
// progressive MP4 (the AV1 set has a run of its own: av1LadderArgs).
func ladderArgs(p plan) []string {
	args := quietArgs()
	args = append(args, "-nostats")                                           // progress comes from -progress instead
	args = append(args, "-progress", "pipe:1")                                // key=value blocks on stdout every 0.5 s
	args = append(args, inputArgs(p)...)                                      // the source, or the part a clip asks for
	args = append(args, "-filter_complex", scaledGraph(p, len(p.renditions))) // decode once, scale once per rendition
	args = append(args, videoArgs(p)...)                                      // one x264 encode per rendition
	args = append(args, audioArgs(p)...)                                      // one AAC encode per distinct audio bitrate
	args = append(args, "-map_metadata", "-1")                                // source tags stay private (phones store GPS there)
	args = append(args, "-map_chapters", "-1")                                // chapters belong to the catalog, not the files
	args = append(args, "-f", "tee")                                          // one encode, two muxers: CMAF segments and MP4
	args = append(args, teeOutputs(p))                                        // see teeOutputs
	return args
}

// inputArgs opens the source as a plain local file, or for a unit that
// reads it by range, as a loopback URL (rangedInputArgs). A clip seeks before -i:
// the demuxer jumps near the start, and since we re-encode, ffmpeg decodes
// from the keyframe before it and drops frames up to the exact start. A
// chunk seeks the same way but keeps the source's clock, so its frames and
// segments carry the times a one-process run gives them (its end is a
// filter: see scaledGraph).
func inputArgs(p plan) []string {
	args := sourceArgs()
	if servedOverHTTP(p.source) {
		args = rangedInputArgs(p.format)
	}
	if p.clip != nil {
		args = append(args, "-ss", secondsArg(p.clip.Start))   // frame-accurate start, see above
		args = append(args, "-t", secondsArg(p.clip.Length())) // read only the clip's length
	}
	if p.chunk != nil {
		args = append(args, "-copyts")                        // timestamps stay the source's, not restarted at 0
		args = append(args, "-start_at_zero")                 // counted from the source's start, as a one-process run counts
		args = append(args, "-ss", secondsArg(p.chunk.Start)) // frame-accurate: the first frame at or after Start
	}
	args = append(args, "-i", sourceInput(p.source))
	return args
}

// scaledGraph splits the decoded video once per rendition, the first n of
// p.renditions, after cropping it to the renditions' shape when the
// source's differs (see ladderRatio); rendition i is [v<i>]. Each is scaled
// to its exact size and marked with square pixels (setsar=1): every player
// then shows it as it is stored, and all of them share one display aspect
// ratio, which the DASH muxer requires of an adaptation set. Scaling alone
// would keep the source's aspect ratio by changing the pixels' shape
// (854x480 as 1280:1281). The H.264 ladder and the AV1 set build the same
// graph, so both encode the same pictures.
func scaledGraph(p plan, n int) string {
	chain := fmt.Sprintf("[0:%d]", p.video.Index)
	if p.video.Interlaced {
		chain += "yadif=deint=interlaced," // progressive output for players that cannot deinterlace
	}
	if p.chunk != nil && p.chunk.End < p.length {
		chain += "trim=end=" + secondsArg(p.chunk.End) + "," // frames before End only: the next chunk starts at the first at or after it
	}
	chain += "format=yuv420p," // 8-bit 4:2:0: what every H.264 decoder plays
	chain += cropFilter(p)
	chain += fmt.Sprintf("split=%d", n)
	for i := range n {
		chain += fmt.Sprintf("[s%d]", i)
	}
	for i, r := range p.renditions[:n] {
		chain += fmt.Sprintf(";[s%d]scale=%d:%d,setsar=1[v%d]", i, r.Width, r.Height, i)
	}
	return chain
}

// cropFilter trims the centre of the frame, as displayed (the crop
// expressions account for the source's pixel shape), to the renditions'
// shape; "" when the source already has it.
func cropFilter(p plan) string {
	source := p.video.Aspect
	if source == (Ratio{}) {
		source = reduced(int64(p.video.Width), int64(p.video.Height))
	}
	top := p.renditions[0]
	target := reduced(int64(top.Width), int64(top.Height))
	if source == target {
		return ""
	}
	w, h := target.Width, target.Height
	return fmt.Sprintf(`crop=w=min(iw\,ih*%d/%d/sar):h=min(ih\,iw*sar*%d/%d),`, w, h, h, w)
}

// keyframeExpr forces a keyframe at the first frame at or after every
// multiple of the segment length. ffmpeg counts t from the run's first
// frame: 0 for a whole output; for a chunk, its first frame, which lies a
// fraction of a frame after the chunk's start when the frame rate does not
// divide it (at 29.97 fps the chunk at 30 s starts with the frame at
// 30.03 s). Subtracting that lead gives a chunk the one-process run's grid.
func keyframeExpr(p plan) string {
	if lead := p.firstFrameAt(p.runStart()) - p.runStart().Seconds(); lead > 0 {
		return fmt.Sprintf("expr:gte(t,n_forced*%d-%.6f)", segmentSeconds, lead)
	}
	return fmt.Sprintf("expr:gte(t,n_forced*%d)", segmentSeconds)
}

func kbps(value int) string { return strconv.Itoa(value) + "k" }

func secondsArg(d time.Duration) string {
	return strconv.FormatFloat(d.Seconds(), 'f', 3, 64)
}
