package browsertest

import (
	"fmt"
	"net/http"
	"slices"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/gateway/web"
)

func TestEmbedPlaysReadyVideo(t *testing.T) {
	ctx := NewTab(t)
	site := newSite(t, embedPage(t, func(page *web.PlayerPage) {
		page.Config.Player.Autoplay = true
	}))
	Open(t, ctx, site.url("/embed/v1"))

	start := Poll[float64](t, ctx, `(() => { const v = document.querySelector('video'); return !v.paused && v.currentTime > 0 && v.currentTime })()`)
	later := Poll[float64](t, ctx, `(() => { const t = document.querySelector('video').currentTime; return t > `+formatSeconds(start+1)+` && t })()`)
	assert.Greater(t, later, start+1, "current time advances")
	assert.Empty(t, Eval[[]string](t, ctx, `window.cspViolations`), "the page keeps its Content-Security-Policy")
	assert.False(t, Eval[bool](t, ctx, `document.querySelector('.video-js').classList.contains('vjs-error')`))
	// The play event is sent when playback starts; allow it time to arrive.
	played := viewEvent{Event: "play", VideoID: "v1", PlayerID: "p1", Ticket: "ticket-of-this-page"}
	assert.Eventually(t, func() bool { return slices.Contains(site.recordedViews(), played) }, WaitTimeout, PollInterval,
		"a play event reaches collect_url")
}

func TestQualityPicksRendition(t *testing.T) {
	tests := []struct {
		quality        string
		width          int
		otherRendition string // segments from here must never be fetched
	}{
		{"lowest", LowWidth, "v0"},
		{"highest", HighWidth, "v1"},
	}
	for _, tt := range tests {
		t.Run(tt.quality, func(t *testing.T) {
			ctx := NewTab(t)
			site := newSite(t, embedPage(t, func(page *web.PlayerPage) {
				page.Config.Player.Autoplay = true
				page.Config.Player.Quality = tt.quality
			}))
			Open(t, ctx, site.url("/embed/v1"))

			// Past two segments, so an adaptive switch would have happened.
			width := Poll[int](t, ctx, `(() => { const v = document.querySelector('video'); return v.currentTime > 4.5 && v.videoWidth })()`)
			assert.Equal(t, tt.width, width)
			assert.Empty(t, site.segmentsFetched(tt.otherRendition), "started at and stayed on the %s rendition", tt.quality)
			checked := Eval[string](t, ctx, `document.querySelector('.vh-settings .vjs-selected .vjs-menu-item-text').textContent`)
			assert.Equal(t, fmt.Sprintf("%dp", tt.width*9/16), checked, "the settings menu shows the rendition playing")
		})
	}
}

func TestDisabledVideoShowsMessage(t *testing.T) {
	ctx := NewTab(t)
	site := newSite(t, embedPage(t, nil))
	response, err := http.Get(site.url("/disabled"))
	require.NoError(t, err)
	response.Body.Close()
	assert.Equal(t, http.StatusNotFound, response.StatusCode)

	require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(site.url("/disabled"))))
	heading, err := chromedp.Run(ctx, chromedp.Text(chromedp.CSS("main h1")))
	require.NoError(t, err)
	text, err := chromedp.Run(ctx, chromedp.Text(chromedp.CSS("main p")))
	require.NoError(t, err)
	assert.Equal(t, "This video is unavailable", heading)
	assert.Equal(t, "Its owner has disabled it.", text)
	assert.False(t, Eval[bool](t, ctx, `!!document.querySelector('video')`), "no player on a message page")
}
