package playback_test

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/gateway/internal/playback"
	"github.com/vidhost/vidhost/gateway/internal/playback/playbacktest"
	"github.com/vidhost/vidhost/pkg/grpcx"
	"github.com/vidhost/vidhost/pkg/ids"
	"github.com/vidhost/vidhost/pkg/liveorigin"
	"github.com/vidhost/vidhost/pkg/secrets"
	catalogv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/catalog/v1"
)

// llPlaylist is a moment of an LL-HLS media playlist as the packager
// writes it (services/live/internal/llhls).
const llPlaylist = `#EXTM3U
#EXT-X-VERSION:9
#EXT-X-TARGETDURATION:2
#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES,CAN-SKIP-UNTIL=12.00000,PART-HOLD-BACK=1.00200
#EXT-X-PART-INF:PART-TARGET=0.33400
#EXT-X-MEDIA-SEQUENCE:0
#EXT-X-MAP:URI="init.mp4"
#EXT-X-PROGRAM-DATE-TIME:2025-01-01T00:00:00.000Z
#EXT-X-PART:DURATION=0.33333,URI="part0.mp4",INDEPENDENT=YES
#EXT-X-PART:DURATION=0.33333,URI="part1.mp4"
#EXTINF:0.66667,
seg0.mp4
#EXT-X-PRELOAD-HINT:TYPE=PART,URI="part2.mp4"
`

// fakeOrigin stands for the live service's LL-HLS listener: it serves the
// stream only to requests the gateway signed, and records what it got.
type fakeOrigin struct {
	*httptest.Server
	mu       sync.Mutex
	requests []string // path?query
}

func startOrigin(t *testing.T, videoID, stream string) *fakeOrigin {
	t.Helper()
	o := &fakeOrigin{}
	key := playbacktest.Root.Derive(secrets.InternalCall(grpcx.Gateway))
	o.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if liveorigin.Verify(r.Header, r.Method, r.URL.Path, key) != nil {
			http.Error(w, "unauthorized", http.StatusUnauthorized)
			return
		}
		o.mu.Lock()
		o.requests = append(o.requests, r.URL.RequestURI())
		o.mu.Unlock()
		file, ok := strings.CutPrefix(r.URL.Path, liveorigin.Path(videoID, stream, ""))
		switch {
		case !ok:
			http.Error(w, "not found", http.StatusNotFound)
		case file == liveorigin.PlaylistName && r.URL.Query().Get("_HLS_msn") == "9":
			http.Error(w, "_HLS_msn is too far ahead of the live edge", http.StatusBadRequest)
		case file == liveorigin.PlaylistName && r.URL.Query().Get("_HLS_msn") == "1":
			http.Error(w, "not ready: try again", http.StatusServiceUnavailable) // the publisher stalled
		case file == liveorigin.PlaylistName:
			_, _ = io.WriteString(w, llPlaylist)
		case file == "part1.mp4" || file == "init.mp4":
			_, _ = io.WriteString(w, "bytes of "+file)
		default:
			http.Error(w, "not found", http.StatusNotFound)
		}
	}))
	t.Cleanup(o.Close)
	return o
}

func (o *fakeOrigin) asked() []string {
	o.mu.Lock()
	defer o.mu.Unlock()
	return append([]string(nil), o.requests...)
}

// liveEvent is an event of accountA whose LL stream the origin at address
// serves, with the files the live service writes to the blob store.
func liveEvent(t *testing.T, e *playbacktest.Edge, privacy, stream, address string) *catalogv1.PlaybackVideo {
	t.Helper()
	v := &catalogv1.PlaybackVideo{VideoId: ids.New(), AccountId: accountA, Privacy: privacy, Enabled: true, Status: "live",
		Name: "Launch", Type: "event", Outputs: []*catalogv1.PlaybackOutput{
			{Label: "HLS live", Path: "live/master.m3u8"}, {Label: "HLS low-latency", Path: liveorigin.MasterPath}}}
	e.PutFile(t, accountA, v.GetVideoId(), liveorigin.MasterPath,
		[]byte("#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=6000000,CODECS=\"avc1.64001f,mp4a.40.2\"\n"+stream+"/index.m3u8\n"))
	e.PutFile(t, accountA, v.GetVideoId(), liveorigin.AddressPath(stream), []byte(address))
	e.Backends.Catalog.PutVideo(v)
	return v
}

