package benchseam

import (
	"context"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/vidhost/vidhost/services/transcode/internal/events"
	"github.com/vidhost/vidhost/services/transcode/internal/job"
)

// Job is a TranscodeJob as the worker runs it.
type Job = job.Job

// Enqueue publishes j on the jobs stream, as the catalog does.
func Enqueue(ctx context.Context, js jetstream.JetStream, j Job) error {
	return events.Enqueue(ctx, js, j)
}
