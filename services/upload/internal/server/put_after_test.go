package server_test

import (
	"io"
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"google.golang.org/grpc/codes"

	"github.com/vidhost/vidhost/pkg/grpcx/grpcxtest"
	uploadv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/upload/v1"

	"github.com/vidhost/vidhost/services/upload/internal/uploadtest"
)

// stored returns the bytes at key.
func stored(t *testing.T, b *uploadtest.Bundle, key string) []byte {
	t.Helper()
	r, _, err := b.Objects.Open(t.Context(), key)
	require.NoError(t, err)
	defer r.Close()
	data, err := io.ReadAll(r)
	require.NoError(t, err)
	return data
}

// The URL of a deleted upload, used or not, stores nothing: the local
// driver refuses the PUT; S3 cannot, and the sweeper's next pass (every
// 5 minutes) removes what landed. Either way the upload stays deleted.
func TestPutAfterDeleteStoresNothing(t *testing.T) {
	t.Parallel()
	eachDriver(t, func(t *testing.T, b *uploadtest.Bundle) {
		for _, used := range []bool{false, true} {
			body := randomBytes(t, 1000)
			u := create(t, b, b.Alice, "clip.mp4", len(body))
			if used {
				require.Equal(t, http.StatusOK, put(t, u.GetUrl(), body))
			}
			_, err := b.Client.DeleteUpload(as(t, b.Alice), &uploadv1.DeleteUploadRequest{Id: u.GetId()})
			require.NoError(t, err)

			code := put(t, u.GetUrl(), body)

			if b.Driver == uploadtest.Local {
				assert.Equal(t, http.StatusConflict, code, "the local driver's URLs are write-once")
			} else {
				assert.Equal(t, http.StatusOK, code, "an S3 presigned URL cannot be revoked")
				// One pass clears them: this one, or on a loaded machine the
				// service's own first pass, which may run only now.
				assert.LessOrEqual(t, b.Sweep(t, time.Now()).Cleared, 1)
			}
			assert.Empty(t, stored(t, b, u.GetKey()), "only the tombstone is left")
			_, err = resolve(t, b, b.Alice, u.GetId(), uploadv1.UploadKind_UPLOAD_KIND_VIDEO)
			grpcxtest.RequireStatus(t, err, codes.InvalidArgument, "input references an upload that does not exist")
		}
	})
}

// A completed upload's URL cannot replace its file (local driver). S3
// accepts a second PUT of the same signed size: no byte more counts, and the
// case is documented in docs/uploads.md.
func TestPutAfterCompletionIsRefused(t *testing.T) {
	t.Parallel()
	b := uploadtest.Start(t, uploadtest.Local)
	first, second := randomBytes(t, 1000), randomBytes(t, 1000)
	u := create(t, b, b.Alice, "clip.mp4", len(first))
	require.Equal(t, http.StatusOK, put(t, u.GetUrl(), first))
	_, err := resolve(t, b, b.Alice, u.GetId(), uploadv1.UploadKind_UPLOAD_KIND_VIDEO)
	require.NoError(t, err)

	assert.Equal(t, http.StatusConflict, put(t, u.GetUrl(), second))
	assert.Equal(t, first, stored(t, b, u.GetKey()), "the resolved file is unchanged")
}
