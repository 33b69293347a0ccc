package pipeline

import (
	"fmt"
	"path/filepath"
	"strconv"
)

// Rung is the lower rendition encoded beside the copied source.
type Rung struct {
	Name         string // the variant's folder and NAME in the master playlist
	Height       int    // pixels; the width follows the source's aspect
	VideoBitrate int    // bits per second
	AudioBitrate int    // bits per second
}

// Plan is what one live run writes, all under Dir.
type Plan struct {
	// Dir is the run's work folder: live/ (the HLS tree as served) and
	// recording.ts.
	Dir string
	// SegmentSeconds is the target HLS segment length. The source rung is
	// copied, so its segments are cut at the publisher's keyframes: the
	// publisher must send one every SegmentSeconds (docs/live.md).
	SegmentSeconds int
	// ListSize is how many segments each playlist lists: the DVR window is
	// ListSize*SegmentSeconds.
	ListSize int
	Lower    Rung
}

// DefaultPlan is the live ladder: source passthrough plus 360p, 2 s
// segments, a 60 s DVR window.
func DefaultPlan(dir string) Plan {
	return Plan{Dir: dir, SegmentSeconds: 2, ListSize: 30,
		Lower: Rung{Name: "360p", Height: 360, VideoBitrate: 800_000, AudioBitrate: 96_000}}
}

// LiveFolder is the HLS tree's folder in the event's media folder (and in
// Dir): videos/<account>/<video>/live/.
const LiveFolder = "live"

// MasterPlaylist is the path, in the event's media folder, players open.
const MasterPlaylist = LiveFolder + "/master.m3u8"

// RecordingFile is the recording's name in Dir.
const RecordingFile = "recording.ts"

// Args is the ffmpeg argument list for p: MPEG-TS on stdin, HLS and the
// recording out.
func Args(p Plan) []string {
	var args []string
	args = append(args, "-hide_banner")       // stderr holds only what matters
	args = append(args, "-loglevel", "error") // stderr carries only failures: they become the reason
	args = append(args, "-nostats")           // no progress lines on stderr
	args = append(args, "-y")                 // a run's folder is its own; overwrite is harmless
	args = append(args, inputArgs()...)
	args = append(args, hlsArgs(p)...)
	args = append(args, recordingArgs(p)...)
	return args
}

// inputArgs read the remuxed stream from the pipe.
func inputArgs() []string {
	var args []string
	args = append(args, "-fflags", "+genpts") // a publisher's odd timestamps get filled in, not refused
	// Probing ends once every track's parameters are known, at most after
	// 3 s of stream: the default 5 s delays every segment and skews
	// EXT-X-PROGRAM-DATE-TIME, stamped when the muxer starts, and 1 s was
	// too short for a WHIP publisher on a loaded machine, whose AAC comes
	// from a second ffmpeg a second or more behind the video ("sample rate
	// not set": the recording could not start).
	args = append(args, "-analyzeduration", "3000000")
	args = append(args, "-probesize", "2000000")       // bytes: 3 s of a 5 Mbit/s stream
	args = append(args, "-f", "mpegts")                // the pipe carries MPEG-TS (pipeline.TSWriter), never probed as anything else
	args = append(args, "-protocol_whitelist", "pipe") // the input can open nothing but the pipe
	args = append(args, "-i", "pipe:0")                // stdin
	return args
}

