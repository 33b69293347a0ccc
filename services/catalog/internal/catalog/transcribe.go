package catalog

import "time"

// Values of Transcribe.Status.
const (
	TranscribeQueued     = "queued"
	TranscribeProcessing = "processing"
	TranscribeReady      = "ready"
	TranscribeError      = "error"
	// TranscribeCancelling is a transcribe cancelled after its job was
	// sent: the job may still run, so it keeps the account's slot until the
	// worker's final report (or the job's lease ends).
	TranscribeCancelling = "cancelling"
	// TranscribeCancelled is final: cancelled before its job was sent, or
	// the worker reported after the cancel.
	TranscribeCancelled = "cancelled"
)

// Transcribe asks for a video's speech as a WebVTT track. It is queued
// when created, processing once a worker took its job, and ends ready
// (TrackID names the track it made), error (Error says why) or cancelled
// (through cancelling while a worker may still hold its job). Its use cases
// live in internal/transcribes; the type is here because a video's own
// transactions send and cancel transcribes' jobs (TranscribeQueue).
type Transcribe struct {
	ID        string
	AccountID string
	VideoID   string
	Language  string // BCP 47 with region, canonical (en-US)
	Label     string
	Kind      string
	Status    string
	Progress  int
	TrackID   string
	Error     string
	// SourceObjectKey is the blob key of the video's MP4, the job's source:
	// kept with the transcribe because its job may be sent later.
	SourceObjectKey string
	// DispatchedTime is when its job was sent to the workers; zero while
	// it waits in the catalog.
	DispatchedTime time.Time
	Audit
}
