package server_test

import (
	"bytes"
	"context"
	"errors"
	"path"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/blob"
	"github.com/vidhost/vidhost/pkg/ids"
	"github.com/vidhost/vidhost/pkg/principal"
	"github.com/vidhost/vidhost/services/catalog/internal/catalog"
)

// missingUpload is an upload id the test resolver knows nothing about.
const missingUpload = "missingmissingmissing"

// uploads stands in for the upload service (a port of the domain; the
// client is tested on its own in internal/uploads). A video reference
// resolves to a key in the caller's account, unless it is missingUpload.
// Tracks and thumbnails resolve as the upload service resolves them: only
// files put with upload, only in their account, of their kind, and only
// while the object is there with its size.
type uploads struct {
	objects blob.Store
	mu      sync.Mutex
	files   map[string]uploadFile // by upload id
	// quotaFull holds accounts whose upload quota has no room left.
	quotaFull map[string]bool
}

type uploadFile struct {
	accountID, key string
	kind           catalog.UploadKind
	size           int64
}

// upload stores data as p's upload called name (.vtt or .jpg) and returns
// its reference and key.
func (u *uploads) upload(t *testing.T, p principal.Principal, name string, data []byte) (string, string) {
	t.Helper()
	kind := map[string]catalog.UploadKind{".vtt": catalog.UploadTrack, ".jpg": catalog.UploadThumbnail}[path.Ext(name)]
	require.NotEmpty(t, kind, "uploads of %s are not simulated", name)
	id := ids.New()
	key := "uploads/" + p.AccountID + "/" + id + "/" + name
	require.NoError(t, u.objects.Put(t.Context(), key, bytes.NewReader(data), int64(len(data)), ""))
	u.mu.Lock()
	defer u.mu.Unlock()
	u.files[id] = uploadFile{accountID: p.AccountID, key: key, kind: kind, size: int64(len(data))}
	return "svc://uploads/" + id, key
}

// AllowURLSource refuses as the upload service does for accounts marked
// in quotaFull.
func (u *uploads) AllowURLSource(_ context.Context, p principal.Principal) (int64, error) {
	u.mu.Lock()
	defer u.mu.Unlock()
	if u.quotaFull[p.AccountID] {
		return 0, &apperr.Exhausted{Code: "upload_quota_bytes", Reason: "this upload would take the account's uploads over its quota"}
	}
	return 5 << 30, nil
}

// fillQuota makes p's account's upload quota full.
func (u *uploads) fillQuota(p principal.Principal) {
	u.mu.Lock()
	defer u.mu.Unlock()
	if u.quotaFull == nil {
		u.quotaFull = map[string]bool{}
	}
	u.quotaFull[p.AccountID] = true
}

func (u *uploads) Resolve(ctx context.Context, p principal.Principal, reference string, kind catalog.UploadKind) (catalog.UploadObject, error) {
	id := strings.TrimPrefix(reference, "svc://uploads/")
	if kind == catalog.UploadVideo {
		if id == missingUpload {
			return catalog.UploadObject{}, apperr.ErrNotFound
		}
		return catalog.UploadObject{Key: "uploads/" + p.AccountID + "/" + id + "/source.mp4", Size: 1 << 20}, nil
	}
	u.mu.Lock()
	file, ok := u.files[id]
	u.mu.Unlock()
	if !ok || file.accountID != p.AccountID {
		return catalog.UploadObject{}, apperr.InvalidField(kind.Field(), "references an upload that does not exist")
	}
	if file.kind != kind {
		return catalog.UploadObject{}, apperr.InvalidField(kind.Field(), "must reference a %s upload", kind)
	}
	info, err := u.objects.Stat(ctx, file.key)
	if errors.Is(err, blob.ErrNotFound) || (err == nil && info.Size != file.size) {
		return catalog.UploadObject{}, apperr.InvalidField(kind.Field(), "references an upload that is not complete")
	}
	return catalog.UploadObject{Key: file.key, Size: file.size}, err
}
