package worker

import (
	"errors"
	"time"
)

// ConsumerName is the durable consumer every transcode worker shares.
const ConsumerName = "transcode"

// maxRetryDelay caps the backoff between attempts.
const maxRetryDelay = 5 * time.Minute

// Config tunes how a worker takes and keeps jobs.
type Config struct {
	// Concurrency is how many jobs this worker runs at once.
	Concurrency int
	// AckWait is how long a job may go without a heartbeat before
	// JetStream gives it to another worker: the delay before a crashed
	// worker's job is picked up again.
	AckWait time.Duration
	// Heartbeat is how often a running job tells JetStream it is alive;
	// well below AckWait.
	Heartbeat time.Duration
	// MaxDeliver is how many attempts a job gets before it ends in error
	// and on the dead-letter stream.
	MaxDeliver int
	// RetryDelay is the wait before a second attempt; it doubles after
	// each further one.
	RetryDelay time.Duration
	// DrainTimeout is how long running jobs may go on at shutdown before
	// they are stopped and handed back for another worker.
	DrainTimeout time.Duration
	// Distributed spreads a chunked job over workers
	// (VIDHOST_TRANSCODE_CHUNKED=distributed; docs/transcoding.md,
	// "Distribution"): the job's worker plans it and publishes its units
	// instead of encoding it. Every worker runs the units it takes,
	// whatever this says.
	Distributed bool
	// ChunkWindow is how many units of one plan may be published and not
	// done at once; zero is defaultChunkWindow.
	ChunkWindow int
}

// defaultChunkWindow is ChunkWindow's default, the transcode service's
// VIDHOST_TRANSCODE_CHUNK_WINDOW's: enough units for one long video to
// keep ten workers busy beside its audio runs (one per audio bitrate, up
// to three; docs/transcoding.md, "Failures, deletes, the account's limit").
const defaultChunkWindow = 12

// chunkWindow is ChunkWindow, or its default.
func (c Config) chunkWindow() int {
	if c.ChunkWindow > 0 {
		return c.ChunkWindow
	}
	return defaultChunkWindow
}

// Validate reports settings the worker cannot run with.
func (c Config) Validate() error {
	var errs []error
	if c.Concurrency < 1 {
		errs = append(errs, errors.New("concurrency must be at least 1"))
	}
	if c.AckWait < time.Second {
		errs = append(errs, errors.New("ack wait must be at least 1s"))
	}
	if c.Heartbeat <= 0 || c.Heartbeat > c.AckWait/2 {
		errs = append(errs, errors.New("heartbeat must be positive and at most half the ack wait"))
	}
	if c.MaxDeliver < 1 {
		errs = append(errs, errors.New("max deliver must be at least 1"))
	}
	if c.RetryDelay <= 0 {
		errs = append(errs, errors.New("retry delay must be positive"))
	}
	if c.ChunkWindow < 0 {
		errs = append(errs, errors.New("chunk window must not be negative"))
	}
	if c.DrainTimeout < 0 {
		errs = append(errs, errors.New("drain timeout must not be negative"))
	}
	return errors.Join(errs...)
}

// retryDelay is the wait before the attempt after attempt.
func (c Config) retryDelay(attempt int) time.Duration {
	delay := c.RetryDelay
	for i := 1; i < attempt && delay < maxRetryDelay; i++ {
		delay *= 2
	}
	return min(delay, maxRetryDelay)
}
