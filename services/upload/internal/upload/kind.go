package upload

import (
	"path"
	"strings"
)

// Kind is the use an upload's extension allows.
type Kind int

const (
	// KindUnknown is an extension no kind allows; such an upload is refused.
	KindUnknown Kind = iota
	// KindVideo is a video source file, handed to transcode when complete.
	KindVideo
	// KindThumbnail is an image to show before a video plays.
	KindThumbnail
	// KindTrack is a subtitle or caption file.
	KindTrack
)

// extensions are the interface's allowed extensions, matched without regard
// to case (cameras write .MP4).
var extensions = map[string]Kind{
	".mp4": KindVideo, ".mov": KindVideo, ".mpg": KindVideo, ".wmv": KindVideo, ".mkv": KindVideo,
	".jpg": KindThumbnail,
	".vtt": KindTrack,
}

// KindOf returns the kind of a file name, KindUnknown for other extensions.
func KindOf(name string) Kind {
	return extensions[extension(name)]
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

// extensionsRule lists the extensions of k for messages.
func (k Kind) extensionsRule() string {
	switch k {
	case KindVideo:
		return ".mp4, .mov, .mpg, .wmv or .mkv"
	case KindThumbnail:
		return ".jpg"
	case KindTrack:
		return ".vtt"
	}
	return ".mp4, .mov, .mpg, .wmv, .mkv, .jpg or .vtt"
}
