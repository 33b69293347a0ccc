package playback_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/gateway/internal/playback/playbacktest"
)

// The edge keeps manifests in memory; a manifest replaced in the store
// (a transcoding video's EVENT playlist grows) is served fresh on the very
// next request, public or rewritten for a token.
func TestChangedManifestIsServedFresh(t *testing.T) {
	t.Run("changing files", func(t *testing.T) { changedManifests(t, false) })
	// With the edge's clock ahead, every file has settled when read, and
	// is served from memory and its template until it changes.
	t.Run("settled files", func(t *testing.T) { changedManifests(t, true) })
}

func changedManifests(t *testing.T, settled bool) {
	e := playbacktest.StartEdge(t)
	if settled {
		e.Clock.Advance(2 * time.Second)
	}
	public, private := newVideo(t, e, "public"), newVideo(t, e, "private")
	token := e.Tokens.Mint(private.GetVideoId())
	for _, tc := range []struct {
		name  string
		video string
		url   string
		want  func(segment string) string
	}{
		{"public", public.GetVideoId(), mediaURL(e, public, "stream/playlist_0.m3u8"),
			func(segment string) string { return "\n" + segment + "\n" }},
		{"private", private.GetVideoId(), mediaURL(e, private, "stream/playlist_0.m3u8", "token="+token),
			func(segment string) string { return "\n" + segment + "?token=" + token + "\n" }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			first := get(t, tc.url)
			require.Equal(t, http.StatusOK, first.StatusCode)
			assert.Contains(t, first.body, tc.want("seg-0-00001.m4s"))
			assert.Equal(t, first.body, get(t, tc.url).body, "the same again")
			for i, segment := range []string{"seg-0-00002.m4s", "seg-0-00003.m4s"} { // same size each time
				time.Sleep(20 * time.Millisecond) // a file time's tick later: the clock ahead skipped the settling
				changed := strings.Replace(mediaPlaylist, "seg-0-00001.m4s", segment, 1)
				e.PutFile(t, accountA, tc.video, "stream/playlist_0.m3u8", []byte(changed))
				again := get(t, tc.url)
				require.Equal(t, http.StatusOK, again.StatusCode)
				assert.Contains(t, again.body, tc.want(segment), "change %d", i)
				assert.NotContains(t, again.body, "seg-0-00001.m4s")
			}
			e.PutFile(t, accountA, tc.video, "stream/playlist_0.m3u8", []byte(mediaPlaylist+"#EXT-X-DISCONTINUITY\n"))
			assert.Contains(t, get(t, tc.url).body, "#EXT-X-DISCONTINUITY", "a longer file")
			require.NoError(t, e.Store.Delete(t.Context(), "videos/"+accountA+"/"+tc.video+"/stream/playlist_0.m3u8"))
			assert.Equal(t, http.StatusNotFound, get(t, tc.url).StatusCode, "a deleted file")
		})
	}
}

// Manifests from memory answer ranges, preconditions and HEAD like the
// files ServeContent sends.
func TestCachedManifestHTTPSemantics(t *testing.T) {
	e := playbacktest.StartEdge(t)
	v := newVideo(t, e, "public")
	url := mediaURL(e, v, "stream/playlist_0.m3u8")
	full := get(t, url)
	require.Equal(t, http.StatusOK, full.StatusCode)
	assert.Equal(t, mediaPlaylist, full.body)
	assert.Equal(t, "bytes", full.Header.Get("Accept-Ranges"))
	assert.NotEmpty(t, full.Header.Get("Last-Modified"))
	assert.Equal(t, "public, max-age=2", full.Header.Get("Cache-Control"))

	ranged := fetch(t, http.MethodGet, url, map[string]string{"Range": "bytes=0-6"})
	assert.Equal(t, http.StatusPartialContent, ranged.StatusCode)
	assert.Equal(t, "#EXTM3U", ranged.body)
	notModified := fetch(t, http.MethodGet, url, map[string]string{"If-None-Match": full.Header.Get("ETag")})
	assert.Equal(t, http.StatusNotModified, notModified.StatusCode)
	since := fetch(t, http.MethodGet, url, map[string]string{"If-Modified-Since": full.Header.Get("Last-Modified")})
	assert.Equal(t, http.StatusNotModified, since.StatusCode)
	head := fetch(t, http.MethodHead, url, nil)
	assert.Equal(t, http.StatusOK, head.StatusCode)
	assert.Empty(t, head.body)
	assert.Equal(t, full.Header.Get("Content-Length"), head.Header.Get("Content-Length"))
}
