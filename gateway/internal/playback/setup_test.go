package playback_test

import (
	"crypto/rand"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/gateway/internal/playback/playbacktest"
	"github.com/vidhost/vidhost/pkg/ids"
	catalogv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/catalog/v1"
)

const accountA = "account-a"

// A small stream in the transcoder's layout (services/transcode/internal/media/layout.go).
const (
	masterPlaylist = "#EXTM3U\n#EXT-X-VERSION:7\n#EXT-X-STREAM-INF:BANDWIDTH=800000,CODECS=\"avc1.64001f\"\nplaylist_0.m3u8\n"
	mediaPlaylist  = "#EXTM3U\n#EXT-X-VERSION:7\n#EXT-X-TARGETDURATION:2\n#EXT-X-MAP:URI=\"init-0.m4s\"\n#EXTINF:2.000000,\nseg-0-00001.m4s\n#EXT-X-ENDLIST\n"
	dashManifest   = `<?xml version="1.0"?><MPD><Period><AdaptationSet><SegmentTemplate initialization="init-$RepresentationID$.m4s" media="seg-$RepresentationID$-$Number%05d$.m4s" startNumber="1"/><Representation id="0"/></AdaptationSet></Period></MPD>`
	spriteIndex    = "WEBVTT\n\n00:00:00.000 --> 00:00:05.000\nsprite.jpg#xywh=0,0,160,90\n"
)

// segment is the test segment's content: random, so a range is checkable.
var segment = func() []byte {
	b := make([]byte, 256<<10)
	_, _ = rand.Read(b)
	return b
}()

// newVideo returns a ready, enabled video of accountA with the stream's
// files stored, adjusted by change.
func newVideo(t *testing.T, e *playbacktest.Edge, privacy string) *catalogv1.PlaybackVideo {
	t.Helper()
	v := &catalogv1.PlaybackVideo{
		VideoId: ids.New(), AccountId: accountA, Privacy: privacy, Enabled: true, Status: "ready",
		Name: "Test pattern", Duration: 2, Type: "vod",
		Outputs: []*catalogv1.PlaybackOutput{
			{Label: "HLS", Path: "stream/master.m3u8"}, {Label: "DASH", Path: "stream/manifest.mpd"}, {Label: "MP4 720p", Path: "mp4/720p.mp4"},
		},
		ThumbnailPath: "thumbs/thumbnail.jpg", SpritePath: "thumbs/sprite.jpg", SpriteIndexPath: "thumbs/sprite.vtt",
	}
	files := map[string]string{
		"stream/master.m3u8": masterPlaylist, "stream/playlist_0.m3u8": mediaPlaylist, "stream/manifest.mpd": dashManifest,
		"stream/init-0.m4s": "init", "stream/seg-0-00001.m4s": string(segment), "mp4/720p.mp4": "mp4",
		"thumbs/thumbnail.jpg": "jpeg", "thumbs/sprite.jpg": "sprite", "thumbs/sprite.vtt": spriteIndex,
		"tracks/en.vtt": "WEBVTT\n",
	}
	for path, data := range files {
		e.PutFile(t, v.GetAccountId(), v.GetVideoId(), path, []byte(data))
	}
	e.Backends.Catalog.PutVideo(v)
	return v
}

type response struct {
	*http.Response
	body string
}

// fetch sends one request; header holds extra request headers.
func fetch(t *testing.T, method, url string, header map[string]string) response {
	t.Helper()
	req, err := http.NewRequest(method, url, nil)
	require.NoError(t, err)
	for name, value := range header {
		req.Header.Set(name, value)
	}
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	return response{Response: resp, body: string(body)}
}

func get(t *testing.T, url string) response { return fetch(t, http.MethodGet, url, nil) }

// mediaURL is the URL of a file of v on the edge, with an optional query.
func mediaURL(e *playbacktest.Edge, v *catalogv1.PlaybackVideo, path string, query ...string) string {
	u := e.URL + "/media/" + v.GetVideoId() + "/" + path
	if len(query) > 0 {
		u += "?" + strings.Join(query, "&")
	}
	return u
}
