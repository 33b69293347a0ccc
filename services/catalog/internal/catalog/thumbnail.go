package catalog

import (
	"bytes"
	"image/jpeg"
	"strings"

	"github.com/vidhost/vidhost/pkg/apperr"
)

// Thumbnail limits. The interface says "a JPEG under 100KB"; its
// dimensions are bounded too, because a small JPEG can declare a huge
// image whose decoding would take gigabytes (8K is the largest video).
const (
	ThumbnailMaxSize   = 100*1024 - 1
	ThumbnailMaxSide   = 7680
	ThumbnailMaxPixels = 7680 * 4320
)

// customThumbnailPrefix starts the path of every thumbnail a client sent;
// a new name each time, so no cache serves the one it replaced. The
// transcoder's frame is thumbs/thumbnail.jpg, so the prefix alone tells a
// custom thumbnail, which a later transcode report must not replace.
const customThumbnailPrefix = "thumbs/custom-"

// customThumbnailPath is the path of a new custom thumbnail.
func customThumbnailPath(id string) string { return customThumbnailPrefix + id + ".jpg" }

// HasCustomThumbnail reports whether the video's thumbnail was sent by a
// client (POST /videos/{id}/thumbnail) rather than taken by the transcoder.
func (v Video) HasCustomThumbnail() bool {
	return strings.HasPrefix(v.Thumbnail.Path, customThumbnailPrefix)
}

var errNotJPEG = apperr.InvalidField("url", "must reference a JPEG image: the file is not a valid JPEG")

// thumbnailFile is a JPEG, decoded whole before it is stored: the
// extension proves nothing (a PNG named .jpg) and a truncated file has a
// valid header.
var thumbnailFile = fileRule{
	kind:        UploadThumbnail,
	noURL:       "upload the .jpg file first",
	max:         ThumbnailMaxSize,
	tooLarge:    apperr.InvalidField("url", "must reference a JPEG image under 100 KB (at most %d bytes)", ThumbnailMaxSize),
	check:       checkJPEG,
	contentType: "image/jpeg",
}

func checkJPEG(data []byte) error {
	config, err := jpeg.DecodeConfig(bytes.NewReader(data))
	if err != nil {
		return errNotJPEG
	}
	if config.Width > ThumbnailMaxSide || config.Height > ThumbnailMaxSide || config.Width*config.Height > ThumbnailMaxPixels {
		return apperr.InvalidField("url", "must reference a JPEG image of at most %d pixels a side and %d pixels in all (8K)",
			ThumbnailMaxSide, ThumbnailMaxPixels)
	}
	if _, err := jpeg.Decode(bytes.NewReader(data)); err != nil {
		return errNotJPEG
	}
	return nil
}
