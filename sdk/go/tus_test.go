package vidhost

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The resume tests against tusd, the server the upload service embeds, live
// beside that server (services/upload/internal/tus/sdk_test.go): this
// module's requirements stay jwx's and the standard library's.

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
