package browsertest

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/gateway/internal/playback/playbacktest"
	"github.com/vidhost/vidhost/gateway/web/browsertest"
	catalogv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/catalog/v1"
)

// advancing waits until the video plays and its time moves on by a second.
func advancing(t *testing.T, ctx context.Context) {
	t.Helper()
	start := browsertest.Poll[float64](t, ctx, `(() => { const v = document.querySelector('video'); return !v.paused && v.currentTime > 0 && v.currentTime })()`)
	later := browsertest.Poll[float64](t, ctx, `(() => { const t = document.querySelector('video').currentTime; return t > `+
		strconv.FormatFloat(start+1, 'f', 3, 64)+` && t })()`)
	assert.Greater(t, later, start+1, "current time advances")
	assert.False(t, browsertest.Eval[bool](t, ctx, `document.querySelector('.video-js').classList.contains('vjs-error')`))
}

func embedURL(e *playbacktest.Edge, v *catalogv1.PlaybackVideo, player, jwt string) string {
	u := e.URL + "/embed/" + v.GetVideoId() + "?player=" + player
	if jwt != "" {
		u += "&jwt=" + jwt
	}
	return u
}

func TestPublicVideoPlaysInTheEmbed(t *testing.T) {
	ctx := browsertest.NewTab(t)
	e := playbacktest.StartEdge(t)
	v, player := streamVideo(t, e, "public")
	browsertest.Open(t, ctx, embedURL(e, v, player, ""))
	advancing(t, ctx)
	assert.Empty(t, browsertest.Eval[[]string](t, ctx, `window.cspViolations`))
}

// refused reads the message page a refused viewer gets.
func refused(t *testing.T, ctx context.Context, url string) (heading string, hasVideo bool) {
	t.Helper()
	require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(url)))
	heading, err := chromedp.Run(ctx, chromedp.Text(chromedp.CSS("main h1")))
	require.NoError(t, err)
	return heading, browsertest.Eval[bool](t, ctx, `!!document.querySelector('video')`)
}

func TestPrivateVideoNeedsAValidJWT(t *testing.T) {
	e := playbacktest.StartEdge(t)
	key, stranger := playbacktest.NewRSAKey(t), playbacktest.NewRSAKey(t)
	e.Backends.Identity.PutKey(account, key)
	v, player := streamVideo(t, e, "private")
	now := e.Clock.Now()
	forger := stranger
	forger.ID = key.ID

	for _, tt := range []struct{ name, jwt string }{
		{"without a JWT", ""},
		{"with an expired JWT", key.Mint(t, playbacktest.Claims{Subject: v.GetVideoId(), Expires: now.Add(-time.Hour)})},
		{"with a forged JWT", forger.Mint(t, playbacktest.Claims{Subject: v.GetVideoId(), Expires: now.Add(time.Hour)})},
	} {
		t.Run("refuses "+tt.name, func(t *testing.T) {
			ctx := browsertest.NewTab(t)
			heading, hasVideo := refused(t, ctx, embedURL(e, v, player, tt.jwt))
			assert.Equal(t, "This video is private", heading)
			assert.False(t, hasVideo, "no player on a refusal")
		})
	}

	t.Run("plays with a valid JWT", func(t *testing.T) {
		ctx := browsertest.NewTab(t)
		jwt := key.Mint(t, playbacktest.Claims{Subject: v.GetVideoId(), Expires: now.Add(time.Minute)})
		browsertest.Open(t, ctx, embedURL(e, v, player, jwt))
		advancing(t, ctx)
		segments := browsertest.Eval[[]string](t, ctx, `performance.getEntriesByType('resource').map((e) => e.name).filter((n) => n.includes('.m4s') || n.includes('.mp4'))`)
		require.NotEmpty(t, segments)
		for _, segment := range segments {
			assert.Contains(t, segment, "?token=", "every segment the player fetched carried the token")
			bare, _, _ := strings.Cut(segment, "?")
			withoutToken, err := http.Get(bare)
			require.NoError(t, err)
			withoutToken.Body.Close()
			assert.Equal(t, http.StatusForbidden, withoutToken.StatusCode, "and is refused without it")
		}
	})
}

func TestDisabledVideoShowsAMessage(t *testing.T) {
	ctx := browsertest.NewTab(t)
	e := playbacktest.StartEdge(t)
	v, player := streamVideo(t, e, "public")
	v.Enabled = false
	e.Backends.Catalog.PutVideo(v)
	heading, hasVideo := refused(t, ctx, embedURL(e, v, player, ""))
	assert.Equal(t, "This video is unavailable", heading)
	assert.False(t, hasVideo)
	text, err := chromedp.Run(ctx, chromedp.Text(chromedp.CSS("main p")))
	require.NoError(t, err)
	assert.Equal(t, "Its owner has disabled it.", text)
}
