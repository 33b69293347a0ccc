// Package job is one attempt at a transcode job: it fetches the source (an
// upload from the blob store, or a URL through package fetch), runs the media
// core on it while package outputs stores each file as it appears, and
// describes the result, or says why it failed and whether retrying can help
// (failure.go). It knows nothing of NATS: package worker decides what an
// attempt's outcome means for the job's message.
//
// For chunked jobs spread over workers it also plans a job and hands the
// plan on (plan_run.go), runs one chunk or the audio (unit_run.go), and
// writes the early playlists and the stitch from what the units stored
// (stitch_run.go, stored.go).
package job
