// Package benchseam is what the benchmarks under bench/ need of the
// transcode service's internal packages, which Go's internal rule keeps out
// of their reach: bench/transcode probes a source, fits the service's ladder
// to it and enqueues a job as the catalog does; bench/transcribe runs a
// transcribe job's work with a speech engine and scores it; bench/quality
// compares the AV1 rungs with the H.264 ones (CompareAV1); bench/transcode's
// -chunks mode costs a chunked job against one process (NewChunkTranscoder).
// The names are aliases of the internal types and thin calls into the
// internal functions, so the benchmarks measure the service's own code;
// nothing in the service imports this package.
package benchseam
