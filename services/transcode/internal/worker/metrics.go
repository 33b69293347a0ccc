package worker

import (
	"context"
	"time"

	"github.com/vidhost/vidhost/pkg/metrics"
	"github.com/vidhost/vidhost/services/transcode/internal/job"
)

// kind labels this worker's series in pkg/metrics' job metrics.
const kind = "transcode"

// attempt is one running transcode, for the job metrics.
type attempt struct{ start time.Time }

// observeJob counts a job as running until done.
func observeJob(start time.Time) attempt {
	metrics.JobsRunning.WithLabelValues(kind).Inc()
	return attempt{start: start}
}

// done records the attempt's duration and outcome, and on success the
// speed of the whole job in seconds of media per second of wall-clock
// time (ffmpeg's "x realtime", thumbnails and sprite included). An
// attempt cut short by shutdown is "interrupted": it says nothing about
// the job.
func (a attempt) done(ctx context.Context, c job.Completion, err error) {
	metrics.JobsRunning.WithLabelValues(kind).Dec()
	took := time.Since(a.start)
	outcome := "succeeded"
	switch {
	case err != nil && ctx.Err() != nil:
		outcome = "interrupted"
	case err != nil && job.Classify(err).Permanent:
		outcome = "failed"
	case err != nil:
		outcome = "retried"
	}
	metrics.Jobs.WithLabelValues(kind, outcome).Inc()
	metrics.JobDuration.WithLabelValues(kind, outcome).Observe(took.Seconds())
	if err == nil && took > 0 && c.Duration > 0 {
		metrics.FFmpegSpeed.Observe(c.Duration.Seconds() / took.Seconds())
	}
}
