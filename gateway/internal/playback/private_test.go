package playback_test

import (
	"net/http"
	"net/url"
	"regexp"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/gateway/internal/playback"
	"github.com/vidhost/vidhost/gateway/internal/playback/playbacktest"
)

// tokenIn finds the media token a rewritten file put on its URLs.
var tokenIn = regexp.MustCompile(`token=([0-9]+\.[A-Za-z0-9_-]*\.[A-Za-z0-9_-]+)`)

// A player holding only the manifest URL the page gave it can reach every
// file of the stream, and nothing without the token.
func TestPrivateStreamFollowsTokenedURLs(t *testing.T) {
	e := playbacktest.StartEdge(t)
	key := playbacktest.NewECKey(t)
	e.Backends.Identity.PutKey(accountA, key)
	v := newVideo(t, e, "private")
	jwt := key.Mint(t, playbacktest.Claims{Subject: v.GetVideoId(), Expires: e.Clock.Now().Add(time.Minute)})

	master := get(t, mediaURL(e, v, "stream/master.m3u8", "jwt="+jwt))
	require.Equal(t, http.StatusOK, master.StatusCode, master.body)
	assert.Equal(t, "private, no-store", master.Header.Get("Cache-Control"))
	assert.Empty(t, master.Header.Get("ETag"), "a rewritten manifest is not the stored one")
	token := tokenIn.FindStringSubmatch(master.body)
	require.NotNil(t, token, master.body)
	assert.Contains(t, master.body, "playlist_0.m3u8?token="+token[1])
	assert.True(t, e.Tokens.Valid(v.GetVideoId(), token[1]))

	playlist := get(t, mediaURL(e, v, "stream/playlist_0.m3u8", "token="+token[1]))
	require.Equal(t, http.StatusOK, playlist.StatusCode)
	assert.Contains(t, playlist.body, `#EXT-X-MAP:URI="init-0.m4s?token=`+token[1]+`"`)
	assert.Contains(t, playlist.body, "\nseg-0-00001.m4s?token="+token[1]+"\n", "the same token travels on")

	seg := get(t, mediaURL(e, v, "stream/seg-0-00001.m4s", "token="+token[1]))
	require.Equal(t, http.StatusOK, seg.StatusCode)
	assert.Equal(t, string(segment), seg.body)
	assert.Equal(t, "private, max-age=31536000, immutable", seg.Header.Get("Cache-Control"))

	dash := get(t, mediaURL(e, v, "stream/manifest.mpd", "token="+token[1]))
	assert.Contains(t, dash.body, `media="seg-$RepresentationID$-$Number%05d$.m4s?token=`+token[1]+`"`)
	sprites := get(t, mediaURL(e, v, "thumbs/sprite.vtt", "token="+token[1]))
	assert.Contains(t, sprites.body, "sprite.jpg?token="+token[1]+"#xywh=0,0,160,90")
}

func TestPrivateMediaRefusals(t *testing.T) {
	e := playbacktest.StartEdge(t)
	v := newVideo(t, e, "private")
	other := newVideo(t, e, "private")
	valid := e.Tokens.Mint(v.GetVideoId())
	expired := playbackTokenAt(e, v.GetVideoId(), -2*time.Hour)
	tests := []struct {
		name, query string
		status      int
	}{
		{"no credential", "", http.StatusForbidden},
		{"valid token", "token=" + url.QueryEscape(valid), http.StatusOK},
		{"token of another video", "token=" + e.Tokens.Mint(other.GetVideoId()), http.StatusForbidden},
		{"expired token", "token=" + expired, http.StatusForbidden},
		{"forged token", "token=9999999999.AAAA", http.StatusForbidden},
		{"garbage JWT", "jwt=abc.def.ghi", http.StatusForbidden},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, path := range []string{"stream/seg-0-00001.m4s", "stream/master.m3u8", "thumbs/thumbnail.jpg"} {
				resp := get(t, mediaURL(e, v, path, tt.query))
				assert.Equal(t, tt.status, resp.StatusCode, path)
				if tt.status != http.StatusOK {
					assert.NotContains(t, resp.body, "EXTM3U")
					assert.Equal(t, "*", resp.Header.Get("Access-Control-Allow-Origin"), "players can read the refusal")
				}
			}
		})
	}
}

// playbackTokenAt mints a token as if the clock were shifted by d.
func playbackTokenAt(e *playbacktest.Edge, videoID string, d time.Duration) string {
	e.Clock.Advance(d)
	defer e.Clock.Advance(-d)
	return e.Tokens.Mint(videoID)
}

