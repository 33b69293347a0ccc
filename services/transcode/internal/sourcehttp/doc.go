// Package sourcehttp serves uploads from the blob store to the worker's own
// ffmpeg over a loopback HTTP listener, so a chunk unit reads only the bytes
// it needs instead of copying the whole upload first (docs/transcoding.md,
// "Reading only the range"). ffmpeg's http protocol seeks with Range
// requests, and each request here is one ranged blob read (Store.OpenRange):
// for an MP4 or Matroska source a chunk reads the index (the moov box, or
// the cues) and its own stretch, from the keyframe before its start.
//
// Each unit run registers its source under a random path of its own and
// removes it when the run ends: the listener is bound to 127.0.0.1, and a
// path nobody can guess keeps other local processes from reading uploads
// through it.
package sourcehttp
