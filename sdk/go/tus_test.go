package vidhost

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

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tus/tusd/v2/pkg/filestore"
	"github.com/tus/tusd/v2/pkg/handler"
	"github.com/tus/tusd/v2/pkg/memorylocker"
	expslog "golang.org/x/exp/slog"
)

// tusServer is tusd, the server the upload service embeds, with its file
// store in dir, at the path Vidhost serves it.
func tusServer(t *testing.T, dir string) *httptest.Server {
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

func TestSendResumesAfterAFailedPatchWithinTheCall(t *testing.T) {
	dir := t.TempDir()
	srv := tusServer(t, dir)
	data := make([]byte, 3<<20)
	_, _ = rand.Read(data)
	c := New(srv.URL, "k", fastRetries)
	var reports []int64
	var created TusUpload

	res, err := c.Uploads.Send(t.Context(), UploadParams{
		Name: "film.mkv", Size: int64(len(data)), Body: &flakyReader{data: data, at: 1 << 20},
		OnCreate: func(u TusUpload) { created = u },
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

func TestSendResumesAnEarlierUpload(t *testing.T) {
	dir := t.TempDir()
	srv := tusServer(t, dir)
	data := make([]byte, 2<<20)
	_, _ = rand.Read(data)
	// Chunks of 512 KiB: the first two PATCHes complete, the third fails.
	noRetry := New(srv.URL, "k", WithRetryPolicy(RetryPolicy{}), WithUploadChunkSize(512<<10))
	var saved TusUpload
	_, err := noRetry.Uploads.Send(t.Context(), UploadParams{
		Name: "film.mkv", Size: int64(len(data)), Body: &flakyReader{data: data, at: 1<<20 + 1000},
		OnCreate: func(u TusUpload) { saved = u },
	})
	require.ErrorIs(t, err, errFlaky)

	var first int64 = -1
	res, err := New(srv.URL, "k").Uploads.Send(t.Context(), UploadParams{
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

	_, err = New(srv.URL, "k").Uploads.Send(t.Context(), UploadParams{
		Name: "other.mkv", Size: 5, Body: bytes.NewReader([]byte("other")), Resume: &saved,
		OnCreate: func(u TusUpload) { saved = u },
	})
	require.NoError(t, err)
	assert.NotEqual(t, res.URL, saved.URL, "a resume URL of another length starts a new upload")
}

// An empty file is refused before any request, in words, not field names.
func TestSendRefusesAnEmptyFile(t *testing.T) {
	var requests atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		requests.Add(1)
		w.WriteHeader(http.StatusTeapot)
	}))
	t.Cleanup(srv.Close)
	empty := filepath.Join(t.TempDir(), "empty.mp4")
	require.NoError(t, os.WriteFile(empty, nil, 0o600))
	_, err := New(srv.URL, "key").Uploads.SendFile(t.Context(), empty, UploadParams{})
	require.ErrorIs(t, err, ErrEmptyUpload)
	assert.Equal(t, "vidhost: the file is empty", err.Error())
	assert.Zero(t, requests.Load())
}
