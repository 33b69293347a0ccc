// Package app assembles the transcode service: configuration, NATS (the
// JOBS, MEDIA and DEADLETTER streams), the blob store, the media core and
// the fetcher, the JetStream worker that runs jobs, and a gRPC server that
// serves only health checks. It is public so that the devstack (and tests)
// can run the service in process with Run; cmd/transcode is a thin wrapper.
// There is no database: a job's record is its JetStream message.
package app
