package transcribes

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/vidhost/vidhost/pkg/apirules"
	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/ids"
	"github.com/vidhost/vidhost/pkg/langtag"
	"github.com/vidhost/vidhost/pkg/validate"
	"github.com/vidhost/vidhost/services/catalog/internal/catalog"
)

// MaxDuration is the longest video a transcribe accepts: the
// worker's ffmpeg decodes no more than this, and at pocketsphinx's speed it
// holds a worker for about 20 minutes (docs/transcribes.md).
const (
	MaxHours    = 3
	MaxDuration = MaxHours * time.Hour
)

// DefaultLanguages is what the default engine (pocketsphinx with
// Debian's model) serves: the transcode service's VIDHOST_TRANSCRIBE_LANGUAGES
// default.
var DefaultLanguages = []string{"en-US"}

// Input is a create request.
type Input struct {
	VideoID, Language, Label, Kind string
}

// Filter narrows a list; empty fields filter nothing.
type Filter struct {
	VideoID string
	Status  string
}

// finished reports whether no report may change t any more.
func finished(t catalog.Transcribe) bool {
	return t.Status == catalog.TranscribeReady || t.Status == catalog.TranscribeError || t.Status == catalog.TranscribeCancelled
}

// jobMayRun reports whether t's job was sent and may still be running at
// now: sent within the lease and not settled. Its cancel must then wait
// for the worker's report, holding the slot.
func jobMayRun(t catalog.Transcribe, now time.Time) bool {
	return !finished(t) && !t.DispatchedTime.IsZero() && t.DispatchedTime.After(now.Add(-catalog.JobLease))
}

// validate checks the fields in the order of the interface's table and
// returns the input with its language in canonical form and kind defaulted.
func (in Input) validate(languages []string) (Input, error) {
	if in.Kind == "" {
		in.Kind = catalog.TrackSubtitles
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
		validate.Length("label", in.Label, catalog.TrackLabelMax),
		validate.OneOf("kind", in.Kind, `"subtitles" or "captions"`, catalog.TrackSubtitles, catalog.TrackCaptions),
	)
}

// checkTranscribable refuses a video a transcribe cannot work on, before a
// job exists.
func checkTranscribable(v catalog.Video) error {
	if !v.IsVOD() {
		return apperr.InvalidField("video_id", "must be a video of type vod: transcribes are supported only for videos of type vod")
	}
	if v.Status != catalog.StatusReady {
		return &apperr.Conflict{Reason: fmt.Sprintf("video must be ready to transcribe (it is %s)", v.Status)}
	}
	if time.Duration(v.Duration*float64(time.Second)) > MaxDuration {
		return apperr.InvalidField("video_id", "must be a video of at most %d hours: longer videos cannot be transcribed",
			MaxHours)
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
func checkTrackRoom(v catalog.Video) error {
	if !catalog.HasTrackRoom(v) {
		return &apperr.Conflict{Reason: fmt.Sprintf("video already holds %d tracks, the most it may have", catalog.TracksMax)}
	}
	return nil
}

// progressiveMP4 is the path of the video's MP4 output, the job's source.
func progressiveMP4(v catalog.Video) (string, bool) {
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
func (f Filter) check() error {
	if f.VideoID != "" && !ids.Valid(f.VideoID) {
		return apperr.InvalidField("video_id", "must be a video id")
	}
	if f.Status != "" {
		return validate.OneOf("status", f.Status, `"queued", "processing", "ready", "error", "cancelling" or "cancelled"`,
			apirules.TranscribeStatuses...)
	}
	return nil
}
