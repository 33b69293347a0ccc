package server_test

import (
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"google.golang.org/grpc/codes"

	uploadv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/upload/v1"

	"github.com/vidhost/vidhost/pkg/grpcx/grpcxtest"
	"github.com/vidhost/vidhost/pkg/ids"
	"github.com/vidhost/vidhost/services/upload/internal/uploadtest"
)

// uploaded creates an upload and PUTs its bytes.
func uploaded(t *testing.T, b *uploadtest.Bundle, name string) *uploadv1.Upload {
	t.Helper()
	body := randomBytes(t, 100)
	u := create(t, b, b.Alice, name, len(body))
	require.Equal(t, http.StatusOK, put(t, u.GetUrl(), body))
	return u
}

func TestResolveRefusesUnusableReferences(t *testing.T) {
	t.Parallel()
	b := uploadtest.Start(t, uploadtest.Local)
	video := uploaded(t, b, "a.mp4")
	thumbnail := uploaded(t, b, "a.jpg")
	track := uploaded(t, b, "a.vtt")
	deleted := uploaded(t, b, "b.mp4")
	_, err := b.Client.DeleteUpload(as(t, b.Alice), &uploadv1.DeleteUploadRequest{Id: deleted.GetId()})
	require.NoError(t, err)
	const (
		videoKind = uploadv1.UploadKind_UPLOAD_KIND_VIDEO
		thumbKind = uploadv1.UploadKind_UPLOAD_KIND_THUMBNAIL
		trackKind = uploadv1.UploadKind_UPLOAD_KIND_TRACK
		missing   = "url references an upload that does not exist"
	)
	tests := []struct {
		name      string
		reference string
		kind      uploadv1.UploadKind
		message   string
	}{
		{"not a reference", "https://example.com/a.mp4", videoKind, "url must be an upload reference svc://uploads/<upload_id>"},
		{"empty id", "svc://uploads/", videoKind, "url must be an upload reference svc://uploads/<upload_id>"},
		{"path after the id", "svc://uploads/" + video.GetId() + "/x", videoKind, "url must be an upload reference svc://uploads/<upload_id>"},
		{"malformed id", "svc://uploads/nope", videoKind, missing},
		{"unknown id", "svc://uploads/" + ids.New(), videoKind, missing},
		{"deleted upload", "svc://uploads/" + deleted.GetId(), videoKind, missing},
		{"jpg for a video", "svc://uploads/" + thumbnail.GetId(), videoKind, "url must reference a video upload, not a thumbnail (.jpg file)"},
		{"vtt for a video", "svc://uploads/" + track.GetId(), videoKind, "url must reference a video upload, not a track (.vtt file)"},
		{"video for a thumbnail", "svc://uploads/" + video.GetId(), thumbKind, "url must reference a .jpg upload"},
		{"video for a track", "svc://uploads/" + video.GetId(), trackKind, "url must reference a .vtt upload"},
		{"no kind", "svc://uploads/" + video.GetId(), uploadv1.UploadKind_UPLOAD_KIND_UNSPECIFIED, "kind must be video, thumbnail or track"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := b.Client.ResolveUpload(uploadtest.AsCatalog(t, b.Alice), &uploadv1.ResolveUploadRequest{Reference: tt.reference, Kind: tt.kind, Field: "url"})
			grpcxtest.RequireStatus(t, err, codes.InvalidArgument, tt.message)
		})
	}
	t.Run("kinds resolve", func(t *testing.T) {
		for id, kind := range map[string]uploadv1.UploadKind{video.GetId(): videoKind, thumbnail.GetId(): thumbKind, track.GetId(): trackKind} {
			_, err := resolve(t, b, b.Alice, id, kind)
			assert.NoError(t, err, kind.String())
		}
	})
}

func TestReferenceToAnotherAccountsUploadIsA400(t *testing.T) {
	t.Parallel()
	eachDriver(t, func(t *testing.T, b *uploadtest.Bundle) {
		u := uploaded(t, b, "a.mp4")

		_, err := resolve(t, b, b.Bob, u.GetId(), uploadv1.UploadKind_UPLOAD_KIND_VIDEO)

		grpcxtest.RequireStatus(t, err, codes.InvalidArgument, "input references an upload that does not exist")
		_, err = resolve(t, b, b.Alice, u.GetId(), uploadv1.UploadKind_UPLOAD_KIND_VIDEO)
		assert.NoError(t, err, "its owner may")
	})
}

func TestResolveNamesInputWhenNoFieldIsGiven(t *testing.T) {
	t.Parallel()
	b := uploadtest.Start(t, uploadtest.Local)
	_, err := b.Client.ResolveUpload(uploadtest.AsCatalog(t, b.Alice), &uploadv1.ResolveUploadRequest{
		Reference: "svc://uploads/" + ids.New(), Kind: uploadv1.UploadKind_UPLOAD_KIND_VIDEO,
	})
	grpcxtest.RequireStatus(t, err, codes.InvalidArgument, "input references an upload that does not exist")
}
