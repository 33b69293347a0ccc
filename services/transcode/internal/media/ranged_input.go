package media

import (
	"encoding/json"
	"strconv"
	"strings"
)

// rangedDemuxers are the containers a unit may read by range, by ffprobe's
// format_name, with the demuxer that reads them. Both carry an index
// (MP4's moov box, Matroska's cues) from which the demuxer seeks straight
// to the keyframe before a chunk's start, so ffmpeg's http protocol asks
// for the index and that stretch only. Other containers (MPEG-TS, AVI,
// FLV...) seek by scanning, or not at all: their units copy the source.
var rangedDemuxers = map[string]string{
	"mov,mp4,m4a,3gp,3g2,mj2": "mov",
	"matroska,webm":           "matroska",
}

// rangedDemuxer is the demuxer for format, or "" when a unit copies it.
func rangedDemuxer(format string) string { return rangedDemuxers[format] }

// ReadsByRange tells whether a unit of the plan recorded in record may
// read its source from a loopback URL that answers Range requests
// (package sourcehttp) instead of a local copy: whether the parent
// probed a container that ffmpeg seeks in by its index.
func ReadsByRange(record []byte) bool {
	var r struct {
		Format string `json:"format"`
	}
	return json.Unmarshal(record, &r) == nil && rangedDemuxer(r.Format) != ""
}

// servedOverHTTP tells a loopback URL (sourcehttp's) from a local path:
// only a worker's own server is ever named as a source, never another host.
func servedOverHTTP(source string) bool {
	return strings.HasPrefix(source, "http://127.0.0.1:")
}

// sourceInput is -i's argument for a source: the URL as it is, or the
// path as a plain file (inputURL).
func sourceInput(source string) string {
	if servedOverHTTP(source) {
		return source
	}
	return inputURL(source)
}

// socketBuffer bounds the receive buffer of ffmpeg's connections, which
// Linux would otherwise grow to megabytes on loopback: ffmpeg leaves a
// connection for another at every seek, and the server has pushed into
// the buffer as much as it holds. 64 KiB (the kernel doubles it) still
// reads a source far faster than any encode consumes it.
const socketBuffer = 64 << 10

// rangedInputArgs come before the -i of a source served over loopback HTTP
// in format (a rangedDemuxers key). ffmpeg's http protocol seeks with
// Range requests; each seek opens a new connection, so keep-alive
// (-multiple_requests) would buy nothing, and on loopback nothing is worth
// a reconnect: a cut response fails the unit, which is retried.
func rangedInputArgs(format string) []string {
	demuxer := rangedDemuxer(format)
	var args []string
	args = append(args, "-protocol_whitelist", "http,tcp")  // the loopback URL only: no file, no other scheme a response could name
	args = append(args, "-format_whitelist", sourceFormats) // as for a file
	args = append(args, "-f", demuxer)                      // the parent's probe decides, never the bytes: no playlist or concat demuxer that follows references
	if demuxer == "mov" {
		args = append(args, "-enable_drefs", "0") // the demuxer's default, pinned: a data reference never opens another file or URL
	}
	args = append(args, "-seekable", "1")                                // seek by Range requests: the server answers them, no need to find out
	args = append(args, "-max_redirects", "0")                           // the server never redirects: a redirect would lead elsewhere
	args = append(args, "-http_proxy", "")                               // no proxy from the environment (http_proxy): the connection stays on loopback
	args = append(args, "-icy", "0")                                     // no Icy-MetaData header: not a radio stream
	args = append(args, "-recv_buffer_size", strconv.Itoa(socketBuffer)) // a seek abandons a connection: what its buffer held was read for nothing
	return args
}
