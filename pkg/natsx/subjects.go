package natsx

// Subjects of every event and job, in one place. A subject names what
// happened to what: <resource>.<event>.
const (
	// IDENTITY stream.
	SubjectKeyCreated     = "key.created"
	SubjectKeyUpdated     = "key.updated"
	SubjectKeyDeleted     = "key.deleted"     // the gateway drops the key from its auth cache
	SubjectAccountUpdated = "account.updated" // plan or enabled changed: the catalog's live admission follows
	SubjectUserCreated    = "user.created"
	SubjectUserUpdated    = "user.updated"
	SubjectUserDeleted    = "user.deleted"
	SubjectUserInvited    = "user.invited" // an invite was made (docs/invites.md)

	// CATALOG stream.
	SubjectVideoCreated = "video.created"
	SubjectVideoUpdated = "video.updated"
	SubjectVideoDeleted = "video.deleted"
	// SubjectVideoReady and SubjectVideoError: transcoding settled (besides
	// the video.updated of the same change); users are emailed about them.
	SubjectVideoReady = "video.ready"
	SubjectVideoError = "video.error"
	// SubjectVideoExperienceDegraded: a video's viewers had a bad hour.
	// The analytics service publishes it (docs/analytics.md, "Alerts"),
	// into CATALOG because its subject is a video's.
	SubjectVideoExperienceDegraded = "video.experience_degraded"
	SubjectCategoryCreated         = "category.created"
	SubjectCategoryUpdated         = "category.updated"
	SubjectCategoryDeleted         = "category.deleted"
	SubjectPlayerCreated           = "player.created"
	SubjectPlayerUpdated           = "player.updated"
	SubjectPlayerDeleted           = "player.deleted"
	SubjectFolderCreated           = "folder.created"
	SubjectFolderUpdated           = "folder.updated"
	SubjectFolderDeleted           = "folder.deleted"

	// JOBS stream (work queue: each job is taken by one worker).
	SubjectTranscodeJobs  = "transcode.jobs"
	SubjectTranscribeJobs = "transcribe.jobs"
	// SubjectTranscodeUnits carries the units of chunked transcode jobs,
	// which transcode workers publish for each other: a subject apart from
	// transcode.jobs, so a worker's key cannot forge a catalog job.
	SubjectTranscodeUnits = "transcode.units"

	// CHUNKS stream: transcode.plans.<plan_id>, the record of one chunked
	// job's plan, changed by compare-and-set (TranscodePlanSubject).
	SubjectTranscodePlansPrefix = "transcode.plans."

	// CANCELS stream: transcribe.cancels.<transcribe_id>, the catalog's
	// cancel of a dispatched transcribe job (TranscribeCancelSubject).
	SubjectTranscribeCancelsPrefix = "transcribe.cancels."
	// CANCELS stream too: transcode.cancels.<job_id>, the catalog's cancel
	// of a dispatched transcode job whose video was deleted
	// (TranscodeCancelSubject).
	SubjectTranscodeCancelsPrefix = "transcode.cancels."

	// MEDIA stream: what workers report back.
	SubjectTranscodeProgress   = "transcode.progress"
	SubjectTranscodeCompleted  = "transcode.completed"
	SubjectTranscodeFailed     = "transcode.failed"
	SubjectTranscribeProgress  = "transcribe.progress"
	SubjectTranscribeCompleted = "transcribe.completed"
	SubjectTranscribeFailed    = "transcribe.failed"
	// The live service's reports about an event (docs/live.md).
	SubjectLiveStarted = "live.started"
	SubjectLiveEnded   = "live.ended"

	// UPLOADS stream.
	SubjectUploadCompleted = "upload.completed"
	// SubjectUploadQuotaReached: an upload was refused over the account's
	// bytes quota (at most once an hour per account).
	SubjectUploadQuotaReached = "upload.quota_reached"

	// VIEWS stream.
	SubjectAnalyticsViews = "analytics.views"

	// AUDIT stream: audit.<entity_type>.<action_type> (pkg/audit).
	SubjectAuditPrefix = "audit."

	// HOOKS stream: the hooks service's services and hooks.
	SubjectServiceCreated = "service.created"
	SubjectServiceUpdated = "service.updated"
	SubjectServiceDeleted = "service.deleted"
	SubjectHookCreated    = "hook.created"
	SubjectHookUpdated    = "hook.updated"
	SubjectHookDeleted    = "hook.deleted"

	// DEADLETTER stream: a poison message is republished to
	// SubjectDeadLetterPrefix + its original subject.
	SubjectDeadLetterPrefix = "deadletter."
)

// AuditSubjects are the subjects of audit entries about entityTypes, one
// wildcard each: a service may write entries about its own resources only.
func AuditSubjects(entityTypes ...string) []string {
	out := make([]string, len(entityTypes))
	for i, entity := range entityTypes {
		out[i] = SubjectAuditPrefix + entity + ".>"
	}
	return out
}

// DeadLetterSubject is where a consumer sends a message from subject that
// can never be processed.
func DeadLetterSubject(subject string) string {
	return SubjectDeadLetterPrefix + subject
}

// TranscribeCancelSubject is where the catalog cancels the job of the
// transcribe id; a worker looks it up before and while it runs the job.
func TranscribeCancelSubject(id string) string {
	return SubjectTranscribeCancelsPrefix + id
}

// TranscodeCancelSubject is where the catalog cancels the transcode job
// of id (the TranscodeJob's meta id); a chunked job's units look it up at
// their start and with each heartbeat.
func TranscodeCancelSubject(id string) string {
	return SubjectTranscodeCancelsPrefix + id
}

// TranscodePlanSubject is where the record of a chunked transcode job's
// plan lives: one subject per plan, the last message its current state.
func TranscodePlanSubject(planID string) string {
	return SubjectTranscodePlansPrefix + planID
}
