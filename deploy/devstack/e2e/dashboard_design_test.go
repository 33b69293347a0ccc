package e2e

import (
	"context"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/gateway/web/browsertest"
)

// Issue 28's dashboard layout, in headless Chromium on the shared suite (no
// worker needed: the videos stay preparing). Each test is a few seconds.

// TestDashboardSidebarOnPhones: at 1280 px the sidebar shows its groups
// and no Menu button; at 390 px it folds behind the Menu button, which
// opens it as a drawer (Escape closes it, focus back on the button), and
// following a link closes it. A path without a page yet (Live, before its
// pages land, or any other) is a friendly page with the way back.
func TestDashboardSidebarOnPhones(t *testing.T) {
	ctx := signedInTab(t)
	require.NoError(t, chromedp.Do(ctx, chromedp.EmulateViewport(1280, 900), chromedp.Navigate(suiteOf(t).URL+"/videos")))
	browsertest.Poll[bool](t, ctx, `document.querySelector('h1')?.textContent === 'Videos'`)
	groups := browsertest.Eval[string](t, ctx, `[...document.querySelectorAll('#vh-nav .vh-nav-title')].map(g => g.textContent).join()`)
	assert.Equal(t, "Library,Player,Insights,Developers,Settings", groups)
	links := browsertest.Eval[string](t, ctx, `[...document.querySelectorAll('#vh-nav a')].map(a => a.textContent).join()`)
	assert.Equal(t, "Videos,Live,Folders,Categories,Players,Analytics,API keys,JWT keys,Webhooks,Services,API reference,Team,Account,Security", links)
	assert.True(t, browsertest.Eval[bool](t, ctx, `document.querySelector('#vh-nav').offsetHeight > 0 && document.querySelector('.vh-menu-toggle').offsetHeight === 0`),
		"a laptop shows the sidebar, no Menu button")
	assert.Equal(t, "page", browsertest.Eval[string](t, ctx, `document.querySelector('#vh-nav a[href="/videos"]').getAttribute('aria-current')`))

	require.NoError(t, chromedp.Do(ctx, chromedp.EmulateViewport(390, 844)))
	require.False(t, browsertest.Eval[bool](t, ctx, `document.querySelector('#vh-nav').offsetHeight > 0`), "a phone folds the sidebar away")
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`.vh-menu-toggle`))))
	browsertest.Poll[bool](t, ctx, `document.querySelector('#vh-nav').offsetHeight > 0 && document.querySelector('.vh-menu-toggle').getAttribute('aria-expanded') === 'true'`)
	checkPage(t, ctx, "menu")
	require.NoError(t, chromedp.Do(ctx, chromedp.EmulateViewport(390, 844)))
	require.NoError(t, chromedp.Do(ctx, chromedp.KeyEvent(kb.Escape)))
	browsertest.Poll[bool](t, ctx, `document.querySelector('#vh-nav').offsetHeight === 0 && document.activeElement === document.querySelector('.vh-menu-toggle')`)

	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`.vh-menu-toggle`))))
	browsertest.Poll[bool](t, ctx, `document.querySelector('#vh-nav').offsetHeight > 0`)
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#vh-nav a[href="/folders"]`))))
	browsertest.Poll[bool](t, ctx, `location.pathname === '/folders' && document.querySelector('h1')?.textContent === 'Folders' && document.querySelector('#vh-nav').offsetHeight === 0`)

	// A route with no page: the shell's not-found, inside the dashboard.
	browsertest.Eval[chromedp.Void](t, ctx, `void (history.pushState(null, '', '/no-page-here'), dispatchEvent(new PopStateEvent('popstate')))`)
	browsertest.Poll[bool](t, ctx, `document.querySelector('h1')?.textContent === 'Page not found' && !!document.querySelector('main a[href="/videos"]')`)
	checkPage(t, ctx, "not-found")
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#vh-nav a[href="/live"]`))))
	browsertest.Poll[bool](t, ctx, `location.pathname === '/live' && (document.querySelector('h1')?.textContent ?? '') !== ''`)
}

// TestDashboardSearchFromTheTopBar: the top bar's search, from any page,
// opens the video list filtered by the words.
func TestDashboardSearchFromTheTopBar(t *testing.T) {
	word := uniqueWord(t, "topbar")
	id := createVideo(t, map[string]any{"name": word + " clip"}).ID
	createVideo(t, map[string]any{"name": "another clip"})
	ctx := signedInTab(t)
	require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(suiteOf(t).URL+"/folders")))
	browsertest.Poll[bool](t, ctx, `document.querySelector('h1')?.textContent === 'Folders'`)
	require.NoError(t, chromedp.Do(ctx, chromedp.SendKeys(chromedp.CSS(`#vh-global-search`), word+"\r")))
	browsertest.Poll[bool](t, ctx, `location.pathname === '/videos' && new URLSearchParams(location.search).get('search') === `+jsString(word)+
		` && document.querySelectorAll('.vh-video').length === 1 && !!document.querySelector('.vh-video[data-video-id="`+id+`"]')`)
	assert.Equal(t, word, browsertest.Eval[string](t, ctx, `document.querySelector('input[name=search]').value`), "the list's own search field shows the words")
}

