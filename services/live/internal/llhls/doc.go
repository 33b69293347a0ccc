// Package llhls packages a live event's source rendition as Low-Latency
// HLS (RFC 8216bis, Apple's LL-HLS): the publisher's H.264 and AAC access
// units, as the ingest receives them (the WriteH264 / WriteAAC calls that
// restream.Fanout takes), are cut into fMP4 parts of at most PartTarget
// (334 ms: ten frames at 30 fps) and segments of about SegmentTarget (2 s,
// at the publisher's keyframes), without re-encoding. A segment is its
// parts' bytes in order, so memory holds each frame once, and the window
// (30 segments, the 60 s DVR) bounds it.
//
// The media playlist carries the LL tags (EXT-X-PART-INF, EXT-X-SERVER-
// CONTROL with CAN-BLOCK-RELOAD, PART-HOLD-BACK = 3 parts and
// CAN-SKIP-UNTIL = 6 target durations, EXT-X-PART for the last three
// target durations, EXT-X-PRELOAD-HINT for the next part, EXT-X-SKIP delta
// updates) and lists every complete segment with EXTINF and
// EXT-X-PROGRAM-DATE-TIME too, so standard players play the same playlist
// segment by segment. Parts are numbered across the stream (part<n>.mp4),
// so the hinted part exists whether or not a keyframe ends the segment
// first. ServeHTTP answers blocking reloads (_HLS_msn, _HLS_part) and the
// hinted part by waiting: every waiting request sleeps on one channel that
// each new part closes (wait.go), so viewers cost nothing between parts and
// are all answered the moment the part exists. The hinted part is sent
// once complete, not streamed as it grows: a third of a second more for
// the first frame of a part, for a much simpler server.
//
// Why in Go: Debian's ffmpeg 5.1, which makes the other live outputs, has
// an HLS muxer that cannot write parts. Why mediacommon's fmp4 writer: it
// is already a dependency (the ingest's MPEG-TS demuxer and remuxer) and
// it is the muxer mediamtx's LL-HLS server is built on; gohlslib, that
// server's packager, is not available to this build.
//
// Wiring: each live run keeps one Muxer beside its ffmpeg pipeline
// (ingest/lowlatency.go): onMedia hands it every unit as to the restream
// outputs (a write error is logged, never fatal to the ingest), a
// reconnected publisher calls Restart, the run's end calls Close. The live
// service serves ServeHTTP from memory on an internal HTTP port (package
// origin) at /live/<video>/<stream>/ll/, the stream's id in the path as
// part and segment names restart with each muxer; the gateway's edge
// proxies /media/<id>/live/ll/<stream>/... to it with its access rules
// (pkg/liveorigin is the contract). Master writes the stream's own master
// playlist, the event's "HLS low-latency" output: the source rendition
// alone, as ffmpeg's 360p rung is cut and timed otherwise (docs/live.md,
// "Low-latency HLS").
package llhls
