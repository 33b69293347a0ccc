package playback_test

import (
	"fmt"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/gateway/internal/playback"
	"github.com/vidhost/vidhost/gateway/internal/playback/playbacktest"
	"github.com/vidhost/vidhost/pkg/blob"
)

func TestMediaTypesAndCaching(t *testing.T) {
	e := playbacktest.StartEdge(t)
	v := newVideo(t, e, "public")
	tests := []struct {
		path, contentType, cacheControl, body string
	}{
		{"stream/master.m3u8", "application/vnd.apple.mpegurl", "public, max-age=2", masterPlaylist},
		{"stream/playlist_0.m3u8", "application/vnd.apple.mpegurl", "public, max-age=2", mediaPlaylist},
		{"stream/manifest.mpd", "application/dash+xml", "public, max-age=2", dashManifest},
		{"stream/init-0.m4s", "video/iso.segment", "public, max-age=31536000, immutable", "init"},
		{"mp4/720p.mp4", "video/mp4", "public, max-age=300", "mp4"},
		{"thumbs/thumbnail.jpg", "image/jpeg", "public, max-age=300", "jpeg"},
		{"thumbs/sprite.vtt", "text/vtt; charset=utf-8", "public, max-age=300", spriteIndex},
		{"tracks/en.vtt", "text/vtt; charset=utf-8", "public, max-age=300", "WEBVTT\n"},
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			resp := get(t, mediaURL(e, v, tt.path))
			require.Equal(t, http.StatusOK, resp.StatusCode)
			assert.Equal(t, tt.contentType, resp.Header.Get("Content-Type"))
			assert.Equal(t, tt.cacheControl, resp.Header.Get("Cache-Control"))
			assert.Equal(t, tt.body, resp.body, "public files are served as stored")
			assert.Regexp(t, `^"[0-9a-f]+-[0-9a-f]+"$`, resp.Header.Get("ETag"))
			assert.Equal(t, "*", resp.Header.Get("Access-Control-Allow-Origin"))
			assert.Contains(t, resp.Header.Get("Access-Control-Expose-Headers"), "Content-Range")
			assert.Equal(t, "nosniff", resp.Header.Get("X-Content-Type-Options"))
		})
	}
}

// rangeTests run against a store: Local (sendfile) or one without files (S3's path).
func rangeTests(t *testing.T, e *playbacktest.Edge) {
	v := newVideo(t, e, "unlisted")
	url := mediaURL(e, v, "stream/seg-0-00001.m4s")
	full := get(t, url)
	require.Equal(t, http.StatusOK, full.StatusCode)
	assert.Equal(t, string(segment), full.body)
	assert.Equal(t, "bytes", full.Header.Get("Accept-Ranges"))

	size := len(segment)
	tests := []struct {
		rangeHeader  string
		status       int
		contentRange string
		from, to     int // expected body: segment[from:to]
	}{
		{"bytes=0-99", http.StatusPartialContent, fmt.Sprintf("bytes 0-99/%d", size), 0, 100},
		{"bytes=1000-", http.StatusPartialContent, fmt.Sprintf("bytes 1000-%d/%d", size-1, size), 1000, size},
		{"bytes=-10", http.StatusPartialContent, fmt.Sprintf("bytes %d-%d/%d", size-10, size-1, size), size - 10, size},
		{fmt.Sprintf("bytes=%d-", size), http.StatusRequestedRangeNotSatisfiable, fmt.Sprintf("bytes */%d", size), 0, 0},
	}
	for _, tt := range tests {
		t.Run(tt.rangeHeader, func(t *testing.T) {
			resp := fetch(t, http.MethodGet, url, map[string]string{"Range": tt.rangeHeader})
			require.Equal(t, tt.status, resp.StatusCode)
			assert.Equal(t, tt.contentRange, resp.Header.Get("Content-Range"))
			if tt.status == http.StatusPartialContent {
				assert.Equal(t, string(segment[tt.from:tt.to]), resp.body)
			}
		})
	}
	t.Run("conditional", func(t *testing.T) {
		resp := fetch(t, http.MethodGet, url, map[string]string{"If-None-Match": full.Header.Get("ETag")})
		assert.Equal(t, http.StatusNotModified, resp.StatusCode)
		assert.Empty(t, resp.body)
	})
	t.Run("HEAD", func(t *testing.T) {
		resp := fetch(t, http.MethodHead, url, nil)
		assert.Equal(t, http.StatusOK, resp.StatusCode)
		assert.Equal(t, fmt.Sprint(size), resp.Header.Get("Content-Length"))
		assert.Empty(t, resp.body)
	})
}

