package media

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"time"
)

// Info is what ffprobe tells about a source.
type Info struct {
	Format     string // ffprobe's format_name, e.g. "mov,mp4,m4a,3gp,3g2,mj2"
	Duration   time.Duration
	StillImage bool         // a picture format: never a video
	Video      *VideoStream // nil when there is none
	Audio      *AudioStream // nil when there is none
	Streams    int          // streams of every kind, cover art and data included
	BitRate    int64        // bits per second of the whole file; 0 when unknown
}

// VideoStream is the source's first video stream that is not cover art.
type VideoStream struct {
	Index                   int // stream index in the source, for -map
	Codec                   string
	Width, Height           int   // as displayed: rotation and pixel aspect applied
	Aspect                  Ratio // as displayed, exact: 720x480 at SAR 32:27 is 16:9
	CodedWidth, CodedHeight int
	FrameRate               float64 // 0 when the container does not say
	// RealFrameRate is ffprobe's r_frame_rate, the rate of ffmpeg's
	// constant-rate output: every frame of the ladder sits on a tick of
	// 1/RealFrameRate s from 0 (a phone's 29.97 fps average is encoded at
	// its r_frame_rate of 30). 0 when the container does not say. It can
	// be a time base rather than a rate (90000 for a WHIP recording, whose
	// frames carry uneven capture times): the plan then pins another
	// (plan.outputRate, keyframeArgs).
	RealFrameRate float64
	Rotation      int // degrees, 0-359, as the container stores it
	Interlaced    bool
	HDR           bool       // PQ or HLG transfer: the 8-bit ladder is not what a viewer of the source sees
	Spherical     *Spherical // nil unless 360° metadata is present
}

// AudioStream is the source's first audio stream.
type AudioStream struct {
	Index    int
	Codec    string
	Channels int
}

// Spherical is 360° video metadata (Spherical Video V2: an sv3d box, or
// Matroska's Projection element).
type Spherical struct {
	Projection       string // "equirectangular" or "cubemap"
	Yaw, Pitch, Roll int    // degrees
}

// sourceFormats are the demuxers a source may use. Playlist formats (hls,
// concat, dash) are left out on purpose: they make ffmpeg open other files
// and URLs named inside the upload. Audio and picture formats stay in so
// such uploads get a precise reason rather than "not a video we can read".
const sourceFormats = "mov,matroska,avi,asf,flv,mpegts,mpeg,mpegvideo,mxf,ogg,dv,m4v,h264,hevc," +
	"yuv4mpegpipe,nut,rm,ivf,gif,mp3,wav,aac,flac,image2,png_pipe,jpeg_pipe,webp_pipe,bmp_pipe"

// maxProbeOutput bounds ffprobe's JSON; real files print a few kilobytes.
const maxProbeOutput = 4 << 20

// Probe runs ffprobe on a local file. A file ffprobe cannot read gives a
// *SourceError (reasonUnreadable, or why, when ffprobe says); Probe does not
// apply Limits. The content decides, never the file's name: any container
// of sourceFormats is read (.webm, .ts, .3gp, .ogv...).
func Probe(ctx context.Context, ffprobe, path string) (Info, error) {
	var out []byte
	read := func(r io.Reader) (err error) {
		out, err = io.ReadAll(io.LimitReader(r, maxProbeOutput))
		return err
	}
	err := runTool(ctx, ffprobe, probeArgs(path), read)
	var execErr *ExecError
	if errors.As(err, &execErr) && ctx.Err() == nil {
		return Info{}, unreadableSource(execErr.Stderr)
	}
	if err != nil {
		return Info{}, err
	}
	var parsed probeOutput
	if err := json.Unmarshal(out, &parsed); err != nil {
		return Info{}, fmt.Errorf("ffprobe output: %w", err)
	}
	return parsed.info(), nil
}

func probeArgs(path string) []string {
	var args []string
	args = append(args, "-v", "error") // only failures on stderr: they become the error's detail
	args = append(args, sourceArgs()...)
	args = append(args, "-print_format", "json") // parsed into probeOutput
	args = append(args, "-show_format")          // container and duration
	args = append(args, "-show_streams")         // streams, with side data (rotation, 360°)
	args = append(args, "-i", inputURL(path))
	return args
}

// inputURL makes ffmpeg treat path as a plain file whatever its name looks
// like ("concat:…", "-x", "http:…").
func inputURL(path string) string {
	abs, err := filepath.Abs(path)
	if err != nil {
		abs = path
	}
	return "file:" + abs
}

// isStillImage tells picture demuxers: image2 and the *_pipe family.
func isStillImage(format string) bool {
	return format == "image2" || strings.HasSuffix(format, "_pipe")
}