func withLiveKey(o *playback.Options) {
	o.LiveKey = playbacktest.Root.Derive(secrets.InternalCall(grpcx.Gateway))
}

func TestTheEdgeProxiesAPublicLowLatencyStream(t *testing.T) {
	e := playbacktest.StartEdge(t, withLiveKey)
	stream := ids.New()
	v := liveEvent(t, e, "public", stream, "")
	origin := startOrigin(t, v.GetVideoId(), stream)
	e.PutFile(t, accountA, v.GetVideoId(), liveorigin.AddressPath(stream), []byte(origin.URL))

	master := get(t, mediaURL(e, v, liveorigin.MasterPath))
	require.Equal(t, http.StatusOK, master.StatusCode)
	assert.Contains(t, master.body, "\n"+stream+"/index.m3u8\n", "the blob store's master, as stored")

	playlist := get(t, mediaURL(e, v, "live/ll/"+stream+"/index.m3u8", "_HLS_msn=0", "_HLS_part=2", "_HLS_skip=YES", "other=1"))
	require.Equal(t, http.StatusOK, playlist.StatusCode, playlist.body)
	assert.Equal(t, llPlaylist, playlist.body, "public: as the packager wrote it")
	assert.Equal(t, "no-store", playlist.Header.Get("Cache-Control"), "a playlist is one moment of the stream")
	assert.Equal(t, "application/vnd.apple.mpegurl", playlist.Header.Get("Content-Type"))
	assert.Equal(t, "*", playlist.Header.Get("Access-Control-Allow-Origin"))
	assert.Contains(t, origin.asked(), liveorigin.Path(v.GetVideoId(), stream, "index.m3u8")+"?_HLS_msn=0&_HLS_part=2&_HLS_skip=YES",
		"the delivery directives, and nothing else of the query, reach the live service")

	part := get(t, mediaURL(e, v, "live/ll/"+stream+"/part1.mp4"))
	require.Equal(t, http.StatusOK, part.StatusCode)
	assert.Equal(t, "bytes of part1.mp4", part.body)
	assert.Equal(t, "video/mp4", part.Header.Get("Content-Type"))
	assert.Equal(t, "public, max-age=31536000, immutable", part.Header.Get("Cache-Control"), "a part's name is never reused")
	head := fetch(t, http.MethodHead, mediaURL(e, v, "live/ll/"+stream+"/init.mp4"), nil)
	assert.Equal(t, http.StatusOK, head.StatusCode)
	assert.Equal(t, "17", head.Header.Get("Content-Length"))
	assert.Empty(t, head.body)

	tests := []struct {
		name, path string
		status     int
		body       string
	}{
		{"a part not there (yet, or any more)", "live/ll/" + stream + "/part7.mp4", http.StatusNotFound, "Not found"},
		{"a request too far ahead", "live/ll/" + stream + "/index.m3u8?_HLS_msn=9", http.StatusBadRequest, "_HLS_msn is too far ahead of the live edge"},
		{"a stalled publisher", "live/ll/" + stream + "/index.m3u8?_HLS_msn=1", http.StatusServiceUnavailable, "not ready: try again"},
		{"another stream", "live/ll/" + ids.New() + "/index.m3u8", http.StatusNotFound, "Not found"},
		{"a file the packager never names", "live/ll/" + stream + "/origin", http.StatusNotFound, "Not found"},
		{"another file name", "live/ll/" + stream + "/master.m3u8", http.StatusNotFound, "Not found"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resp := get(t, mediaURL(e, v, tt.path))
			assert.Equal(t, tt.status, resp.StatusCode)
			assert.Equal(t, tt.body, strings.TrimSpace(resp.body))
			assert.Equal(t, "no-store", resp.Header.Get("Cache-Control"))
		})
	}
}

