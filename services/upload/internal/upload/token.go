package upload

import (
	"fmt"

	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/principal"
)

// Upload tokens (docs/tokens.md): the gateway verifies the token and calls
// with a principal carrying its id and size cap; this service holds it to
// one upload of at most that size, and to one video made from that upload.

// ErrTokenUsed refuses a second upload, or a second video, with a token.
var ErrTokenUsed = &apperr.Denied{Code: apperr.CodeTokenUsed, Reason: "this upload token has already been used"}

// errTokenScope refuses a video from anything but the token's own upload.
func errTokenScope(field string) error {
	return &apperr.Denied{Code: apperr.CodeTokenScope,
		Reason: field + " must reference the upload made with this upload token"}
}

// checkTokenSize refuses an upload over the token's cap; a principal
// without a token has none.
func checkTokenSize(p principal.Principal, size int64) error {
	if p.UploadToken == "" || size <= p.MaxUploadBytes {
		return nil
	}
	return &apperr.Denied{Code: apperr.CodeTokenUploadTooLarge,
		Reason: fmt.Sprintf("size is larger than this upload token allows: at most %d bytes", p.MaxUploadBytes)}
}

// checkTokenReference lets a token reference only the upload it created,
// and only once (the reference is made once for certain in reference).
func checkTokenReference(p principal.Principal, u Upload, field string) error {
	switch {
	case p.UploadToken == "":
		return nil
	case u.TokenID != p.UploadToken:
		return errTokenScope(field)
	case u.Referenced():
		return ErrTokenUsed
	}
	return nil
}

// TokenMaySend lets a token send bytes (tus PATCH, HEAD) only to the upload
// it created.
func TokenMaySend(p principal.Principal, u Upload) error {
	if p.UploadToken == "" || u.TokenID == p.UploadToken {
		return nil
	}
	return &apperr.Denied{Code: apperr.CodeTokenScope, Reason: "this upload token may only send the bytes of the upload it created"}
}
