package playback

import (
	"path"
	"strings"
)

// fileKind groups media files by how they may be cached.
type fileKind int

const (
	// kindManifest: HLS playlists and DASH manifests, rewritten while a
	// video is still transcoding (EVENT playlists, dynamic MPDs).
	kindManifest fileKind = iota + 1
	// kindSegment: CMAF segments, written once and never changed.
	kindSegment
	// kindFile: downloads, images and text tracks, which may be replaced
	// (a new thumbnail) but rarely are.
	kindFile
)

type mediaType struct {
	contentType string
	kind        fileKind
	// contentTypeHeader and publicCacheControl are header values made
	// once, for the responses of the manifest cache.
	contentTypeHeader, publicCacheControl []string
}

func newMediaType(contentType string, kind fileKind) mediaType {
	return mediaType{contentType: contentType, kind: kind,
		contentTypeHeader: []string{contentType}, publicCacheControl: []string{cacheControl(kind, false)}}
}

// mediaTypes are the only files served, by extension; anything else is not
// found. Fixed here rather than read from the system's mime tables, which
// differ between machines.
var mediaTypes = map[string]mediaType{
	".m3u8": newMediaType("application/vnd.apple.mpegurl", kindManifest),
	".mpd":  newMediaType("application/dash+xml", kindManifest),
	".m4s":  newMediaType("video/iso.segment", kindSegment),
	".ts":   newMediaType("video/mp2t", kindSegment),
	".m4a":  newMediaType("audio/mp4", kindSegment),
	".mp4":  newMediaType("video/mp4", kindFile),
	".jpg":  newMediaType("image/jpeg", kindFile),
	".jpeg": newMediaType("image/jpeg", kindFile),
	".png":  newMediaType("image/png", kindFile),
	".webp": newMediaType("image/webp", kindFile),
	".vtt":  newMediaType("text/vtt; charset=utf-8", kindFile),
}

func mediaTypeOf(name string) (mediaType, bool) {
	t, ok := mediaTypes[strings.ToLower(path.Ext(name))]
	return t, ok
}

// cacheControl is the Cache-Control of a file. Private videos' files are
// "private": their URLs carry a token, and a shared cache that ignored the
// query string would hand them to anyone. Rewritten manifests are never
// stored, since each one embeds a viewer's token.
func cacheControl(kind fileKind, private bool) string {
	scope := "public"
	if private {
		scope = "private"
	}
	switch {
	case kind == kindManifest && private:
		return "private, no-store"
	case kind == kindManifest:
		// Two seconds: long enough to absorb a crowd, short enough for a
		// player to see the segments a transcoding video adds.
		return "public, max-age=2"
	case kind == kindSegment:
		return scope + ", max-age=31536000, immutable"
	}
	return scope + ", max-age=300"
}
