package catalog

import (
	"net/url"
	"strings"

	"github.com/vidhost/vidhost/pkg/apirules"
	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/uploadref"
)

// Limits of a vod's input.
const (
	InputMax       = apirules.VideoInputMax
	ClipMaxSeconds = apirules.ClipMaxSeconds
)

// Query parameters of a clip, in the interface's words.
const (
	clipStartParam = "svc_clip_start"
	clipEndParam   = "svc_clip_end"
)

// Source is where a vod's media comes from: exactly one of URL and
// UploadID is set. URL has the clip parameters removed; they are in Clip.
type Source struct {
	URL      string
	UploadID string
	Clip     Clip
}

// Clip bounds the part of the source to extract, in seconds; the zero Clip
// means the whole source.
type Clip struct {
	Start, End int
}

// Reference returns the upload reference of an upload source.
func (s Source) Reference() string { return uploadref.Format(s.UploadID) }

var errInputShape = apperr.InvalidField("input", "must be an http(s) URL or an upload reference "+uploadref.Form)

// ParseSource validates a vod's input: a source URL (http or https, at most
// InputMax characters) or an upload reference, either optionally carrying
// svc_clip_start and svc_clip_end (HH:MM:SS, start before end, at most two
// minutes apart). A bad clip is refused now rather than failing the job
// later.
func ParseSource(input string) (Source, error) {
	switch {
	case input == "":
		return Source{}, apperr.InvalidField("input", "is required for a vod: a source URL or "+uploadref.Form)
	case len(input) > InputMax:
		return Source{}, apperr.InvalidField("input", "must be at most %d characters", InputMax)
	case strings.HasPrefix(input, "svc:"):
		return parseUploadReference(input)
	}
	return parseSourceURL(input)
}

func parseUploadReference(input string) (Source, error) {
	id, query, ok := uploadref.Parse(input)
	if !ok {
		return Source{}, errInputShape
	}
	clip, _, err := splitClip(query)
	if err != nil {
		return Source{}, err
	}
	return Source{UploadID: id, Clip: clip}, nil
}

func parseSourceURL(input string) (Source, error) {
	u, err := url.Parse(input)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Hostname() == "" {
		return Source{}, errInputShape
	}
	clip, rest, err := splitClip(u.RawQuery)
	if err != nil {
		return Source{}, err
	}
	u.RawQuery = rest
	u.ForceQuery = false
	return Source{URL: u.String(), Clip: clip}, nil
}
