package server_test

import (
	"context"
	"strings"

	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/principal"
	"github.com/vidhost/vidhost/services/catalog/internal/catalog"
)

// missingUpload is an upload id the test resolver knows nothing about.
const missingUpload = "missingmissingmissing"

// uploads stands in for the upload service (a port of the domain, tested
// on its own in internal/uploads): every reference but missingUpload
// resolves to a key in the caller's account.
type uploads struct{}

func (uploads) Resolve(_ context.Context, p principal.Principal, reference string, kind catalog.UploadKind) (catalog.UploadObject, error) {
	id := strings.TrimPrefix(reference, "svc://uploads/")
	if id == missingUpload || kind != catalog.UploadVideo {
		return catalog.UploadObject{}, apperr.ErrNotFound
	}
	return catalog.UploadObject{Key: "uploads/" + p.AccountID + "/" + id + "/source.mp4", Size: 1 << 20}, nil
}
