package upload_test

import (
	"bytes"
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	uploadv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/upload/v1"

	"github.com/vidhost/vidhost/pkg/pgtest"
	"github.com/vidhost/vidhost/services/upload/internal/uploadtest"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

func create(t *testing.T, b *uploadtest.Bundle, name string, size int) *uploadv1.Upload {
	t.Helper()
	u, err := b.Client.CreateUpload(uploadtest.As(t, b.Alice), &uploadv1.CreateUploadRequest{Name: name, Size: float64(size)})
	require.NoError(t, err)
	return u
}

// uploaded creates an upload and PUTs its bytes to the presigned URL.
func uploaded(t *testing.T, b *uploadtest.Bundle, name string) *uploadv1.Upload {
	t.Helper()
	u := create(t, b, name, 3)
	req, err := http.NewRequestWithContext(t.Context(), http.MethodPut, u.GetUrl(), bytes.NewReader([]byte("abc")))
	require.NoError(t, err)
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	require.Equal(t, http.StatusOK, resp.StatusCode)
	require.NoError(t, resp.Body.Close())
	return u
}

func state(t *testing.T, b *uploadtest.Bundle, id string) string {
	t.Helper()
	var s string
	require.NoError(t, b.Pool.QueryRow(t.Context(), "SELECT state FROM uploads WHERE id = $1", id).Scan(&s))
	return s
}

func rows(t *testing.T, b *uploadtest.Bundle) int {
	t.Helper()
	var n int
	require.NoError(t, b.Pool.QueryRow(t.Context(), "SELECT count(*) FROM uploads").Scan(&n))
	return n
}

func exists(t *testing.T, b *uploadtest.Bundle, key string) bool {
	t.Helper()
	_, err := b.Objects.Stat(t.Context(), key)
	return err == nil
}

func TestSweepSettlesUploadsWhoseWindowClosed(t *testing.T) {
	for _, d := range uploadtest.Drivers {
		t.Run(string(d), func(t *testing.T) {
			b := uploadtest.Start(t, d)
			arrived := uploaded(t, b, "a.mp4")
			never := create(t, b, "b.mp4", 3)

			assert.Zero(t, b.Sweep(t, time.Now()).Settled, "windows still open")
			result := b.Sweep(t, time.Now().Add(b.Config.URLTTL+2*time.Minute))

			assert.Equal(t, 2, result.Settled)
			assert.Equal(t, "complete", state(t, b, arrived.GetId()))
			assert.Equal(t, "abandoned", state(t, b, never.GetId()))
			assert.Zero(t, b.Sweep(t, time.Now().Add(b.Config.URLTTL+2*time.Minute)).Settled, "idempotent")
		})
	}
}

func TestSweepRemovesWhatRetentionNoLongerCovers(t *testing.T) {
	for _, d := range uploadtest.Drivers {
		t.Run(string(d), func(t *testing.T) {
			b := uploadtest.Start(t, d)
			ctx := uploadtest.As(t, b.Alice)
			unreferenced := uploaded(t, b, "a.mp4")
			referenced := uploaded(t, b, "b.mp4")
			_, err := b.Client.ResolveUpload(uploadtest.AsCatalog(t, b.Alice), &uploadv1.ResolveUploadRequest{
				Reference: "svc://uploads/" + referenced.GetId(), Kind: uploadv1.UploadKind_UPLOAD_KIND_VIDEO,
			})
			require.NoError(t, err)
			deleted := create(t, b, "c.mp4", 3)
			_, err = b.Client.DeleteUpload(ctx, &uploadv1.DeleteUploadRequest{Id: deleted.GetId()})
			require.NoError(t, err)
			// A PUT that started before the delete lands after it.
			require.NoError(t, b.Objects.Put(t.Context(), deleted.GetKey(), bytes.NewReader([]byte("abc")), 3, ""))

			result := b.Sweep(t, time.Now().Add(b.Config.Retention-time.Hour))
			assert.Zero(t, result.Removed, "all within the retention")
			assert.Equal(t, 3, rows(t, b))

			result = b.Sweep(t, time.Now().Add(b.Config.Retention+time.Minute))

			assert.Equal(t, 3, result.Removed)
			assert.Zero(t, rows(t, b), "every record is gone")
			assert.False(t, exists(t, b, unreferenced.GetKey()), "an unreferenced file is removed")
			assert.False(t, exists(t, b, deleted.GetKey()), "so is one that landed after its delete")
			assert.True(t, exists(t, b, referenced.GetKey()), "a referenced file belongs to its consumer")
			again := b.Sweep(t, time.Now().Add(b.Config.Retention+time.Minute))
			assert.Zero(t, again.Removed+again.Settled, "idempotent")
		})
	}
}
