package server_test

import (
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"google.golang.org/grpc/codes"

	uploadv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/upload/v1"

	"github.com/vidhost/vidhost/pkg/principal"
	"github.com/vidhost/vidhost/services/upload/internal/uploadtest"
)

// withToken is Alice's key narrowed to an upload token, as the gateway
// sends it (docs/tokens.md).
func withToken(p principal.Principal, tokenID string, maxBytes int64) principal.Principal {
	p.UploadToken, p.MaxUploadBytes = tokenID, maxBytes
	return p
}

// TestUploadTokenMakesOneUploadAndOneVideo: a token creates one upload up
// to its cap, made by the minting key, and references it once.
func TestUploadTokenMakesOneUploadAndOneVideo(t *testing.T) {
	t.Parallel()
	b := uploadtest.Start(t, uploadtest.Drivers[0])
	token := withToken(b.Alice, "token-one", 1000)
	body := randomBytes(t, 1000)

	_, err := b.Client.CreateUpload(as(t, token), &uploadv1.CreateUploadRequest{Name: "big.mp4", Size: 1001})
	requireRefusal(t, err, codes.PermissionDenied, "token_upload_too_large",
		"size is larger than this upload token allows: at most 1000 bytes")

	u := create(t, b, token, "clip.mp4", len(body))
	assert.Equal(t, "alice-key", u.GetCreatedBy(), "the minting key acts")
	_, err = b.Client.CreateUpload(as(t, token), &uploadv1.CreateUploadRequest{Name: "again.mp4", Size: 10})
	requireRefusal(t, err, codes.PermissionDenied, "token_used", "this upload token has already been used")

	other := create(t, b, b.Alice, "other.mp4", len(body))
	require.Equal(t, http.StatusOK, put(t, other.GetUrl(), body))
	_, err = resolve(t, b, token, other.GetId(), uploadv1.UploadKind_UPLOAD_KIND_VIDEO)
	requireRefusal(t, err, codes.PermissionDenied, "token_scope", "input must reference the upload made with this upload token")

	require.Equal(t, http.StatusOK, put(t, u.GetUrl(), body))
	_, err = resolve(t, b, token, u.GetId(), uploadv1.UploadKind_UPLOAD_KIND_VIDEO)
	require.NoError(t, err)
	_, err = resolve(t, b, token, u.GetId(), uploadv1.UploadKind_UPLOAD_KIND_VIDEO)
	requireRefusal(t, err, codes.PermissionDenied, "token_used", "this upload token has already been used")
	_, err = resolve(t, b, b.Alice, u.GetId(), uploadv1.UploadKind_UPLOAD_KIND_VIDEO)
	assert.NoError(t, err, "the key itself may reference it again, as any upload")

	_, err = b.Client.AllowUrlSource(uploadtest.AsCatalog(t, withToken(b.Alice, "token-two", 10)), &uploadv1.AllowUrlSourceRequest{})
	requireRefusal(t, err, codes.PermissionDenied, "token_scope", "input must reference the upload made with this upload token")
}
