package tus_test

import (
	"bytes"
	"crypto/rand"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tus/tusd/v2/pkg/filestore"
	"github.com/tus/tusd/v2/pkg/handler"
	"github.com/tus/tusd/v2/pkg/memorylocker"
	expslog "golang.org/x/exp/slog"

	vidhost "github.com/vidhost/vidhost/sdk/go"
)

// The Go SDK's resumable uploads (sdk/go/tus.go) against tusd, here rather
// than in the SDK's module so that module requires nothing but jwx.

// tusdServer is tusd, the server the upload service embeds, with its file
// store in dir, at the path Vidhost serves it.
func tusdServer(t *testing.T, dir string) *httptest.Server {
	t.Helper()
	composer := handler.NewStoreComposer()
	filestore.New(dir).UseIn(composer)
	memorylocker.New().UseIn(composer)
	h, err := handler.NewHandler(handler.Config{BasePath: "/v2/uploads/tus/", StoreComposer: composer,
		Logger: expslog.New(expslog.NewTextHandler(io.Discard, nil))})
	require.NoError(t, err)
	mux := http.NewServeMux()
	mux.Handle("/v2/uploads/tus/", http.StripPrefix("/v2/uploads/tus/", h))
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv
}

// flakyReader fails once, at offset at, as a disk or a network might.
type flakyReader struct {
	data   []byte
	at     int64
	failed atomic.Bool
}

// sdkFastRetries keeps the tests quick without making them depend on timing.
var sdkFastRetries = vidhost.WithRetryPolicy(vidhost.RetryPolicy{MaxAttempts: 4, BaseDelay: time.Millisecond, MaxDelay: 5 * time.Millisecond})

var errFlaky = errors.New("flaky read")

func (f *flakyReader) ReadAt(p []byte, off int64) (int, error) {
	end := int64(len(f.data))
	if off < f.at && !f.failed.Load() {
		end = f.at
	} else if off >= f.at && f.failed.CompareAndSwap(false, true) {
		return 0, errFlaky
	}
	if off >= end {
		return 0, errFlaky
	}
	n := copy(p, f.data[off:end])
	return n, nil
}

func TestSDKSendResumesAfterAFailedPatchWithinTheCall(t *testing.T) {
	dir := t.TempDir()
	srv := tusdServer(t, dir)
	data := make([]byte, 3<<20)
	_, _ = rand.Read(data)
	c := vidhost.New(srv.URL, "k", sdkFastRetries)
	var reports []int64
	var created vidhost.TusUpload

	res, err := c.Uploads.Send(t.Context(), vidhost.UploadParams{
		Name: "film.mkv", Size: int64(len(data)), Body: &flakyReader{data: data, at: 1 << 20},
		OnCreate: func(u vidhost.TusUpload) { created = u },
		Progress: func(sent, _ int64) { reports = append(reports, sent) },
	})

	require.NoError(t, err)
	assert.Equal(t, created, res.TusUpload)
	assert.False(t, res.Resumed, "a new upload")
	assert.Equal(t, int64(len(data)), reports[len(reports)-1])
	stored, err := os.ReadFile(filepath.Join(dir, filepath.Base(res.URL)))
	require.NoError(t, err)
	assert.True(t, bytes.Equal(data, stored), "every byte once, in order")
}

func TestSDKSendResumesAnEarlierUpload(t *testing.T) {
	dir := t.TempDir()
	srv := tusdServer(t, dir)
	data := make([]byte, 2<<20)
	_, _ = rand.Read(data)
	// Chunks of 512 KiB: the first two PATCHes complete, the third fails.
	noRetry := vidhost.New(srv.URL, "k", vidhost.WithRetryPolicy(vidhost.RetryPolicy{}), vidhost.WithUploadChunkSize(512<<10))
	var saved vidhost.TusUpload
	_, err := noRetry.Uploads.Send(t.Context(), vidhost.UploadParams{
		Name: "film.mkv", Size: int64(len(data)), Body: &flakyReader{data: data, at: 1<<20 + 1000},
		OnCreate: func(u vidhost.TusUpload) { saved = u },
	})
	require.ErrorIs(t, err, errFlaky)

	var first int64 = -1
	res, err := vidhost.New(srv.URL, "k").Uploads.Send(t.Context(), vidhost.UploadParams{
		Name: "film.mkv", Size: int64(len(data)), Body: bytes.NewReader(data), Resume: &saved,
		Progress: func(sent, _ int64) {
			if first < 0 {
				first = sent
			}
		},
	})

	require.NoError(t, err)
	assert.True(t, res.Resumed)
	assert.Equal(t, saved, res.TusUpload)
	assert.GreaterOrEqual(t, first, int64(1<<20), "the second run starts where the server stopped, after the whole chunks at least")
	stored, err := os.ReadFile(filepath.Join(dir, filepath.Base(res.URL)))
	require.NoError(t, err)
	assert.True(t, bytes.Equal(data, stored))

	_, err = vidhost.New(srv.URL, "k").Uploads.Send(t.Context(), vidhost.UploadParams{
		Name: "other.mkv", Size: 5, Body: bytes.NewReader([]byte("other")), Resume: &saved,
		OnCreate: func(u vidhost.TusUpload) { saved = u },
	})
	require.NoError(t, err)
	assert.NotEqual(t, res.URL, saved.URL, "a resume URL of another length starts a new upload")
}
