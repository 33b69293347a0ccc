package catalog

import (
	"net/url"
	"strings"
)

// Media renders media paths as URLs: <BaseURL>/<video_id>/<path>. Only
// paths are stored, so a new base URL (or a CDN) applies to every video at
// once, without a migration.
type Media struct {
	BaseURL string
}

// URL returns the URL of path in videoID's media folder, or "" for no path.
func (m Media) URL(videoID, path string) string {
	if path == "" {
		return ""
	}
	segments := strings.Split(path, "/")
	for i, s := range segments {
		segments[i] = url.PathEscape(s)
	}
	return strings.TrimRight(m.BaseURL, "/") + "/" + url.PathEscape(videoID) + "/" + strings.Join(segments, "/")
}

// Render fills in the URLs of v's media files and tracks.
func (m Media) Render(v Video) Video {
	outputs := make([]MediaFile, len(v.Outputs))
	for i, o := range v.Outputs {
		o.URL = m.URL(v.ID, o.Path)
		outputs[i] = o
	}
	v.Outputs = outputs
	tracks := make([]Track, len(v.Tracks))
	for i, t := range v.Tracks {
		t.URL = m.URL(v.ID, t.Path)
		tracks[i] = t
	}
	v.Tracks = tracks
	v.Thumbnail.URL = m.URL(v.ID, v.Thumbnail.Path)
	v.Sprite.URL = m.URL(v.ID, v.Sprite.Path)
	v.SpriteIndex.URL = m.URL(v.ID, v.SpriteIndex.Path)
	return v
}
