package events

import (
	"crypto/sha256"
	"encoding/base64"
	"fmt"

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

// UnitID is the event and message id of one unit (job.Unit.Key) of a
// chunked job's plan: the same whichever worker publishes it and however
// often, so a repeat within JetStream's duplicate window is dropped. The
// job id is mixed in although the plan id derives from it, so that ids stay
// distinct should a plan id ever be chosen another way.
func UnitID(jobID, planID, unitKey string) string {
	sum := sha256.Sum256([]byte(jobID + "\x00" + planID + "\x00" + unitKey))
	return base64.RawURLEncoding.EncodeToString(sum[:])[:21]
}

// PlanID is the id of generation (from 1) of a job's chunked plan: the
// same for a parent job redelivered before its plan failed, so it finds
// its plan's record rather than planning again.
func PlanID(j job.Job, generation int) string {
	return DerivedID(j, fmt.Sprintf("plan-%d", generation))
}
