// Package profiles names the transcoding profiles a video can be made
// with: the values of the interface's `transcoder` field. It is one home
// for two services. The catalog validates the name a client sends, stores
// it on the video and puts it on the video's transcode job; the transcode
// worker reads it back and turns it into encoder choices (Adaptive, AV1).
// Either side holding its own list would let a name the catalog accepts
// reach a worker that does not know it, so both read this table, and the
// descriptions written here are the ones docs/transcoding.md and the
// OpenAPI document show (tests keep them in step).
//
// Which profile an account gets when a video names none is the account's
// plan's choice (pkg/plans, DefaultTranscoder): a plan row says what an
// account includes, and encoding cost is part of that.
package profiles
