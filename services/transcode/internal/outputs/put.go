package outputs

import (
	"bytes"
	"context"
	"os"
	"path"
	"path/filepath"
	"time"
)

// putAttempts and putBackoff ride out a storage hiccup in place: failing
// the upload would throw away the whole encode and start it over.
const putAttempts = 3

var putBackoff = 500 * time.Millisecond // a variable so tests need not wait

// put stores one item under the media folder, retrying a failed write.
func (u *Uploader) put(ctx context.Context, it item) error {
	var err error
	for attempt := 1; attempt <= putAttempts; attempt++ {
		if err = u.putOnce(ctx, it); err == nil || ctx.Err() != nil {
			return err
		}
		if attempt < putAttempts {
			select {
			case <-ctx.Done():
				return err
			case <-time.After(putBackoff * time.Duration(attempt)):
			}
		}
	}
	return err
}

func (u *Uploader) putOnce(ctx context.Context, it item) error {
	key := u.folder + it.file.Path
	contentType := ContentType(it.file.Path)
	if it.data != nil {
		return u.store.Put(ctx, key, bytes.NewReader(it.data), int64(len(it.data)), contentType)
	}
	file, err := os.Open(filepath.Join(u.dir, filepath.FromSlash(it.file.Path)))
	if err != nil {
		return err
	}
	defer file.Close()
	info, err := file.Stat()
	if err != nil {
		return err
	}
	return u.store.Put(ctx, key, file, info.Size(), contentType)
}

// contentTypes are what the playback edge serves each output as.
var contentTypes = map[string]string{
	".m3u8": "application/vnd.apple.mpegurl",
	".mpd":  "application/dash+xml",
	".m4s":  "video/iso.segment",
	".mp4":  "video/mp4",
	".jpg":  "image/jpeg",
	".vtt":  "text/vtt",
}

// ContentType is the media type of an output file, by its extension.
func ContentType(name string) string {
	if contentType, ok := contentTypes[path.Ext(name)]; ok {
		return contentType
	}
	return "application/octet-stream"
}