// hlsArgs write the two rungs as one CMAF HLS tree with a master playlist.
// The flags: independent_segments because every segment starts with a
// keyframe; program_date_time so players (and bench/live) measure latency
// against the wall clock; delete_segments so a long event does not fill the
// disk; temp_file so the uploader never sees a half-written file (ffmpeg
// renames a file into place once it is complete).
func hlsArgs(p Plan) []string {
	seg := strconv.Itoa(p.SegmentSeconds)
	var args []string
	args = append(args, "-map", "0:v:0", "-map", "0:a:0")                                         // rung 0: the source
	args = append(args, "-map", "0:v:0", "-map", "0:a:0")                                         // rung 1: the lower rendition
	args = append(args, "-c:v:0", "copy")                                                         // passthrough: H.264 as published, no CPU spent
	args = append(args, "-filter:v:1", fmt.Sprintf("scale=-2:%d,format=yuv420p", p.Lower.Height)) // keep the aspect, even width, 8-bit 4:2:0
	args = append(args, "-c:v:1", "libx264")                                                      // what every player decodes
	args = append(args, "-preset:v:1", "veryfast")                                                // real time on a small machine
	args = append(args, "-tune:v:1", "zerolatency")                                               // no lookahead: frames leave as they come
	args = append(args, "-b:v:1", strconv.Itoa(p.Lower.VideoBitrate))                             // the rung's target
	args = append(args, "-maxrate:v:1", strconv.Itoa(p.Lower.VideoBitrate*3/2))                   // bounded peaks for viewers on slow links
	args = append(args, "-bufsize:v:1", strconv.Itoa(p.Lower.VideoBitrate*2))                     // two seconds of VBV
	args = append(args, "-force_key_frames:v:1", "expr:gte(t,n_forced*"+seg+")")                  // a keyframe at every segment boundary
	args = append(args, "-sc_threshold:v:1", "0")                                                 // keyframes only where we put them
	// Frames keep their own times. A WebRTC publisher's are uneven (90 kHz
	// capture times) and ffmpeg guesses 90000 fps from them: a constant-rate
	// output duplicated thousands of frames a second (x264 at full CPU, its
	// input unread, the event never live) and x264 spread the bitrate over
	// them (QP 51) and wrote level 6.2 (avc1.64003e) for 360p.
	args = append(args, "-fps_mode:v:1", "vfr")
	args = append(args, "-fpsmax:v:1", "60")                                                              // the rate x264 sizes its level and VBV for: at most 60
	args = append(args, "-enc_time_base:v:1", "-1")                                                       // the input's 90 kHz times, not a 1/60 s grid that would merge frames
	args = append(args, "-c:a:1", "aac", "-b:a:1", strconv.Itoa(p.Lower.AudioBitrate))                    // AAC at the rung's rate
	args = append(args, "-f", "hls")                                                                      // the HLS muxer
	args = append(args, "-hls_time", seg)                                                                 // target segment length
	args = append(args, "-hls_list_size", strconv.Itoa(p.ListSize))                                       // the DVR window
	args = append(args, "-hls_segment_type", "fmp4")                                                      // CMAF segments (init.mp4 + .m4s)
	args = append(args, "-hls_flags", "independent_segments+program_date_time+delete_segments+temp_file") // see above
	args = append(args, "-hls_delete_threshold", strconv.Itoa(p.ListSize))                                // local copies go long after the upload
	args = append(args, "-master_pl_name", "master.m3u8")                                                 // the playlist players open
	args = append(args, "-var_stream_map", "v:0,a:0,name:source v:1,a:1,name:"+p.Lower.Name)              // two variants, each with its audio
	args = append(args, "-hls_fmp4_init_filename", "init.mp4")                                            // per variant, in its folder
	args = append(args, "-hls_segment_filename", filepath.Join(p.Dir, LiveFolder, "%v", "%05d.m4s"))      // numbered: names are never reused, so segments cache forever
	args = append(args, filepath.Join(p.Dir, LiveFolder, "%v", "index.m3u8"))                             // each variant's playlist
	return args
}

// recordingArgs copy the source, untouched, into the recording that the
// VOD ladder transcodes once the event ends. MPEG-TS survives an abrupt end
// (a killed ffmpeg leaves a playable file).
func recordingArgs(p Plan) []string {
	var args []string
	args = append(args, "-map", "0:v:0", "-map", "0:a:0")    // the source's video and audio
	args = append(args, "-c", "copy")                        // no re-encode: the ladder does that once
	args = append(args, "-f", "mpegts")                      // see above
	args = append(args, filepath.Join(p.Dir, RecordingFile)) // beside the HLS tree
	return args
}