// TestDashboardVideoTableSortsAndToggles: the list is a table by default;
// a column's header sorts it (Name on the page, Created through the API),
// with aria-sort on the column and the order in the URL (a reload keeps
// it); the Cards button shows cards, which a reload remembers.
func TestDashboardVideoTableSortsAndToggles(t *testing.T) {
	word := uniqueWord(t, "sortable")
	for _, name := range []string{"charlie", "alpha", "bravo"} {
		createVideo(t, map[string]any{"name": word + " " + name})
	}
	ctx := signedInTab(t)
	require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(suiteOf(t).URL+"/videos?search="+word)))
	browsertest.Eval[chromedp.Void](t, ctx, `void localStorage.removeItem('vidhost.videos.view')`)
	require.NoError(t, chromedp.Do(ctx, chromedp.Reload()))
	names := func(want string) {
		t.Helper()
		browsertest.Poll[bool](t, ctx, `[...document.querySelectorAll('.vh-video .vh-video-name')].map(n => n.textContent.split(' ')[1]).join() === `+jsString(want))
	}
	names("bravo,alpha,charlie") // newest first
	require.True(t, browsertest.Eval[bool](t, ctx, `!!document.querySelector('table.vh-video-table')`), "a table by default")
	sortOf := func(column string) string {
		return browsertest.Eval[string](t, ctx, `document.querySelector('th.vh-col-`+column+`').getAttribute('aria-sort') ?? ''`)
	}
	assert.Equal(t, "descending", sortOf("created"))

	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`th.vh-col-name button`))))
	names("alpha,bravo,charlie")
	assert.Equal(t, "ascending", sortOf("name"))
	assert.Equal(t, "", sortOf("created"))
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`th.vh-col-name button`))))
	names("charlie,bravo,alpha")
	assert.Equal(t, "descending", sortOf("name"))
	require.NoError(t, chromedp.Do(ctx, chromedp.Reload()))
	names("charlie,bravo,alpha") // the order is in the URL
	checkPage(t, ctx, "videos-table")

	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`th.vh-col-created button`))))
	names("bravo,alpha,charlie")
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`th.vh-col-created button`))))
	names("charlie,alpha,bravo") // oldest first, the API's order
	assert.Contains(t, browsertest.Eval[string](t, ctx, `location.search`), "sort=created_time")

	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`.vh-segmented button:nth-child(2)`))))
	browsertest.Poll[bool](t, ctx, `!!document.querySelector('ul.vh-video-list') && !document.querySelector('table.vh-video-table')`)
	assert.Equal(t, "true", browsertest.Eval[string](t, ctx, `document.querySelector('.vh-segmented button:nth-child(2)').getAttribute('aria-pressed')`))
	require.NoError(t, chromedp.Do(ctx, chromedp.Reload()))
	pollThroughNavigation(t, ctx, `document.querySelectorAll('ul.vh-video-list .vh-video').length === 3`)
	checkPage(t, ctx, "videos-cards")
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`.vh-segmented button:nth-child(1)`))))
	browsertest.Poll[bool](t, ctx, `!!document.querySelector('table.vh-video-table') && localStorage.getItem('vidhost.videos.view') === 'table'`)
}

