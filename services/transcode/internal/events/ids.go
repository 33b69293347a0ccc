package events

import (
	"crypto/sha256"
	"encoding/base64"

	"github.com/vidhost/vidhost/services/transcode/internal/job"
)

// DerivedID is the event id of a job's final event (kind "completed" or
// "failed"): 21 characters of the ids alphabet, the same for every attempt
// of the job, so JetStream drops a repeat within its duplicate window and
// consumers can recognise one after it. The video id is mixed in so that
// malformed jobs without an id still get distinct events.
func DerivedID(j job.Job, kind string) string {
	sum := sha256.Sum256([]byte(j.ID + "\x00" + j.VideoID + "\x00" + kind))
	return base64.RawURLEncoding.EncodeToString(sum[:])[:21]
}
