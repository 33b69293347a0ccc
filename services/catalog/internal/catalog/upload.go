package catalog

import (
	"context"

	"github.com/vidhost/vidhost/pkg/principal"
)

// UploadKind says what an upload reference must point at; the upload
// service checks the uploaded file's kind (a video, a .jpg, a .vtt).
type UploadKind string

// The kinds of upload the catalog takes: a vod's source, a thumbnail
// (.jpg) and a caption or subtitle track (.vtt).
const (
	UploadVideo     UploadKind = "video"
	UploadThumbnail UploadKind = "thumbnail"
	UploadTrack     UploadKind = "track"
)

// Field is the request field that carries a reference of this kind, which
// the resolver's refusals name: a vod's input, a track's or a thumbnail's
// url.
func (k UploadKind) Field() string {
	if k == UploadVideo {
		return "input"
	}
	return "url"
}

// UploadObject is what an upload reference resolves to.
type UploadObject struct {
	// Key is the file's key in the blob store, handed to the transcoder.
	Key  string
	Size int64
}

// UploadResolver resolves svc://uploads/<id> references; the upload
// service implements it. Resolve returns apperr.ErrNotFound or a 400
// naming kind.Field() when the reference names no complete upload of p's
// account of that kind, and other errors when the upload service cannot
// answer. Once a reference resolves, the catalog owns the upload's files
// (uploads/<account>/<upload>/): it copies what it keeps and deletes them.
type UploadResolver interface {
	Resolve(ctx context.Context, p principal.Principal, reference string, kind UploadKind) (UploadObject, error)
	// AllowURLSource applies p's account's upload switch and limits (the
	// upload service owns them) to a URL source and returns the most bytes
	// its download may take. Refusals are the upload service's, with their
	// codes (uploads_disabled, upload_quota_bytes).
	AllowURLSource(ctx context.Context, p principal.Principal) (maxBytes int64, err error)
}
