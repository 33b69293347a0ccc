package catalog

import "slices"

// MediaReportKind says what a transcode worker reported.
type MediaReportKind int

// The reports of transcode.progress, transcode.completed and
// transcode.failed.
const (
	MediaProgress MediaReportKind = iota + 1
	MediaCompleted
	MediaFailed
	// MediaLive and MediaLiveEnded are the live service's reports
	// (live.started, live.ended) about an event (docs/live.md).
	MediaLive
	MediaLiveEnded
)

// StatusReasonMax bounds a stored failure reason.
const StatusReasonMax = 1000

// MediaReport is what a transcode worker reported about a video. Paths are
// relative to the video's media folder.
type MediaReport struct {
	Kind      MediaReportKind
	AccountID string
	VideoID   string
	// Progress (0-99) and, possibly, outputs already playable.
	Progress int
	Outputs  []MediaFile
	// Completed: the rest of the media.
	Duration                       float64
	Thumbnail, Sprite, SpriteIndex string
	Width, Height                  int
	Source                         SourceFrame
	// Failed: why, for a person. LiveEnded: why the event ended.
	Reason string
	// LiveEnded: the blob-store key of the event's recording, which goes
	// through the VOD ladder; empty when there is none.
	Recording string
}

// apply returns v as r leaves it, and whether anything changed. Status
// only moves forward (preparing, processing, then ready or error, both
// final) and progress never goes back, so redelivered or late reports
// change nothing: applying a report twice is applying it once.
func (r MediaReport) apply(v Video) (Video, bool) {
	if v.Status == StatusReady || v.Status == StatusError {
		return v, false
	}
	if r.Kind == MediaLive || r.Kind == MediaLiveEnded {
		return r.applyLive(v)
	}
	// An event's transcode reports are about its recording, sent once it
	// ended (processing); none other can be.
	if !v.IsVOD() && v.Status != StatusProcessing {
		return v, false
	}
	next := v
	switch r.Kind {
	case MediaProgress:
		next.Status = StatusProcessing
		next.Progress = max(v.Progress, min(max(r.Progress, 0), 99))
		if len(r.Outputs) > 0 {
			next.Outputs = r.Outputs
		}
	case MediaCompleted:
		next.Status, next.Progress, next.StatusReason = StatusReady, 100, ""
		next.Outputs = nonNil(r.Outputs)
		next.Duration, next.Width, next.Height = r.Duration, r.Width, r.Height
		if r.Source.Width > 0 && r.Source.Height > 0 {
			next.Source = r.Source // a worker from before source sizes keeps what is stored
		}
		// A thumbnail the client sent wins over the transcoder's frame,
		// whichever came first.
		if !v.HasCustomThumbnail() {
			next.Thumbnail = MediaFile{Path: r.Thumbnail}
		}
		next.Sprite = MediaFile{Path: r.Sprite}
		next.SpriteIndex = MediaFile{Path: r.SpriteIndex}
	case MediaFailed:
		next.Status = StatusError
		next.StatusReason = Truncate(r.Reason, StatusReasonMax)
		if next.StatusReason == "" {
			next.StatusReason = "transcoding failed"
		}
	default:
		return v, false
	}
	return next, changed(v, next)
}

// changed compares what a report can change.
func changed(a, b Video) bool {
	return a.Status != b.Status || a.Progress != b.Progress || a.StatusReason != b.StatusReason ||
		!slices.Equal(a.Outputs, b.Outputs) || a.Duration != b.Duration || a.Width != b.Width ||
		a.Height != b.Height || a.Source != b.Source || a.Thumbnail != b.Thumbnail || a.Sprite != b.Sprite || a.SpriteIndex != b.SpriteIndex
}

// applyLive moves an event along preparing -> live -> processing (its
// recording queued for the ladder) or error (no recording). Only forward:
// a late live.started after live.ended changes nothing.
func (r MediaReport) applyLive(v Video) (Video, bool) {
	if v.Type != TypeEvent || (v.Status != StatusPreparing && v.Status != StatusLive) {
		return v, false
	}
	next := v
	switch {
	case r.Kind == MediaLive:
		next.Status = StatusLive
		if len(r.Outputs) > 0 {
			next.Outputs = r.Outputs
		}
	case r.Recording != "":
		next.Status, next.Progress, next.SourceObjectKey = StatusProcessing, 0, r.Recording
	default:
		next.Status = StatusError
		next.StatusReason = Truncate(r.Reason, StatusReasonMax)
		if next.StatusReason == "" {
			next.StatusReason = "the live event ended without a recording"
		}
	}
	return next, changed(v, next) || v.SourceObjectKey != next.SourceObjectKey
}