// TestDashboardVideoTabs: a video's page is tabs with the WAI-ARIA roles;
// a tab chosen is in the URL, so a reload keeps it; the arrow keys, Home
// and End move between tabs and select them.
func TestDashboardVideoTabs(t *testing.T) {
	id := createVideo(t, map[string]any{"name": "Tabbed"}).ID
	ctx := signedInTab(t)
	require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(suiteOf(t).URL+"/videos/"+id)))
	browsertest.Poll[bool](t, ctx, `document.querySelectorAll('[role=tablist] [role=tab]').length === 6`)
	tabs := browsertest.Eval[string](t, ctx, `[...document.querySelectorAll('[role=tab]')].map(t => t.textContent).join()`)
	assert.Equal(t, "Overview,Captions and transcripts,Interactivity,Chapters,Embed and share,Analytics", tabs)
	selected := `(() => { const tab = document.querySelector('[role=tab][aria-selected=true]');
		const panel = document.getElementById(tab.getAttribute('aria-controls'));
		const shown = [...document.querySelectorAll('[role=tabpanel]')].filter(p => !p.hidden);
		return shown.length === 1 && shown[0] === panel && panel.getAttribute('aria-labelledby') === tab.id ? tab.id : 'inconsistent'; })()`
	assert.Equal(t, "vh-tab-overview", browsertest.Eval[string](t, ctx, selected))

	openTab(t, ctx, "chapters")
	assert.Equal(t, "?tab=chapters", browsertest.Eval[string](t, ctx, `location.search`))
	require.NoError(t, chromedp.Do(ctx, chromedp.Reload()))
	pollThroughNavigation(t, ctx, `document.querySelector('[role=tab][aria-selected=true]')?.id === 'vh-tab-chapters'`)
	assert.Equal(t, "vh-tab-chapters", browsertest.Eval[string](t, ctx, selected))
	checkPage(t, ctx, "video-tab-chapters")

	// The keyboard: only the selected tab is in the Tab order; arrows move and select.
	assert.Equal(t, 1, browsertest.Eval[int](t, ctx, `document.querySelectorAll('[role=tab][tabindex="0"]').length`))
	browsertest.Eval[chromedp.Void](t, ctx, `void document.getElementById('vh-tab-chapters').focus()`)
	require.NoError(t, chromedp.Do(ctx, chromedp.KeyEvent(kb.ArrowRight)))
	browsertest.Poll[bool](t, ctx, `document.activeElement.id === 'vh-tab-share' && location.search === '?tab=share'`)
	assert.Equal(t, "vh-tab-share", browsertest.Eval[string](t, ctx, selected))
	require.NoError(t, chromedp.Do(ctx, chromedp.KeyEvent(kb.End)))
	browsertest.Poll[bool](t, ctx, `document.activeElement.id === 'vh-tab-analytics' && !!document.getElementById('vh-video-views')`)
	browsertest.Poll[bool](t, ctx, `document.getElementById('vh-video-views').textContent === '0'`)
	checkPage(t, ctx, "video-tab-analytics")
	require.NoError(t, chromedp.Do(ctx, chromedp.KeyEvent(kb.ArrowRight))) // wraps to the first
	browsertest.Poll[bool](t, ctx, `document.activeElement.id === 'vh-tab-overview' && location.search === ''`)
	require.NoError(t, chromedp.Do(ctx, chromedp.KeyEvent(kb.ArrowLeft)))
	browsertest.Poll[bool](t, ctx, `document.activeElement.id === 'vh-tab-analytics'`)
	require.NoError(t, chromedp.Do(ctx, chromedp.KeyEvent(kb.Home)))
	browsertest.Poll[bool](t, ctx, `document.activeElement.id === 'vh-tab-overview'`)
}

// TestDashboardFollowsTheSystemTheme: with the system set to dark, the
// sign-in page and the dashboard are dark (the shared tokens'
// background and text); set to light, both are light, without a reload.
func TestDashboardFollowsTheSystemTheme(t *testing.T) {
	const (
		lightBackground, lightText = "rgb(246, 247, 249)", "rgb(22, 25, 29)"
		darkBackground, darkText   = "rgb(14, 16, 20)", "rgb(231, 233, 236)"
	)
	colours := `(s => s.backgroundColor + '|' + s.color)(getComputedStyle(document.body))`
	expect := func(ctx context.Context, scheme, background, text string) {
		t.Helper()
		require.NoError(t, chromedp.Do(ctx, browsertest.EmulateColorScheme(scheme)))
		browsertest.Poll[bool](t, ctx, colours+` === `+jsString(background+"|"+text))
	}

	signIn := browsertest.NewPrivateTab(t)
	require.NoError(t, chromedp.Do(signIn, chromedp.Navigate(suiteOf(t).URL+"/signin")))
	browsertest.Poll[bool](t, signIn, `!!document.getElementById('vh-signin-form')`)
	expect(signIn, "dark", darkBackground, darkText)
	expect(signIn, "light", lightBackground, lightText)
	// The card, the button: the tokens reached the page's own rules too.
	assert.Equal(t, "rgb(29, 91, 214)", browsertest.Eval[string](t, signIn, `getComputedStyle(document.querySelector('#vh-signin-form button')).backgroundColor`))
	// The other credential pages share the tokens: axe-core in both themes.
	for _, page := range []string{"reset-password", "signout"} {
		require.NoError(t, chromedp.Do(signIn, chromedp.Navigate(suiteOf(t).URL+"/"+page)))
		browsertest.Poll[bool](t, signIn, `!!document.querySelector('main h1')`)
		checkPage(t, signIn, page)
	}

	dashboard := signedInTab(t)
	require.NoError(t, chromedp.Do(dashboard, chromedp.Navigate(suiteOf(t).URL+"/videos")))
	browsertest.Poll[bool](t, dashboard, `document.querySelector('h1')?.textContent === 'Videos'`)
	expect(dashboard, "dark", darkBackground, darkText)
	assert.Equal(t, "rgb(22, 25, 31)", browsertest.Eval[string](t, dashboard, `getComputedStyle(document.querySelector('.vh-topbar')).backgroundColor`), "the top bar is the dark surface")
	expect(dashboard, "light", lightBackground, lightText)
}
