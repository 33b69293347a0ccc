package tus

import (
	"mime"

	"github.com/tus/tusd/v2/pkg/handler"
)

// fileName is the name a tus client gave in Upload-Metadata: "filename"
// (tus-js-client's examples, tusd's own docs) or "name" (Uppy).
func fileName(meta handler.MetaData) string {
	if name := meta["filename"]; name != "" {
		return name
	}
	return meta["name"]
}

// contentType is the client's "filetype" when it is a media type, else ""
// (the blob store's default): a bad hint must not fail a finished upload.
func contentType(meta handler.MetaData) string {
	if _, _, err := mime.ParseMediaType(meta["filetype"]); err != nil {
		return ""
	}
	return meta["filetype"]
}
