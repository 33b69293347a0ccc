package e2e

import (
	"context"
	"net"
	"net/http"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/gateway/web/browsertest"
)

// TestDashboardAnalyticsPlayersServices walks the pages of issue 18's items
// 6, 4 (players) and 5 (services): headless Chromium plays an embedded video
// on pages of two hosts, and the Analytics page reads those views for the
// video and each host (a refused filter beside its field, an empty report);
// the Players page's preview takes a changed colour and control before
// anything is saved; the Services page creates a webhook and shows its
// secret once, and a service's page lists its hook's deliveries and rotates
// the secret. Each page passes axe-core and is photographed at 1280 and
// 390 px. About 40 s (a real transcode of a 3 s clip).
func TestDashboardAnalyticsPlayersServices(t *testing.T) {
	t.Parallel() // on a suite and in a browser context of its own (suites_test.go, browsertest.NewTab)
	if testing.Short() {
		t.Skip("a browser and a transcode")
	}
	clip := makeClip(t, 320, 240, 3)
	withSuite(t, newSuite(t, 1), "local", func() {
		// Signed in first: the sign-in walk expects an empty video list.
		tab := browsertest.NewTab(t)
		signInThroughTheDashboard(t, tab, ownerWithTOTP(t))
		data, err := os.ReadFile(clip)
		require.NoError(t, err)
		ref, _ := uploadForVideo(t, "clip.mp4", data)
		v := waitReady(t, createVideo(t, map[string]any{"name": "Launch film", "input": ref, "privacy": "public"}).ID)
		var autoplay struct {
			ID string `json:"id"`
		}
		mustOK(t, call(t, "POST", "/v2/players", ownerOf(t), map[string]any{"name": "autoplay", "autoplay": true, "muted": true})).decode(t, &autoplay)

		site := embeddingSite(t, v.ID, autoplay.ID)
		port := strconv.Itoa(site.Listener.Addr().(*net.TCPAddr).Port)
		want := map[string]float64{}
		for _, host := range []string{"127.0.0.1", "localhost"} {
			want[host] = 1
			playUntilCounted(t, tab, "http://"+host+":"+port+"/?player="+autoplay.ID, v.ID, want)
		}

		analyticsPage(t, tab, v.ID)
		playersPage(t, tab, v.ID)
		servicesPage(t, tab, func() string {
			ref, _ := uploadForVideo(t, "second.mp4", data)
			return createVideo(t, map[string]any{"name": "Second film", "input": ref, "privacy": "public"}).ID
		})
		assert.Equal(t, want, viewsBy(t, "domain", v.ID), "the players page's previews counted no view")
	})
}

// playUntilCounted opens url in a fresh browser context (its own viewer id)
// and keeps it open until the report by domain of videoID is want: on a
// busy machine the embedded player may take more than a moment to start.
func playUntilCounted(t *testing.T, tab context.Context, url, videoID string, want map[string]float64) {
	t.Helper()
	ctx, cancel := chromedp.NewContext(tab, chromedp.WithNewBrowserContext())
	defer cancel()
	require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(url)))
	require.Eventually(t, func() bool {
		return assert.ObjectsAreEqual(want, viewsBy(t, "domain", videoID))
	}, 60*time.Second, 200*time.Millisecond, "views by domain after playing %s", url)
}

// analyticsPage: the report of the last 30 days has the video's two views,
// one per host, in its tables and its chart's table; a filter the API
// refuses shows its message under the filter field; a filter that matches
// nothing shows the empty state.
func analyticsPage(t *testing.T, ctx context.Context, videoID string) {
	t.Helper()
	openSection(t, ctx, "/analytics", "Analytics")
	cell := func(table, value string) string {
		return `document.querySelector('#vh-top-` + table + ` tr[data-value="` + value + `"]')?.cells[1].textContent`
	}
	browsertest.Poll[bool](t, ctx, cell("video_id", videoID)+` === '2'`)
	assert.Equal(t, "1", browsertest.Eval[string](t, ctx, cell("domain", "127.0.0.1")))
	assert.Equal(t, "1", browsertest.Eval[string](t, ctx, cell("domain", "localhost")))
	assert.Equal(t, "2", browsertest.Eval[string](t, ctx, `document.getElementById('vh-analytics-total').textContent`))
	browsertest.Poll[bool](t, ctx, `document.querySelector('#vh-top-video_id a')?.textContent === 'Launch film'`)
	today := time.Now().UTC().Format(time.DateOnly)
	assert.Equal(t, "2", browsertest.Eval[string](t, ctx, `[...document.querySelectorAll('#vh-views-by-day tr')].find(r => r.cells[0].textContent === '`+today+`').cells[1].textContent`))
	assert.True(t, browsertest.Eval[bool](t, ctx, `!!document.querySelector('.vh-chart canvas')`), "the chart is drawn")
	checkPage(t, ctx, "analytics")

	// Only this video, through the URL the page keeps: the same two views.
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#vh-top-video_id tr[data-value="`+videoID+`"] button`))))
	browsertest.Poll[bool](t, ctx, `new URLSearchParams(location.search).get('filter') === 'video_id==`+videoID+`' && document.getElementById('vh-analytics-total')?.textContent === '2'`)

	fill(t, ctx, "#vh-analytics-filter", "colour==red")
	submitReport(t, ctx)
	message := browsertest.Poll[string](t, ctx, `document.getElementById('vh-analytics-filter-error').textContent`)
	assert.Contains(t, message, "filter")
	assert.Equal(t, "true", browsertest.Eval[string](t, ctx, `document.getElementById('vh-analytics-filter').getAttribute('aria-invalid')`))
	assert.Empty(t, browsertest.Eval[string](t, ctx, `document.getElementById('vh-analytics-start-error').textContent`))
	checkPage(t, ctx, "analytics-error")

	fill(t, ctx, "#vh-analytics-filter", "country==ZZ")
	submitReport(t, ctx)
	browsertest.Poll[bool](t, ctx, `!!document.getElementById('vh-analytics-empty')`)
	checkPage(t, ctx, "analytics-empty")
}

