package catalog

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/ids"
	"github.com/vidhost/vidhost/pkg/langtag"
	"github.com/vidhost/vidhost/pkg/validate"
)

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

// TranscribeMaxDuration is the longest video a transcribe accepts: the
// worker's ffmpeg decodes no more than this, and at pocketsphinx's speed it
// holds a worker for about 20 minutes (docs/transcribes.md).
const (
	TranscribeMaxHours    = 3
	TranscribeMaxDuration = TranscribeMaxHours * time.Hour
)

// DefaultTranscribeLanguages is what the default engine (pocketsphinx with
// Debian's model) serves: the transcode service's VIDHOST_TRANSCRIBE_LANGUAGES
// default.
var DefaultTranscribeLanguages = []string{"en-US"}

// Transcribe asks for a video's speech as a WebVTT track. It is queued
// when created, processing once a worker took its job, and ends ready
// (TrackID names the track it made), error (Error says why) or cancelled
// (through cancelling while a worker may still hold its job).
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

// TranscribeInput is a create request.
type TranscribeInput struct {
	VideoID, Language, Label, Kind string
}

// TranscribeFilter narrows a list; empty fields filter nothing.
type TranscribeFilter struct {
	VideoID string
	Status  string
}

// finished reports whether no report may change t any more.
func (t Transcribe) finished() bool {
	return t.Status == TranscribeReady || t.Status == TranscribeError || t.Status == TranscribeCancelled
}

// jobMayRun reports whether t's job was sent and may still be running at
// now: sent within the lease and not settled. Its cancel must then wait
// for the worker's report, holding the slot.
func (t Transcribe) jobMayRun(now time.Time) bool {
	return !t.finished() && !t.DispatchedTime.IsZero() && t.DispatchedTime.After(now.Add(-jobLease))
}

// validate checks the fields in the order of the interface's table and
// returns the input with its language in canonical form and kind defaulted.
func (in TranscribeInput) validate(languages []string) (TranscribeInput, error) {
	if in.Kind == "" {
		in.Kind = TrackSubtitles
	}
	if strings.TrimSpace(in.VideoID) == "" {
		return in, apperr.InvalidField("video_id", "is required")
	}
	tag, err := langtag.Parse(in.Language, languages)
	switch {
	case errors.Is(err, langtag.ErrUnsupported):
		return in, apperr.InvalidField("language", "must be one of: %s", strings.Join(languages, ", "))
	case err != nil:
		return in, apperr.InvalidField("language", "must be a BCP 47 tag with a region, such as %q (one of: %s)",
			languages[0], strings.Join(languages, ", "))
	}
	in.Language = tag
	return in, validate.First(
		validate.Length("label", in.Label, TrackLabelMax),
		validate.OneOf("kind", in.Kind, `"subtitles" or "captions"`, TrackSubtitles, TrackCaptions),
	)
}

// checkTranscribable refuses a video a transcribe cannot work on, before a
// job exists.
func checkTranscribable(v Video) error {
	if !v.IsVOD() {
		return apperr.InvalidField("video_id", "must be a video of type vod: transcribes are supported only for videos of type vod")
	}
	if v.Status != StatusReady {
		return &apperr.Conflict{Reason: fmt.Sprintf("video must be ready to transcribe (it is %s)", v.Status)}
	}
	if time.Duration(v.Duration*float64(time.Second)) > TranscribeMaxDuration {
		return apperr.InvalidField("video_id", "must be a video of at most %d hours: longer videos cannot be transcribed",
			TranscribeMaxHours)
	}
	if err := checkTrackRoom(v); err != nil {
		return err
	}
	if _, ok := progressiveMP4(v); !ok {
		return &apperr.Conflict{Reason: "video has no MP4 output to transcribe"}
	}
	return nil
}

// checkTrackRoom refuses a transcribe whose track the video could not take.
func checkTrackRoom(v Video) error {
	if trackOverlay.hasRoom(v) != nil {
		return &apperr.Conflict{Reason: fmt.Sprintf("video already holds %d tracks, the most it may have", TracksMax)}
	}
	return nil
}

// progressiveMP4 is the path of the video's MP4 output, the job's source.
func progressiveMP4(v Video) (string, bool) {
	for _, o := range v.Outputs {
		if strings.HasSuffix(o.Path, ".mp4") {
			return o.Path, true
		}
	}
	return "", false
}

// trackLanguage is the track language of a tag: tracks take ISO 639-1
// codes, so en-US becomes en.
func trackLanguage(tag string) string {
	base, _, _ := strings.Cut(tag, "-")
	return strings.ToLower(base)
}

// transcribePath is where the worker writes a transcribe's WebVTT in the
// video's media folder (services/transcode/internal/transcribe).
func transcribePath(id string) string {
	return "transcribes/" + id + ".vtt"
}

// check refuses filter values that can match nothing, naming the query
// parameter.
func (f TranscribeFilter) check() error {
	if f.VideoID != "" && !ids.Valid(f.VideoID) {
		return apperr.InvalidField("video_id", "must be a video id")
	}
	if f.Status != "" {
		return validate.OneOf("status", f.Status, `"queued", "processing", "ready", "error", "cancelling" or "cancelled"`,
			TranscribeQueued, TranscribeProcessing, TranscribeReady, TranscribeError, TranscribeCancelling, TranscribeCancelled)
	}
	return nil
}
