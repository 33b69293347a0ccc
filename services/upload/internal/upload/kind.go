package upload

import (
	"path"
	"strings"
)

// Kind is the use an upload may be put to, told by its name.
//
// Only thumbnails and tracks are recognised by extension: the services that
// take them check the bytes too (a JPEG decoder, a WebVTT parser). Any other
// file may be a video whatever it is called (.webm, .ts, .3gp, no extension
// at all): the transcode worker probes its content and names what it cannot
// read in the video's status_reason, so no list of video extensions refuses a
// file FFmpeg would have read.
type Kind int

const (
	// KindUnknown is no kind: a ResolveUpload that names none is refused.
	KindUnknown Kind = iota
	// KindVideo is a video source file, handed to transcode when complete.
	KindVideo
	// KindThumbnail is an image to show before a video plays.
	KindThumbnail
	// KindTrack is a subtitle or caption file.
	KindTrack
)

// extensions are the extensions that name a kind other than video, matched
// without regard to case (cameras write .JPG).
var extensions = map[string]Kind{
	".jpg": KindThumbnail,
	".vtt": KindTrack,
}

// KindOf returns the kind of a file name: a thumbnail or a track by their
// extensions, else a video.
func KindOf(name string) Kind {
	if kind, ok := extensions[extension(name)]; ok {
		return kind
	}
	return KindVideo
}

// extension is the lowercased extension of name, "" if none.
func extension(name string) string {
	return strings.ToLower(path.Ext(name))
}

// String names the kind as ResolveUpload's callers and messages do.
func (k Kind) String() string {
	switch k {
	case KindVideo:
		return "video"
	case KindThumbnail:
		return "thumbnail"
	case KindTrack:
		return "track"
	}
	return "unknown"
}

// fileExtension is the extension that names kind k, "" for a video: a video
// is whatever the worker can read.
func (k Kind) fileExtension() string {
	for ext, kind := range extensions {
		if kind == k {
			return ext
		}
	}
	return ""
}
