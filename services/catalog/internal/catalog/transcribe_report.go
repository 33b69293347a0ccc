package catalog

import (
	"errors"
	"fmt"
)

// ErrReportFile is a transcribe.completed naming a file other than the one
// its transcribe's worker writes: forged or misrouted, it is never applied.
var ErrReportFile = errors.New("transcribe report names a file outside its transcribe's")

// TranscribeReport is what a transcode worker reported about a transcribe
// (transcribe.progress, .completed, .failed).
type TranscribeReport struct {
	Kind         MediaReportKind
	AccountID    string
	TranscribeID string
	VideoID      string
	// Progress: 0-99.
	Progress int
	// Completed: the blob-store key of the WebVTT the worker wrote.
	VTTKey string
	// Failed: why, for a person.
	Reason string
}

// Reasons of a transcribe that ends in error on catalog's side.
const (
	reasonTranscriptUnreadable = "the transcript could not be stored as a track: %s"
	reasonNoTrackRoom          = "video already holds %d tracks, the most it may have"
)

// apply returns t as a progress or failed report leaves it, and whether
// anything changed. Ready, error and cancelled are final and progress never
// goes back, so a late or redelivered report changes nothing: in particular
// none revives a cancelled transcribe. A cancelling one ends cancelled on
// its worker's final report.
func (r TranscribeReport) apply(t Transcribe) (Transcribe, bool) {
	if t.finished() {
		return t, false
	}
	next := t
	if t.Status == TranscribeCancelling {
		return t.settleCancel(r.Kind)
	}
	switch r.Kind {
	case MediaProgress:
		next.Status = TranscribeProcessing
		next.Progress = max(t.Progress, min(max(r.Progress, 0), 99))
	case MediaFailed:
		next.Status, next.Error = TranscribeError, truncate(r.Reason, StatusReasonMax)
		if next.Error == "" {
			next.Error = "transcribing failed"
		}
	default:
		return t, false
	}
	return next, next != t
}

// settleCancel returns a cancelling t as a report of kind leaves it: the
// worker's final report (failed, whatever its reason, or completed) ends
// it cancelled; progress changes nothing.
func (t Transcribe) settleCancel(kind MediaReportKind) (Transcribe, bool) {
	if kind == MediaProgress {
		return t, false
	}
	t.Status, t.Error = TranscribeCancelled, ""
	return t, true
}

// failedWith is a failed report of r's transcribe.
func (r TranscribeReport) failedWith(format string, args ...any) TranscribeReport {
	return TranscribeReport{Kind: MediaFailed, AccountID: r.AccountID, TranscribeID: r.TranscribeID, VideoID: r.VideoID,
		Reason: fmt.Sprintf(format, args...)}
}