func TestAPrivateLowLatencyStreamNeedsACredentialOnEveryRequest(t *testing.T) {
	e := playbacktest.StartEdge(t, withLiveKey)
	key := playbacktest.NewECKey(t)
	e.Backends.Identity.PutKey(accountA, key)
	stream := ids.New()
	v := liveEvent(t, e, "private", stream, "")
	origin := startOrigin(t, v.GetVideoId(), stream)
	e.PutFile(t, accountA, v.GetVideoId(), liveorigin.AddressPath(stream), []byte(origin.URL))

	for _, path := range []string{liveorigin.MasterPath, "live/ll/" + stream + "/index.m3u8", "live/ll/" + stream + "/part1.mp4", "live/ll/" + stream + "/init.mp4"} {
		assert.Equal(t, http.StatusForbidden, get(t, mediaURL(e, v, path)).StatusCode, "%s without a credential", path)
		assert.Equal(t, http.StatusForbidden, get(t, mediaURL(e, v, path, "token=1.x.y")).StatusCode, "%s with a forged token", path)
	}
	assert.Empty(t, origin.asked(), "a refused viewer never reaches the live service")

	jwt := key.Mint(t, playbacktest.Claims{Subject: v.GetVideoId(), Expires: e.Clock.Now().Add(time.Minute)})
	master := get(t, mediaURL(e, v, liveorigin.MasterPath, "jwt="+jwt))
	require.Equal(t, http.StatusOK, master.StatusCode)
	token := tokenIn.FindStringSubmatch(master.body)
	require.NotNil(t, token, master.body)
	assert.Contains(t, master.body, stream+"/index.m3u8?token="+token[1])

	// hls.js adds its directives after the token the master gave it.
	playlist := get(t, mediaURL(e, v, "live/ll/"+stream+"/index.m3u8", "token="+token[1], "_HLS_msn=0", "_HLS_part=2"))
	require.Equal(t, http.StatusOK, playlist.StatusCode, playlist.body)
	assert.Equal(t, "no-store", playlist.Header.Get("Cache-Control"))
	for _, uri := range []string{`#EXT-X-MAP:URI="init.mp4?token=`, `URI="part0.mp4?token=`, `URI="part1.mp4?token=`,
		"\nseg0.mp4?token=", `#EXT-X-PRELOAD-HINT:TYPE=PART,URI="part2.mp4?token=`} {
		assert.Contains(t, playlist.body, uri+token[1], "every URI carries the token")
	}
	assert.NotContains(t, strings.Join(origin.asked(), " "), "token=", "the token stays at the edge")

	part := get(t, mediaURL(e, v, "live/ll/"+stream+"/part1.mp4", "token="+token[1]))
	require.Equal(t, http.StatusOK, part.StatusCode)
	assert.Equal(t, "private, max-age=31536000, immutable", part.Header.Get("Cache-Control"))
	other := liveEvent(t, e, "private", stream, origin.URL)
	assert.Equal(t, http.StatusForbidden, get(t, mediaURL(e, other, "live/ll/"+stream+"/part1.mp4", "token="+token[1])).StatusCode,
		"a token opens its own event only")
}

func TestADownLiveServiceIsAClear503(t *testing.T) {
	e := playbacktest.StartEdge(t, withLiveKey)
	stream := ids.New()
	gone := httptest.NewServer(http.NotFoundHandler())
	gone.Close()
	v := liveEvent(t, e, "public", stream, gone.URL)
	resp := get(t, mediaURL(e, v, "live/ll/"+stream+"/index.m3u8"))
	assert.Equal(t, http.StatusServiceUnavailable, resp.StatusCode)
	assert.Equal(t, "service unavailable", strings.TrimSpace(resp.body))

	// A live service that does not take the gateway's signature (another
	// root secret) is as good as down.
	wrong := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		http.Error(w, "unauthorized", http.StatusUnauthorized)
	}))
	t.Cleanup(wrong.Close)
	stream = ids.New()
	v = liveEvent(t, e, "public", stream, wrong.URL)
	resp = get(t, mediaURL(e, v, "live/ll/"+stream+"/part0.mp4"))
	assert.Equal(t, http.StatusServiceUnavailable, resp.StatusCode)
}

func TestWithoutALiveKeyNoLowLatencyStreamIsServed(t *testing.T) {
	e := playbacktest.StartEdge(t)
	stream := ids.New()
	origin := startOrigin(t, "", stream)
	v := liveEvent(t, e, "public", stream, origin.URL)
	assert.Equal(t, http.StatusNotFound, get(t, mediaURL(e, v, "live/ll/"+stream+"/index.m3u8")).StatusCode)
	assert.Empty(t, origin.asked())
}
