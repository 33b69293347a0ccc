package playback_test

import (
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/gateway/internal/playback"
	"github.com/vidhost/vidhost/gateway/internal/playback/playbacktest"
)

// The rules jwx alone would let through (docs/playback.md, "Viewer JWTs").
func TestViewerJWTStrictRules(t *testing.T) {
	e := playbacktest.StartEdge(t)
	key := playbacktest.NewECKey(t)
	e.Backends.Identity.PutKey(accountA, key)
	v := newVideo(t, e, "private")
	now := e.Clock.Now()
	in := func(d time.Duration) int64 { return now.Add(d).Unix() }
	year2100 := time.Date(2100, 1, 1, 0, 0, 0, 0, time.UTC).Unix()
	maxLifetime := playback.DefaultViewerJWTMaxLifetime

	tests := []struct {
		name   string
		header map[string]any
		claims map[string]any
		status int
	}{
		{"plain, as a library signs it", nil, map[string]any{"sub": v.GetVideoId(), "exp": in(time.Minute)}, http.StatusOK},
		{"crit naming an extension", map[string]any{"crit": []string{"exp"}, "exp": 1}, map[string]any{"sub": v.GetVideoId(), "exp": in(time.Minute)}, http.StatusForbidden},
		{"crit empty", map[string]any{"crit": []string{}}, map[string]any{"sub": v.GetVideoId(), "exp": in(time.Minute)}, http.StatusForbidden},
		{"exp a string", nil, map[string]any{"sub": v.GetVideoId(), "exp": strconv.FormatInt(in(time.Minute), 10)}, http.StatusForbidden},
		{"exp null", nil, map[string]any{"sub": v.GetVideoId(), "exp": nil}, http.StatusForbidden},
		{"exp missing", nil, map[string]any{"sub": v.GetVideoId()}, http.StatusForbidden},
		{"iat a string", nil, map[string]any{"sub": v.GetVideoId(), "exp": in(time.Minute), "iat": "now"}, http.StatusForbidden},
		{"nbf a string", nil, map[string]any{"sub": v.GetVideoId(), "exp": in(time.Minute), "nbf": "0"}, http.StatusForbidden},
		{"exp in 2100", nil, map[string]any{"sub": v.GetVideoId(), "exp": year2100}, http.StatusForbidden},
		{"lifetime just over the cap", nil, map[string]any{"sub": v.GetVideoId(), "exp": in(maxLifetime + time.Minute)}, http.StatusForbidden},
		{"lifetime at the cap", nil, map[string]any{"sub": v.GetVideoId(), "exp": in(maxLifetime)}, http.StatusOK},
		{"cap counted from a future iat", nil, map[string]any{"sub": v.GetVideoId(), "iat": in(20 * time.Second), "exp": in(20*time.Second + maxLifetime)}, http.StatusOK},
		{"an old iat does not stretch the cap", nil, map[string]any{"sub": v.GetVideoId(), "iat": in(-48 * time.Hour), "exp": in(maxLifetime + time.Hour)}, http.StatusForbidden},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			jwt := key.SignRaw(t, tt.header, tt.claims)
			resp := get(t, mediaURL(e, v, "stream/master.m3u8", "jwt="+jwt))
			assert.Equal(t, tt.status, resp.StatusCode, resp.body)
			page := get(t, e.URL+"/embed/"+v.GetVideoId()+"?jwt="+jwt)
			assert.Equal(t, tt.status, page.StatusCode, "the embed applies the same rules")
		})
	}
}

// A media token minted from a viewer JWT dies when the JWT does, however
// long the token TTL (an hour here).
func TestMediaTokenExpiresWithItsJWT(t *testing.T) {
	e := playbacktest.StartEdge(t)
	key := playbacktest.NewECKey(t)
	e.Backends.Identity.PutKey(accountA, key)
	v := newVideo(t, e, "private")
	jwtExpiry := e.Clock.Now().Add(5 * time.Second)
	jwt := key.Mint(t, playbacktest.Claims{Subject: v.GetVideoId(), Expires: jwtExpiry})

	master := get(t, mediaURL(e, v, "stream/master.m3u8", "jwt="+jwt))
	require.Equal(t, http.StatusOK, master.StatusCode, master.body)
	token := tokenIn.FindStringSubmatch(master.body)
	require.NotNil(t, token, master.body)
	exp, _, _ := strings.Cut(token[1], ".")
	assert.Equal(t, strconv.FormatInt(jwtExpiry.Unix(), 10), exp, "the token's exp is the JWT's")
	assert.Contains(t, token[1], "."+key.ID+".", "the token names the JWT's key")

	playlist := mediaURL(e, v, "stream/playlist_0.m3u8", "token="+token[1])
	assert.Equal(t, http.StatusOK, get(t, playlist).StatusCode)
	e.Clock.Advance(5 * time.Second)
	assert.Equal(t, http.StatusForbidden, get(t, playlist).StatusCode, "dead with the JWT, not 4 h later")
}

// A media token needs its JWT key to still exist.
func TestMediaTokenDiesWithItsJWTKey(t *testing.T) {
	e := playbacktest.StartEdge(t)
	key := playbacktest.NewECKey(t)
	e.Backends.Identity.PutKey(accountA, key)
	v := newVideo(t, e, "private")
	jwt := key.Mint(t, playbacktest.Claims{Subject: v.GetVideoId(), Expires: e.Clock.Now().Add(time.Hour)})
	master := get(t, mediaURL(e, v, "stream/master.m3u8", "jwt="+jwt))
	token := tokenIn.FindStringSubmatch(master.body)
	require.NotNil(t, token, master.body)
	playlist := mediaURL(e, v, "stream/playlist_0.m3u8", "token="+token[1])
	require.Equal(t, http.StatusOK, get(t, playlist).StatusCode)

	e.Backends.Identity.RemoveKey(accountA, key.ID)
	e.Clock.Advance(playbacktest.CacheTTL) // no gateway served the delete here: the TTL is the bound
	assert.Equal(t, http.StatusForbidden, get(t, playlist).StatusCode)
}
