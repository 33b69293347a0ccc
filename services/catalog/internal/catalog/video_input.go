package catalog

// VideoInput is a create request: a nil field was not sent and takes its
// default.
type VideoInput struct {
	Name        string
	Input       string
	Description string
	Metadata    string
	Privacy     *string // default unlisted
	Spherical   bool
	Projection  string
	Tags        []string
	Type        *string // default vod
	Categories  []string
	Enabled     *bool // default true
	Transcoder  string
}

// Video returns the new video the input describes, defaults filled in and
// in its first state: preparing, progress 0, no outputs. It is not
// validated yet.
func (in VideoInput) Video() Video {
	v := Video{
		Type:        TypeVOD,
		Name:        in.Name,
		Description: in.Description,
		Metadata:    in.Metadata,
		Privacy:     PrivacyUnlisted,
		Spherical:   in.Spherical,
		Projection:  in.Projection,
		Tags:        in.Tags,
		Categories:  in.Categories,
		Enabled:     true,
		Transcoder:  in.Transcoder,
		Status:      StatusPreparing,
	}
	setIfSent(&v.Type, in.Type)
	setIfSent(&v.Privacy, in.Privacy)
	setIfSent(&v.Enabled, in.Enabled)
	return v.normalize()
}

// normalize gives lists one stored form: never nil (nil would be stored as
// NULL and shown as null).
func (v Video) normalize() Video {
	v.Tags = nonNil(v.Tags)
	v.Categories = nonNil(v.Categories)
	v.Outputs = nonNil(v.Outputs)
	v.Tracks = nonNil(v.Tracks)
	v.Cards = nonNil(v.Cards)
	v.Gates = nonNil(v.Gates)
	v.Hotspots = nonNil(v.Hotspots)
	v.Chapters = nonNil(v.Chapters)
	return v
}

func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}
