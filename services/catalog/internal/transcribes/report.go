package transcribes

import (
	"errors"
	"fmt"

	"github.com/vidhost/vidhost/services/catalog/internal/catalog"
)

// ErrReportFile is a transcribe.completed naming a file other than the one
// its transcribe's worker writes: forged or misrouted, it is never applied.
var ErrReportFile = errors.New("transcribe report names a file outside its transcribe's")

// Report is what a transcode worker reported about a transcribe
// (transcribe.progress, .completed, .failed).
type Report struct {
	Kind         catalog.MediaReportKind
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
func (r Report) apply(t catalog.Transcribe) (catalog.Transcribe, bool) {
	if finished(t) {
		return t, false
	}
	next := t
	if t.Status == catalog.TranscribeCancelling {
		return settleCancel(t, r.Kind)
	}
	switch r.Kind {
	case catalog.MediaProgress:
		next.Status = catalog.TranscribeProcessing
		next.Progress = max(t.Progress, min(max(r.Progress, 0), 99))
	case catalog.MediaFailed:
		next.Status, next.Error = catalog.TranscribeError, catalog.Truncate(r.Reason, catalog.StatusReasonMax)
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
func settleCancel(t catalog.Transcribe, kind catalog.MediaReportKind) (catalog.Transcribe, bool) {
	if kind == catalog.MediaProgress {
		return t, false
	}
	t.Status, t.Error = catalog.TranscribeCancelled, ""
	return t, true
}

// failedWith is a failed report of r's transcribe.
func (r Report) failedWith(format string, args ...any) Report {
	return Report{Kind: catalog.MediaFailed, AccountID: r.AccountID, TranscribeID: r.TranscribeID, VideoID: r.VideoID,
		Reason: fmt.Sprintf(format, args...)}
}
