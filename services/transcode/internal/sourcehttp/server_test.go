package sourcehttp_test

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/blob"
	"github.com/vidhost/vidhost/services/transcode/internal/sourcehttp"
)

// content is a 1000-byte blob whose every byte tells its offset's place.
var content = func() []byte {
	b := make([]byte, 1000)
	for i := range b {
		b[i] = byte(i % 251)
	}
	return b
}()

// setup is a server over a local store holding content under key.
func setup(t *testing.T) (*sourcehttp.Server, string) {
	t.Helper()
	store, err := blob.NewLocal(blob.Config{Dir: t.TempDir()})
	require.NoError(t, err)
	const key = "uploads/a/b/source.mp4"
	require.NoError(t, store.Put(context.Background(), key, bytes.NewReader(content), int64(len(content)), ""))
	srv, err := sourcehttp.Start(store, slog.New(slog.DiscardHandler))
	require.NoError(t, err)
	t.Cleanup(func() { assert.NoError(t, srv.Close(context.Background())) })
	return srv, key
}

func request(t *testing.T, method, url, ranges string) (*http.Response, []byte) {
	t.Helper()
	req, err := http.NewRequestWithContext(t.Context(), method, url, nil)
	require.NoError(t, err)
	if ranges != "" {
		req.Header.Set("Range", ranges)
	}
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	return resp, body
}

// A registered blob answers Range requests as ffmpeg's http protocol makes
// them, each with the bytes of that stretch.
func TestServesRanges(t *testing.T) {
	t.Parallel()
	srv, key := setup(t)
	url, remove, err := srv.Register(t.Context(), key)
	require.NoError(t, err)
	defer remove()
	require.True(t, strings.HasPrefix(url, "http://127.0.0.1:"), url)

	for _, tc := range []struct {
		name, ranges, contentRange string
		from, to                   int
	}{
		{"whole", "", "", 0, 1000},
		{"first bytes", "bytes=0-99", "bytes 0-99/1000", 0, 100},
		{"middle", "bytes=400-599", "bytes 400-599/1000", 400, 600},
		{"open-ended", "bytes=900-", "bytes 900-999/1000", 900, 1000},
		{"suffix", "bytes=-10", "bytes 990-999/1000", 990, 1000},
		{"cut at the end", "bytes=990-2000", "bytes 990-999/1000", 990, 1000},
	} {
		t.Run(tc.name, func(t *testing.T) {
			resp, body := request(t, http.MethodGet, url, tc.ranges)
			want := http.StatusPartialContent
			if tc.ranges == "" {
				want = http.StatusOK
			}
			assert.Equal(t, want, resp.StatusCode)
			assert.Equal(t, tc.contentRange, resp.Header.Get("Content-Range"))
			assert.Equal(t, "bytes", resp.Header.Get("Accept-Ranges"))
			assert.Equal(t, content[tc.from:tc.to], body)
		})
	}

	resp, _ := request(t, http.MethodGet, url, "bytes=1000-")
	assert.Equal(t, http.StatusRequestedRangeNotSatisfiable, resp.StatusCode, "a range beyond the end")
	assert.Equal(t, "bytes */1000", resp.Header.Get("Content-Range"))

	resp, body := request(t, http.MethodHead, url, "")
	assert.Equal(t, http.StatusOK, resp.StatusCode)
	assert.Equal(t, int64(1000), resp.ContentLength, "HEAD tells the size")
	assert.Empty(t, body)
}

// Only registered paths are served, only while registered, and only to
// GET and HEAD.
func TestServesRegisteredPathsOnly(t *testing.T) {
	t.Parallel()
	srv, key := setup(t)
	url, remove, err := srv.Register(t.Context(), key)
	require.NoError(t, err)
	other, removeOther, err := srv.Register(t.Context(), key)
	require.NoError(t, err)
	defer removeOther()
	assert.NotEqual(t, url, other, "one path per registration")

	resp, _ := request(t, http.MethodPost, url, "")
	assert.Equal(t, http.StatusMethodNotAllowed, resp.StatusCode)
	assert.Equal(t, "GET, HEAD", resp.Header.Get("Allow"))

	base := url[:strings.LastIndex(url, "/")+1]
	for _, path := range []string{"", "uploads/a/b/source.mp4", key, "x" + url[len(base):]} {
		resp, _ := request(t, http.MethodGet, base+path, "")
		assert.Equal(t, http.StatusNotFound, resp.StatusCode, "/%s", path)
	}

	assert.Equal(t, 2, srv.Serving())
	remove()
	assert.Equal(t, 1, srv.Serving())
	resp, _ = request(t, http.MethodGet, url, "")
	assert.Equal(t, http.StatusNotFound, resp.StatusCode, "a path removed after its run")
	resp, _ = request(t, http.MethodGet, other, "bytes=0-0")
	assert.Equal(t, http.StatusPartialContent, resp.StatusCode, "the other registration stays")
}

func TestRegisterOfAMissingBlob(t *testing.T) {
	t.Parallel()
	srv, _ := setup(t)
	_, _, err := srv.Register(t.Context(), "uploads/a/b/gone.mp4")
	assert.ErrorIs(t, err, blob.ErrNotFound)
}
