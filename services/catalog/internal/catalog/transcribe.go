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
)

// TranscribeMaxDuration is the longest video a transcribe accepts: the
// worker's ffmpeg decodes no more than this, and at pocketsphinx's speed it
// holds a worker for about 20 minutes (docs/transcribes.md).
const (
	TranscribeMaxHours    = 3
	TranscribeMaxDuration = TranscribeMaxHours * time.Hour
)

// TranscribeCancelled is the error of a transcribe deleted while it was
// queued or processing.
const TranscribeCancelled = "cancelled"

// DefaultTranscribeLanguages is what the default engine (pocketsphinx with
// Debian's model) serves: the transcode service's VIDHOST_TRANSCRIBE_LANGUAGES
// default.
var DefaultTranscribeLanguages = []string{"en-US"}

// Transcribe asks for a video's speech as a WebVTT track. It is queued
// when created, processing once a worker took its job, and ends ready
// (TrackID names the track it made) or error (Error says why).
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
	return t.Status == TranscribeReady || t.Status == TranscribeError
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
		return validate.OneOf("status", f.Status, `"queued", "processing", "ready" or "error"`,
			TranscribeQueued, TranscribeProcessing, TranscribeReady, TranscribeError)
	}
	return nil
}
