// Package job is one attempt at a transcode job: it fetches the source (an
// upload from the blob store, or a URL through package fetch), runs the media
// core on it while package outputs stores each file as it appears, and
// describes the result, or says why it failed and whether retrying can help
// (failure.go). It knows nothing of NATS: package worker decides what an
// attempt's outcome means for the job's message.
package job
