package tus_test

import (
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	uploadv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/upload/v1"

	"github.com/vidhost/vidhost/pkg/pgtest"
	"github.com/vidhost/vidhost/services/upload/internal/uploadtest"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

// size is large enough that the S3 store writes a real multipart part
// (at least 5 MiB) before the interruption, and keeps a partial one after.
const size = 12 << 20

func TestInterruptedUploadResumesWhereItStopped(t *testing.T) {
	for _, d := range uploadtest.Drivers {
		t.Run(string(d), func(t *testing.T) {
			b := uploadtest.Start(t, d)
			c := tusClient(t, b, b.Alice)
			body := randomBytes(t, size)
			half := size / 2

			created := c.create("Big Film.mkv", size)
			require.Equal(t, http.StatusCreated, created.StatusCode)
			location := created.Header.Get("Location")
			id := created.Header.Get("Vidhost-Upload-Id")
			assert.Equal(t, "svc://uploads/"+id, created.Header.Get("Vidhost-Upload-Reference"))
			assert.True(t, strings.HasPrefix(location, b.TusURL), location)

			first := c.patch(location, 0, body[:half])
			require.Equal(t, http.StatusNoContent, first.StatusCode)
			assert.Equal(t, strconv.Itoa(half), first.Header.Get("Upload-Offset"))

			c.interruptedPatch(location, half, size-half, body[half:half+(1<<20)])
			offset := c.offset(location)
			// The server read every byte sent before the connection
			// dropped, and keeps them all.
			assert.Equal(t, half+(1<<20), offset, "resumes where it stopped")
			_, err := resolve(t, b, id)
			requireInvalid(t, err, "input references an upload that is not complete")

			last := c.patch(location, offset, body[offset:])
			require.Equal(t, http.StatusNoContent, last.StatusCode)
			assert.Equal(t, strconv.Itoa(size), last.Header.Get("Upload-Offset"))
			assert.Equal(t, id, last.Header.Get("Vidhost-Upload-Id"))

			resolved, err := resolve(t, b, id)
			require.NoError(t, err)
			assert.Equal(t, int64(size), resolved.GetSize())
			assert.Equal(t, "uploads/"+b.Alice.AccountID+"/"+id+"/Big_Film.mkv", resolved.GetObjectKey())
			assert.Equal(t, body, readObject(t, b, resolved.GetObjectKey()), "every byte, in order")
			assert.Equal(t, size, c.offset(location), "a finished upload still reports its bytes")
			assertNoStaging(t, b, id)
		})
	}
}

func resolve(t *testing.T, b *uploadtest.Bundle, id string) (*uploadv1.ResolveUploadResponse, error) {
	return b.Client.ResolveUpload(uploadtest.AsCatalog(t, b.Alice), &uploadv1.ResolveUploadRequest{
		Reference: "svc://uploads/" + id, Kind: uploadv1.UploadKind_UPLOAD_KIND_VIDEO,
	})
}

func readObject(t *testing.T, b *uploadtest.Bundle, key string) []byte {
	t.Helper()
	r, _, err := b.Objects.Open(t.Context(), key)
	require.NoError(t, err)
	defer r.Close()
	data, err := io.ReadAll(r)
	require.NoError(t, err)
	return data
}

// assertNoStaging checks the tus store kept nothing of upload id: no file
// in the staging directory, no info or part object under tus/.
func assertNoStaging(t *testing.T, b *uploadtest.Bundle, id string) {
	t.Helper()
	if b.Driver == uploadtest.Local {
		_, err := os.Stat(filepath.Join(b.Config.StagingDir(), id))
		assert.ErrorIs(t, err, os.ErrNotExist)
		_, err = os.Stat(filepath.Join(b.Config.StagingDir(), id+".info"))
		assert.ErrorIs(t, err, os.ErrNotExist)
		return
	}
	for info, err := range b.Objects.List(t.Context(), "tus/") {
		require.NoError(t, err)
		assert.NotContains(t, info.Key, id, "tus bookkeeping left behind")
	}
}
