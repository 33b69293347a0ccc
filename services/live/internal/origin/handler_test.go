package origin_test

import (
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/liveorigin"
	"github.com/vidhost/vidhost/services/live/internal/origin"
)

var gatewayKey = []byte(strings.Repeat("g", 32))

// get requests path from srv, signed with key unless key is nil.
func get(t *testing.T, srv *httptest.Server, path string, key []byte) (int, string) {
	t.Helper()
	req, err := http.NewRequestWithContext(t.Context(), http.MethodGet, srv.URL+path, nil)
	require.NoError(t, err)
	if key != nil {
		liveorigin.Sign(req.Header, http.MethodGet, path, key)
	}
	resp, err := srv.Client().Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	return resp.StatusCode, string(body)
}

func TestTheOriginServesTheCurrentStreamToTheGatewayOnly(t *testing.T) {
	registry := origin.NewRegistry()
	srv := httptest.NewServer(origin.NewHandler(registry, gatewayKey, 0, slog.New(slog.DiscardHandler)))
	t.Cleanup(srv.Close)
	registry.Add("v1", "s1", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.WriteString(w, "first "+r.URL.Path)
	}))
	path := liveorigin.Path("v1", "s1", "index.m3u8")

	status, body := get(t, srv, path, gatewayKey)
	assert.Equal(t, http.StatusOK, status)
	assert.Equal(t, "first "+path, body, "the muxer reads the file from the path")

	status, _ = get(t, srv, path, nil)
	assert.Equal(t, http.StatusUnauthorized, status, "unsigned")
	status, _ = get(t, srv, path, []byte(strings.Repeat("x", 32)))
	assert.Equal(t, http.StatusUnauthorized, status, "signed with another key")
	status, _ = get(t, srv, liveorigin.Path("v2", "s1", "index.m3u8"), gatewayKey)
	assert.Equal(t, http.StatusNotFound, status, "another event")
	status, _ = get(t, srv, "/live/v1/s1/index.m3u8", gatewayKey)
	assert.Equal(t, http.StatusNotFound, status, "not the origin's path")

	// A new stream replaces the old one, whose URLs are dead; removing the
	// old one's id leaves the new one.
	registry.Add("v1", "s2", http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { _, _ = io.WriteString(w, "second") }))
	status, _ = get(t, srv, path, gatewayKey)
	assert.Equal(t, http.StatusNotFound, status, "the old stream's URLs")
	registry.Remove("v1", "s1")
	status, body = get(t, srv, liveorigin.Path("v1", "s2", "part7.mp4"), gatewayKey)
	assert.Equal(t, http.StatusOK, status)
	assert.Equal(t, "second", body)
	registry.Remove("v1", "s2")
	status, _ = get(t, srv, liveorigin.Path("v1", "s2", "part7.mp4"), gatewayKey)
	assert.Equal(t, http.StatusNotFound, status, "ended")
}

func TestTheOriginBoundsRequestsInFlight(t *testing.T) {
	registry := origin.NewRegistry()
	srv := httptest.NewServer(origin.NewHandler(registry, gatewayKey, 1, slog.New(slog.DiscardHandler)))
	t.Cleanup(srv.Close)
	entered, release := make(chan struct{}), make(chan struct{})
	registry.Add("v1", "s1", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, "/index.m3u8") { // a blocked playlist request
			close(entered)
			<-release
		}
		_, _ = io.WriteString(w, "ok")
	}))
	done := make(chan int, 1)
	path := liveorigin.Path("v1", "s1", "index.m3u8")
	req, err := http.NewRequestWithContext(t.Context(), http.MethodGet, srv.URL+path, nil)
	require.NoError(t, err)
	liveorigin.Sign(req.Header, http.MethodGet, path, gatewayKey)
	go func() {
		resp, err := srv.Client().Do(req)
		if err != nil {
			done <- 0
			return
		}
		_ = resp.Body.Close()
		done <- resp.StatusCode
	}()
	<-entered
	status, _ := get(t, srv, liveorigin.Path("v1", "s1", "init.mp4"), gatewayKey)
	assert.Equal(t, http.StatusServiceUnavailable, status, "beyond the bound")
	close(release)
	assert.Equal(t, http.StatusOK, <-done)
	status, _ = get(t, srv, liveorigin.Path("v1", "s1", "init.mp4"), gatewayKey)
	assert.Equal(t, http.StatusOK, status, "a slot is free again")
}