// previewConfig is the player settings the preview frame's embed page got.
const previewConfig = `(() => { const d = document.getElementById('vh-preview-frame')?.contentDocument; const c = d?.getElementById('vidhost-config'); return c ? JSON.parse(c.textContent).player : null; })()`

// playersPage: the create form's preview follows the colour and the
// controls as they change, unsaved; the player is created, then edited on
// its page, whose preview starts from the saved settings.
func playersPage(t *testing.T, ctx context.Context, videoID string) {
	t.Helper()
	openSection(t, ctx, "/players", "Players")
	browsertest.Poll[bool](t, ctx, `!!document.querySelector('tr[data-player-id]') && document.getElementById('vh-preview-frame')?.src.includes('/embed/`+videoID+`?preview=')`)
	browsertest.Poll[bool](t, ctx, previewConfig+`?.analytics === 'none'`)
	assert.Empty(t, browsertest.Eval[string](t, ctx, previewConfig+`.colour`))

	fill(t, ctx, "#vh-player-name", "Brand")
	fill(t, ctx, "#vh-player-colour", "#ff8800")
	browsertest.Poll[bool](t, ctx, previewConfig+`?.colour === '#ff8800'`)
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#vh-player-control-fullscreen`))))
	browsertest.Poll[bool](t, ctx, previewConfig+`?.controls?.length === 11 && !`+previewConfig+`.controls.includes('fullscreen')`)
	checkPage(t, ctx, "players")

	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`.vh-player-editor button[type=submit]`))))
	rows := `[...document.querySelectorAll('.vh-table tbody tr')]`
	browsertest.Poll[bool](t, ctx, rows+`.some(r => r.cells[0].textContent === 'Brand')`)
	id := browsertest.Eval[string](t, ctx, rows+`.find(r => r.cells[0].textContent === 'Brand').dataset.playerId`)
	var player struct {
		Colour   string   `json:"colour"`
		Controls []string `json:"controls"`
	}
	mustOK(t, call(t, "GET", "/v2/players/"+id, ownerOf(t), nil)).decode(t, &player)
	assert.Equal(t, "#ff8800", player.Colour)
	assert.NotContains(t, player.Controls, "fullscreen")
	assert.Len(t, player.Controls, 11)

	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`.vh-table a[href="/players/`+id+`"]`))))
	browsertest.Poll[bool](t, ctx, `document.querySelector('h1')?.textContent === 'Player “Brand”' && `+previewConfig+`?.colour === '#ff8800'`)
	fill(t, ctx, "#vh-player-edit-colour", "nope")
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`.vh-player-editor button[type=submit]`))))
	assert.Contains(t, browsertest.Poll[string](t, ctx, `document.getElementById('vh-player-edit-colour-error').textContent`), "colour")
	fill(t, ctx, "#vh-player-edit-colour", "#0055aa")
	browsertest.Poll[bool](t, ctx, previewConfig+`?.colour === '#0055aa'`)
	checkPage(t, ctx, "player")
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`.vh-player-editor button[type=submit]`))))
	browsertest.Poll[bool](t, ctx, `document.querySelector('.vh-player-editor [role=status]')?.textContent === 'Saved.'`)
	mustOK(t, call(t, "GET", "/v2/players/"+id, ownerOf(t), nil)).decode(t, &player)
	assert.Equal(t, "#0055aa", player.Colour)
}

