// Package llhls packages a live event's source rendition as Low-Latency
// HLS (RFC 8216bis, Apple's LL-HLS): the publisher's H.264 and AAC access
// units, as the ingest receives them (the same WriteH264 / WriteAAC calls
// as restream.Fanout), are cut into fMP4 parts of at most PartTarget
// (334 ms) and segments of about SegmentTarget (2 s, at the publisher's
// keyframes), without re-encoding. A segment is its parts' bytes in order,
// so memory holds each frame once; the window (30 segments, the 60 s DVR)
// bounds it.
//
// The media playlist carries the LL tags (EXT-X-PART-INF, EXT-X-SERVER-
// CONTROL with CAN-BLOCK-RELOAD, PART-HOLD-BACK and CAN-SKIP-UNTIL,
// EXT-X-PART for the last segments, EXT-X-PRELOAD-HINT for the next part,
// EXT-X-SKIP delta updates) and also lists every complete segment with
// EXTINF and EXT-X-PROGRAM-DATE-TIME, so standard players play the same
// playlist segment by segment. ServeHTTP answers blocking reloads
// (_HLS_msn, _HLS_part) and the preload-hinted part by waiting for the
// part: every waiting request sleeps on one channel that each new part
// closes (wait.go), so a thousand viewers cost nothing between parts and
// are all answered the moment it exists.
//
// Why in Go: Debian's ffmpeg 5.1, which makes the other live outputs, has
// an HLS muxer that cannot write parts. Why mediacommon's fmp4 writer: it
// is already a dependency (the ingest's MPEG-TS demuxer and remuxer) and
// it is the muxer mediamtx's LL-HLS server is built on; gohlslib, that
// server's packager, is not available to this build.
package llhls
