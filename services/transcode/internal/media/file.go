package media

import (
	"os"
	"path/filepath"
)

// File is an output that is ready to upload.
type File struct {
	Path string // relative to Job.OutDir, slash-separated: "stream/seg-0-00001.m4s"
	Kind FileKind
}

// FileKind tells a caller how a file behaves after it is announced.
type FileKind int

const (
	// KindSegment is a CMAF init or media segment. It never changes.
	KindSegment FileKind = iota + 1
	// KindPlaylist is manifest.mpd or an .m3u8. It is rewritten while the
	// ladder encodes and announced again each time; upload every version,
	// after the segments announced before it.
	KindPlaylist
	// KindDownload is the progressive MP4, complete when announced.
	KindDownload
	// KindThumbnail is the poster image, complete when announced.
	KindThumbnail
	// KindSprite is the sheet of preview frames the player shows while
	// seeking, complete when announced.
	KindSprite
	// KindSpriteIndex is the WebVTT index locating each frame in the
	// sprite, complete when announced.
	KindSpriteIndex
)

// writeFileAtomic replaces path in one step, so a concurrent uploader never
// reads half a playlist.
func writeFileAtomic(path string, data []byte) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	// CreateTemp's mode, 0600, stays: only this process reads the outputs.
	return os.Rename(tmp.Name(), path)
}