// servicesPage: empty state; a refused URL beside its field; a webhook
// created with its secret shown once (gone after "I have copied it" and a
// reload); its page shows the deliveries of the hook that runs on it (one
// for a video made by newVideo) and rotates the secret (a new one, shown
// once); a rename; then deletes it.
func servicesPage(t *testing.T, ctx context.Context, newVideo func() string) {
	t.Helper()
	openSection(t, ctx, "/developers/services", "Services")
	browsertest.Poll[bool](t, ctx, `document.querySelector('.vh-empty')?.textContent.includes('No services yet')`)
	checkPage(t, ctx, "services-empty")

	fill(t, ctx, "#vh-service-name", "Receiver")
	fill(t, ctx, "#vh-service-url", "ftp://127.0.0.1/in")
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`form.vh-form button[type=submit]`))))
	assert.Contains(t, browsertest.Poll[string](t, ctx, `document.getElementById('vh-service-url-error').textContent`), "url")
	assert.Empty(t, browsertest.Eval[string](t, ctx, `document.getElementById('vh-service-name-error').textContent`))

	fill(t, ctx, "#vh-service-url", "http://127.0.0.1:9/in") // the devstack allows this machine
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`form.vh-form button[type=submit]`))))
	secret := browsertest.Poll[string](t, ctx, `document.getElementById('vh-new-secret')?.textContent ?? ''`)
	require.True(t, strings.HasPrefix(secret, "whsec_"), secret)
	rows := `[...document.querySelectorAll('.vh-table tbody tr')]`
	browsertest.Poll[bool](t, ctx, rows+`.some(r => r.cells[0].textContent === 'Receiver' && r.cells[2].textContent === 'http://127.0.0.1:9/in')`)
	id := browsertest.Eval[string](t, ctx, rows+`[0].dataset.serviceId`)
	checkPage(t, ctx, "services")
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`.vh-secret button.vh-button:not(.vh-button-small)`))))
	browsertest.Poll[bool](t, ctx, `!document.getElementById('vh-new-secret')`)
	require.NoError(t, chromedp.Do(ctx, chromedp.Reload()))
	browsertest.Poll[bool](t, ctx, `!!document.querySelector('tr[data-service-id]')`)
	assert.False(t, browsertest.Eval[bool](t, ctx, `document.body.textContent.includes(`+jsString(secret)+`)`), "shown once")

	var hook struct {
		ID string `json:"id"`
	}
	mustOK(t, call(t, "POST", "/v2/hooks", ownerOf(t), map[string]any{
		"name": "to receiver", "event": "video.created", "service": id, "action": "videos.insert",
	})).decode(t, &hook)
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`.vh-table a[href="/developers/services/`+id+`"]`))))
	browsertest.Poll[bool](t, ctx, `document.querySelector('h1')?.textContent === 'Service “Receiver”' && document.getElementById('vh-deliveries-`+hook.ID+`')?.textContent === 'Deliveries of the hook “to receiver”'`)
	browsertest.Poll[bool](t, ctx, `document.querySelector('.vh-service-hook .vh-empty')?.textContent.includes('No deliveries yet')`)

	// A new video makes the hook a delivery, listed on the service's page.
	second := newVideo()
	require.NoError(t, chromedp.Do(ctx, chromedp.Reload()))
	browsertest.Poll[bool](t, ctx, `document.querySelector('.vh-service-hook tr[data-delivery-id] a')?.textContent === `+jsString(second))
	checkPage(t, ctx, "service")

	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`section[aria-labelledby="vh-secret-rotate-title"] > button`))))
	browsertest.Poll[bool](t, ctx, `document.querySelector('dialog[open]') !== null`)
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`dialog[open] .vh-button-danger`))))
	rotated := browsertest.Poll[string](t, ctx, `document.getElementById('vh-rotated-secret')?.textContent ?? ''`)
	require.True(t, strings.HasPrefix(rotated, "whsec_"), rotated)
	assert.NotEqual(t, secret, rotated)

	fill(t, ctx, "#vh-service-edit-name", "Receiver 2")
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`form.vh-form button[type=submit]`))))
	browsertest.Poll[bool](t, ctx, `document.querySelector('h1')?.textContent === 'Service “Receiver 2”'`)

	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`.vh-danger-zone > button`))))
	browsertest.Poll[bool](t, ctx, `document.querySelector('dialog[open]') !== null`)
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`dialog[open] .vh-button-danger`))))
	browsertest.Poll[bool](t, ctx, `location.pathname === '/developers/services' && !!document.querySelector('.vh-empty')`)
	mustFail(t, call(t, "GET", "/v2/services/"+id, ownerOf(t), nil), http.StatusNotFound, "")
}

// submitReport submits the analytics form as its button does. Not a
// click: the experience tables below load after the views and can move the
// page between chromedp's scroll and its click, on a loaded machine.
func submitReport(t *testing.T, ctx context.Context) {
	t.Helper()
	browsertest.Eval[chromedp.Void](t, ctx, `void document.querySelector('.vh-analytics-form').requestSubmit()`)
}
