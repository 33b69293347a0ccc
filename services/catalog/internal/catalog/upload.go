package catalog

import (
	"context"

	"github.com/vidhost/vidhost/pkg/principal"
)

// UploadKind says what an upload reference must point at; the upload
// service checks the uploaded file's kind (a video, a .jpg, a .vtt).
type UploadKind string

// UploadVideo is the kind of a vod's source.
const UploadVideo UploadKind = "video"

// UploadObject is what an upload reference resolves to.
type UploadObject struct {
	// Key is the file's key in the blob store, handed to the transcoder.
	Key  string
	Size int64
}

// UploadResolver resolves svc://uploads/<id> references; the upload
// service implements it. Resolve returns apperr.ErrNotFound when the
// reference names no upload of p's account (or one of another kind), and
// other errors when the upload service cannot answer.
type UploadResolver interface {
	Resolve(ctx context.Context, p principal.Principal, reference string, kind UploadKind) (UploadObject, error)
}