func TestDisabledAndPublicVideos(t *testing.T) {
	e := playbacktest.StartEdge(t)
	disabled := newVideo(t, e, "public")
	disabled.Enabled = false
	e.Backends.Catalog.PutVideo(disabled)
	assert.Equal(t, http.StatusNotFound, get(t, mediaURL(e, disabled, "stream/seg-0-00001.m4s")).StatusCode)
	disabledPrivate := newVideo(t, e, "private")
	disabledPrivate.Enabled = false
	e.Backends.Catalog.PutVideo(disabledPrivate)
	token := e.Tokens.Mint(disabledPrivate.GetVideoId())
	assert.Equal(t, http.StatusNotFound, get(t, mediaURL(e, disabledPrivate, "stream/seg-0-00001.m4s", "token="+token)).StatusCode,
		"a token does not outlive enabled: false")
}

// cookieSessions stands in for the dashboard: cookie "session=<account>".
type cookieSessions struct{}

func (cookieSessions) ViewSession(r *http.Request, accountID string) (string, time.Time, bool) {
	c, err := r.Cookie("session")
	return "ref-" + accountID, time.Now().Add(time.Hour), err == nil && c.Value == accountID
}

func (s cookieSessions) SessionLive(r *http.Request, ref, accountID string) bool {
	got, _, ok := s.ViewSession(r, accountID)
	return ok && got == ref
}

func TestSessionHookGrantsPrivateVideos(t *testing.T) {
	e := playbacktest.StartEdge(t, func(o *playback.Options) { o.Sessions = cookieSessions{} })
	v := newVideo(t, e, "private")
	tests := []struct {
		cookie string
		status int
	}{
		{"session=" + accountA, http.StatusOK},
		{"session=account-b", http.StatusForbidden},
		{"", http.StatusForbidden},
	}
	for _, tt := range tests {
		t.Run(tt.cookie, func(t *testing.T) {
			page := fetch(t, http.MethodGet, e.URL+"/watch/"+v.GetVideoId(), map[string]string{"Cookie": tt.cookie})
			assert.Equal(t, tt.status, page.StatusCode)
			seg := fetch(t, http.MethodGet, mediaURL(e, v, "stream/seg-0-00001.m4s"), map[string]string{"Cookie": tt.cookie})
			assert.Equal(t, tt.status, seg.StatusCode)
			if tt.status == http.StatusOK {
				assert.Contains(t, pageConfig(t, page.body).Video.Sources.HLS, "?token=", "the page's URLs carry a token bound to the session")
			}
		})
	}
}

// sessionTokenIn finds a media token bound to a session (its kid "s~<ref>").
var sessionTokenIn = regexp.MustCompile(`token=([0-9]+\.s~[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)`)

// Issue 28: a disabled video stays visible to its account's own signed-in
// people (the dashboard's thumbnails and preview), served as private (a
// token bound to the session on every URL, never a public cache); anyone
// else, another account's session or a plain media token included, gets
// the 404 a disabled video always gets.
func TestDisabledVideosStayVisibleToTheirAccount(t *testing.T) {
	e := playbacktest.StartEdge(t, func(o *playback.Options) { o.Sessions = cookieSessions{} })
	for _, privacy := range []string{"public", "private"} {
		v := newVideo(t, e, privacy)
		v.Enabled = false
		e.Backends.Catalog.PutVideo(v)
		t.Run(privacy, func(t *testing.T) {
			member := map[string]string{"Cookie": "session=" + accountA}
			thumb := fetch(t, http.MethodGet, mediaURL(e, v, "thumbs/thumbnail.jpg"), member)
			assert.Equal(t, http.StatusOK, thumb.StatusCode)
			assert.Equal(t, "private, max-age=300", thumb.Header.Get("Cache-Control"))
			page := fetch(t, http.MethodGet, e.URL+"/embed/"+v.GetVideoId(), member)
			require.Equal(t, http.StatusOK, page.StatusCode, "the dashboard's preview")
			hls := pageConfig(t, page.body).Video.Sources.HLS
			token := sessionTokenIn.FindStringSubmatch(hls)
			require.NotNil(t, token, "the preview's URLs carry a token bound to the session: %s", hls)
			segment := mediaURL(e, v, "stream/seg-0-00001.m4s", "token="+token[1])
			assert.Equal(t, http.StatusOK, fetch(t, http.MethodGet, segment, member).StatusCode)

			for name, header := range map[string]map[string]string{
				"no session": nil, "another account's session": {"Cookie": "session=account-b"},
			} {
				assert.Equal(t, http.StatusNotFound, fetch(t, http.MethodGet, mediaURL(e, v, "thumbs/thumbnail.jpg"), header).StatusCode, name)
				assert.Equal(t, http.StatusNotFound, fetch(t, http.MethodGet, segment, header).StatusCode, name+": the session's token alone")
				assert.Equal(t, http.StatusNotFound, fetch(t, http.MethodGet, e.URL+"/watch/"+v.GetVideoId(), header).StatusCode, name)
			}
			plain := e.Tokens.Mint(v.GetVideoId())
			assert.Equal(t, http.StatusNotFound, get(t, mediaURL(e, v, "stream/seg-0-00001.m4s", "token="+plain)).StatusCode,
				"a token not bound to a session does not outlive enabled: false")
		})
	}
}
