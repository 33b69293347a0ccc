// Package pipeline turns one publisher's stream into live HLS: the RTMP
// access units are remuxed into MPEG-TS (no decoding) and piped into one
// ffmpeg process, which writes CMAF segments for the source rung (copied,
// not re-encoded) and one lower rung, plus a recording of the source; an
// uploader copies what ffmpeg finishes to the blob store under the event's
// media folder, where the existing edge serves it at /media.
package pipeline
