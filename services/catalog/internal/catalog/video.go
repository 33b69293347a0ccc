package catalog

import (
	"github.com/vidhost/vidhost/pkg/apirules"
	"github.com/vidhost/vidhost/pkg/profiles"
	"github.com/vidhost/vidhost/pkg/validate"
)

// Values of Video.Type, Video.Privacy, Video.Status and Video.Projection.
const (
	TypeVOD   = "vod"
	TypeEvent = "event"

	PrivacyPublic   = "public"
	PrivacyPrivate  = "private"
	PrivacyUnlisted = "unlisted"

	StatusPreparing  = "preparing"
	StatusProcessing = "processing"
	StatusReady      = "ready"
	StatusError      = "error"
	StatusLive       = "live"

	ProjectionEquirectangular = "equirectangular"
)

// Video limits. The interface fixes the name and tag limits; the others
// keep a row (and a GET) of bounded size.
const (
	VideoNameMax        = apirules.VideoNameMax
	VideoDescriptionMax = apirules.VideoDescriptionMax
	TagsMax             = apirules.TagsMax
	TagMax              = apirules.TagMax
	VideoCategoriesMax  = apirules.VideoCategoriesMax
	// VideoMetadataMax bounds the passthrough metadata in bytes (not
	// characters): it is the client's opaque data, often JSON, sized by
	// what it stores.
	VideoMetadataMax = apirules.VideoMetadataMax
)

// Video is a video-on-demand item or a live event. Media files are kept as
// paths relative to the video's media folder; Service fills in their URLs
// when a video leaves the domain (MediaFile.URL), so moving the media base
// URL or a CDN needs no migration.
type Video struct {
	ID        string
	AccountID string
	Type      string
	Name      string
	// Description is free text.
	Description string
	// Metadata is the client's passthrough data, stored and returned as
	// sent (docs/videos.md#metadata).
	Metadata string
	// Input is the vod's source as the client sent it (it may carry
	// credentials, so it is never shown), or an event's ingest URL.
	Input string
	// SourceObjectKey is the blob-store key an upload reference resolved to.
	SourceObjectKey string
	Outputs         []MediaFile
	Thumbnail       MediaFile
	Sprite          MediaFile
	SpriteIndex     MediaFile // WebVTT index of the sprite's tiles
	Duration        float64   // seconds
	Width, Height   int       // the highest rendition's frame
	// Source is the source's frame as displayed; zero until transcoded.
	Source     SourceFrame
	Privacy    string
	Categories []string // values of the account's categories
	Enabled    bool
	// Transcoder is the interface's field: the transcoding profile the
	// video was made with when it is not the one its account's plan
	// defaulted to when it was created, else empty (transcoder.go).
	Transcoder string
	// Profile is the profile its transcode jobs use, default or not;
	// empty for a video created before profiles existed.
	Profile    profiles.Name
	Spherical  bool
	Projection string
	Tracks     []Track
	Cards      []Card
	Gates      []Gate
	Hotspots   []Hotspot
	Chapters   []Chapter // ordered by Start
	Progress   int
	Status     string
	// StatusReason says, for a person, why the video is in StatusError.
	StatusReason string
	Tags         []string
	Audit
}

// MediaFile is a generated file: its path in the video's media folder and,
// once rendered, its URL.
type MediaFile struct {
	Label string
	Path  string
	URL   string
}

// Validate checks the fields a client sets.
func (v Video) Validate() error {
	return validate.First(
		validate.OneOf("type", v.Type, `"vod" or "event"`, apirules.VideoTypes...),
		validate.Length("name", v.Name, VideoNameMax),
		validate.MaxLength("description", v.Description, VideoDescriptionMax),
		validate.MaxBytes("metadata", v.Metadata, VideoMetadataMax),
		validate.OneOf("privacy", v.Privacy, `"public", "private" or "unlisted"`, apirules.VideoPrivacies...),
		checkTags(v.Tags),
		checkCategoryValues(v.Categories),
		validate.OneOf("projection", v.Projection, `"equirectangular" or empty`, apirules.VideoProjections...),
		validate.OneOf("transcoder", v.Transcoder, transcoderRule, apirules.VideoTranscoders...),
	)
}

// IsVOD reports whether v is a video-on-demand item (not a live event).
func (v Video) IsVOD() bool { return v.Type == TypeVOD }

// SourceFrame is the shape of a video's source as a viewer sees it
// (rotation and pixel aspect applied), as the transcoder probed it. The
// zero SourceFrame means not probed yet: the API leaves the fields out.
type SourceFrame struct {
	Width, Height int
	AspectRatio   string // lowest terms: "16:9", "9:16", "427:240"
}
