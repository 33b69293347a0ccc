package catalog

import (
	"github.com/vidhost/vidhost/pkg/apirules"
	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/langtag"
	"github.com/vidhost/vidhost/pkg/validate"
	"github.com/vidhost/vidhost/services/catalog/internal/webvtt"
)

// Values of Track.Kind.
const (
	TrackCaptions  = "captions"
	TrackSubtitles = "subtitles"
)

// Track limits. The interface calls a label "short"; 50 characters fit a
// player's menu. A WebVTT file of a feature film is a few hundred kilobytes.
const (
	TrackLabelMax    = apirules.TrackLabelMax
	TracksMax        = 50
	TrackFileMaxMiB  = 2
	TrackFileMaxSize = TrackFileMaxMiB << 20
)

// Track is a caption or subtitle track of a vod: a WebVTT file stored in
// the video's media folder at Path (tracks/<id>.vtt); URL is rendered from
// it.
type Track struct {
	ID       string
	Kind     string
	Label    string
	Language string // a BCP 47 tag in canonical form (pkg/langtag)
	Path     string
	URL      string
}

// TrackInput is a create request; URL is an upload reference to the .vtt.
type TrackInput struct {
	Label, Language, Kind, URL string
}

// Validate checks the fields, in the order of the interface's table.
func (in TrackInput) Validate() error {
	return validate.First(
		validate.OneOf("kind", in.Kind, `"captions" or "subtitles"`, apirules.TrackKinds...),
		validate.Length("label", in.Label, TrackLabelMax),
		checkLanguage("language", in.Language),
		trackFile.checkReference(in.URL),
	)
}

// track returns the track that id will name, with its file's path.
func (in TrackInput) track(id string) Track {
	language, _ := langtag.Canonical(in.Language) // Validate has passed: no error
	return Track{ID: id, Kind: in.Kind, Label: in.Label, Language: language, Path: "tracks/" + id + ".vtt"}
}

// trackOverlay keeps a vod's tracks with the video, like its cards.
var trackOverlay = overlay[Track]{name: "tracks", vodOnly: true, max: TracksMax,
	items: func(v *Video) *[]Track { return &v.Tracks }, id: func(t *Track) *string { return &t.ID }}

// trackFile is a WebVTT file, read whole (it is small) and checked before
// it is stored.
var trackFile = fileRule{
	kind:        UploadTrack,
	noURL:       "tracks cannot be pulled from a URL, upload the .vtt file first",
	max:         TrackFileMaxSize,
	tooLarge:    apperr.InvalidField("url", "must reference a WebVTT file of at most %d MiB", TrackFileMaxMiB),
	check:       CheckWebVTT,
	contentType: TrackContentType,
}

// TrackContentType is the content type a track's file is stored with.
const TrackContentType = "text/vtt; charset=utf-8"

// AddTrack adds t to v's tracks, refused when v has no room for another.
func AddTrack(v *Video, t Track) error {
	_, err := trackOverlay.insert(v, t)
	return err
}

// HasTrackRoom reports whether v may take one more track.
func HasTrackRoom(v Video) bool {
	return trackOverlay.hasRoom(v) == nil
}

// CheckWebVTT refuses data that is not a WebVTT file a player can read.
func CheckWebVTT(data []byte) error {
	if err := webvtt.Validate(data); err != nil {
		return apperr.InvalidField("url", "must reference a WebVTT file: %s", err)
	}
	return nil
}

// checkLanguage requires a BCP 47 tag of a known language ("en", "pt-BR",
// "zh-Hant"); the track keeps its canonical form. Two-letter ISO 639-1
// codes, the rule before, are such tags.
func checkLanguage(field, tag string) error {
	if _, err := langtag.Canonical(tag); err != nil {
		return apperr.InvalidField(field, "%s", err)
	}
	return nil
}
