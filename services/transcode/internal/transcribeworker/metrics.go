package transcribeworker

import (
	"time"

	"github.com/vidhost/vidhost/pkg/metrics"
)

// kind labels this worker's series in pkg/metrics' job metrics.
const kind = "transcribe"

// attempt is one running transcribe, for the job metrics.
type attempt struct{ start time.Time }

// observeJob counts a job as running until done.
func observeJob(start time.Time) attempt {
	metrics.JobsRunning.WithLabelValues(kind).Inc()
	return attempt{start: start}
}

// done records the attempt's duration under its outcome (succeeded,
// failed, retried, interrupted, cancelled).
func (a attempt) done(outcome string) {
	metrics.JobsRunning.WithLabelValues(kind).Dec()
	metrics.Jobs.WithLabelValues(kind, outcome).Inc()
	metrics.JobDuration.WithLabelValues(kind, outcome).Observe(time.Since(a.start).Seconds())
}
