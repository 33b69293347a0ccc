// Package worker is the transcode service's JetStream consumer: workers
// share one durable pull consumer of transcode.jobs (a work queue) and each
// runs up to Config.Concurrency jobs at a time, pulling a job only when it
// has a free slot. It turns each attempt's outcome into the message's fate:
// Ack after transcode.completed, Nak with a growing delay for passing
// failures, transcode.failed and Term for sources that can never work, and
// transcode.failed plus the dead-letter stream once a job has used up its
// attempts. Heartbeats (InProgress) keep a long job while its worker lives;
// a worker that dies loses the job to another after AckWait.
//
// The same consumer takes transcode.units, the units of chunked jobs
// (docs/transcoding.md, "Distribution"): with Config.Distributed the worker
// that takes a long job plans it and publishes its first units
// (parent.go); any worker runs a unit (unit.go), records it in the plan's
// record (package chunkstate), publishes what it released, writes the
// early playlists under the record's claim (early.go) and, last, the
// stitch, which reports the video (stitch.go).
package worker