func TestRangeRequestsFromLocalFiles(t *testing.T) {
	rangeTests(t, playbacktest.StartEdge(t))
}

// objectsOnly hides Local's OpenFile, so the edge reads through the Store
// interface as it does from S3.
type objectsOnly struct{ blob.Store }

func TestRangeRequestsThroughTheStoreInterface(t *testing.T) {
	e := playbacktest.StartEdge(t, func(o *playback.Options) { o.Store = objectsOnly{o.Store} })
	_, isFiles := any(objectsOnly{}).(blob.FileOpener)
	require.False(t, isFiles)
	rangeTests(t, e)
}

func TestPreflight(t *testing.T) {
	e := playbacktest.StartEdge(t)
	v := newVideo(t, e, "public")
	resp := fetch(t, http.MethodOptions, mediaURL(e, v, "stream/seg-0-00001.m4s"), map[string]string{
		"Origin": "https://customer.example", "Access-Control-Request-Method": "GET", "Access-Control-Request-Headers": "range",
	})
	assert.Equal(t, http.StatusNoContent, resp.StatusCode)
	assert.Equal(t, "*", resp.Header.Get("Access-Control-Allow-Origin"))
	assert.Contains(t, resp.Header.Get("Access-Control-Allow-Methods"), "GET")
	assert.Contains(t, resp.Header.Get("Access-Control-Allow-Headers"), "Range")
}

func TestMediaPathsAreValidated(t *testing.T) {
	e := playbacktest.StartEdge(t)
	v := newVideo(t, e, "public")
	other := newVideo(t, e, "private")
	e.PutFile(t, accountA, v.GetVideoId(), "notes.txt", []byte("not media"))
	for _, path := range []string{
		"stream/missing.m4s",
		"notes.txt", // not a media type
		"stream/%2e%2e/%2e%2e/" + other.GetVideoId() + "/stream/seg-0-00001.m4s", // escaped dot segments
		"stream/..%2fmaster.m3u8",
		".meta/stream/master.m3u8",
		"stream/.hidden.m3u8",
		"stream/master.m3u8%00.m4s",
	} {
		t.Run(path, func(t *testing.T) {
			resp := get(t, e.URL+"/media/"+v.GetVideoId()+"/"+path)
			assert.Equal(t, http.StatusNotFound, resp.StatusCode, resp.body)
		})
	}
	for _, id := range []string{"not-an-id", "x"} {
		resp := get(t, e.URL+"/media/"+id+"/stream/master.m3u8")
		assert.Equal(t, http.StatusNotFound, resp.StatusCode)
	}
}

func TestCatalogDownIsUnavailable(t *testing.T) {
	e := playbacktest.StartEdge(t)
	v := newVideo(t, e, "public")
	e.Backends.Catalog.SetDown(true)
	assert.Equal(t, http.StatusServiceUnavailable, get(t, mediaURL(e, v, "stream/master.m3u8")).StatusCode)
}

func TestLookupsAreCachedBriefly(t *testing.T) {
	e := playbacktest.StartEdge(t)
	v := newVideo(t, e, "public")
	for range 5 {
		require.Equal(t, http.StatusOK, get(t, mediaURL(e, v, "stream/seg-0-00001.m4s")).StatusCode)
	}
	assert.Equal(t, 1, e.Backends.Catalog.Lookups(), "a burst of segments costs one lookup")

	v.Enabled = false
	e.Backends.Catalog.PutVideo(v)
	assert.Equal(t, http.StatusOK, get(t, mediaURL(e, v, "stream/seg-0-00001.m4s")).StatusCode, "still cached")
	e.Clock.Advance(playbacktest.CacheTTL)
	assert.Equal(t, http.StatusNotFound, get(t, mediaURL(e, v, "stream/seg-0-00001.m4s")).StatusCode, "disabled within the cache TTL")

	e.Backends.Catalog.RemoveVideo(v.GetVideoId())
	e.Clock.Advance(playbacktest.CacheTTL)
	assert.Equal(t, http.StatusNotFound, get(t, mediaURL(e, v, "stream/master.m3u8")).StatusCode, "deleted")
	assert.Equal(t, 3, e.Backends.Catalog.Lookups())
}
