// Package worker is the transcode service's JetStream consumer: workers
// share one durable pull consumer of transcode.jobs (a work queue) and each
// runs up to Config.Concurrency jobs at a time, pulling a job only when it
// has a free slot. It turns each attempt's outcome into the message's fate:
// Ack after transcode.completed, Nak with a growing delay for passing
// failures, transcode.failed and Term for sources that can never work, and
// transcode.failed plus the dead-letter stream once a job has used up its
// attempts. Heartbeats (InProgress) keep a long job while its worker lives;
// a worker that dies loses the job to another after AckWait.
package worker
