// Package transcribeworker runs transcribe jobs from transcribe.jobs (stream
// JOBS) inside the transcode service, with the same delivery rules as
// transcode jobs: heartbeats keep a running job, a crashed worker's job is
// delivered again after AckWait, a job that cannot succeed is reported
// failed and terminated. The work itself is transcribe.Runner's.
package transcribeworker
