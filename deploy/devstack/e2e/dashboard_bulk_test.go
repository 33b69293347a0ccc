package e2e

import (
	"context"
	"fmt"
	"net/http"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/gateway/web/browsertest"
)

// TestDashboardVideosBulk walks the video list's filters, views and bulk
// actions in headless Chromium on a fresh account (no worker: the videos
// stay preparing, so the list keeps re-reading itself meanwhile): the views
// column shows the plays beacons made; the list is filtered by folder, then
// by category; every video on the page is selected and moved to another
// folder; two are made private; a change to three of which one was deleted
// behind the page's back reports two done and the third's "Not found"; two
// are deleted through the confirmation dialog. Each step is checked
// through the API. Last, a viewer sees nothing to select. About 10 s (30 s
// on a loaded machine).
func TestDashboardVideosBulk(t *testing.T) {
	t.Parallel() // on a suite and in a browser context of its own (suites_test.go, browsertest.NewTab)
	if testing.Short() {
		t.Skip("a browser and a stack")
	}
	withSuite(t, newSuite(t, 0), "local", func() {
		inbox, archive := createFolder(t, "Inbox", ""), createFolder(t, "Archive", "")
		mustOK(t, call(t, "POST", "/v2/categories", ownerOf(t), map[string]any{"name": "Sports", "value": "sports"}))
		ids := map[string]string{}
		for _, name := range []string{"alpha", "bravo", "charlie", "delta", "echo"} {
			fields := map[string]any{"name": name}
			if name <= "charlie" {
				fields["categories"] = []string{"sports"}
			}
			ids[name] = createVideo(t, fields).ID
			if name != "echo" {
				mustOK(t, call(t, "POST", "/v2/folders/"+inbox.ID+"/videos/"+ids[name], ownerOf(t), nil))
			}
		}
		playedThreeTimes(t, ids["alpha"])

		ctx := signedInTab(t)
		require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(suiteOf(t).URL+"/videos")))
		pollNames(t, ctx, "echo,delta,charlie,bravo,alpha")
		browsertest.Poll[bool](t, ctx, `document.querySelector('.vh-video[data-video-id="`+ids["alpha"]+`"] .vh-views')?.textContent === '3 views'`)
		assert.Equal(t, "0 views", browsertest.Eval[string](t, ctx, `document.querySelector('.vh-video[data-video-id="`+ids["echo"]+`"] .vh-views').textContent`))

		chooseOption(t, ctx, ".vh-filters select[name=folder]", inbox.ID)
		pollNames(t, ctx, "delta,charlie,bravo,alpha")
		chooseOption(t, ctx, ".vh-filters select[name=category]", "sports")
		pollNames(t, ctx, "charlie,bravo,alpha")
		assert.Contains(t, browsertest.Eval[string](t, ctx, `location.search`), "folder="+inbox.ID)

		// Every video on the page, moved out of Inbox into Archive.
		require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`.vh-select-all input`))))
		browsertest.Poll[bool](t, ctx, `document.querySelectorAll('.vh-select:checked').length === 3 && document.getElementById('vh-bulk-title').textContent === '3 videos selected'`)
		chooseOption(t, ctx, "select[name=target]", archive.ID)
		require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`.vh-bulk-form:first-child button[type=submit]`))))
		browsertest.Poll[bool](t, ctx, `document.querySelector('.vh-bulk-report')?.textContent.startsWith('3 videos moved to “Archive”.') && document.querySelectorAll('.vh-video').length === 0`)
		assert.Equal(t, []string{ids["alpha"], ids["bravo"], ids["charlie"]}, videoIDs(listAll(t, "/v2/folders/"+archive.ID+"/videos")))
		assert.Equal(t, []string{ids["delta"]}, videoIDs(listAll(t, "/v2/folders/"+inbox.ID+"/videos")))

		// Two of them made private.
		chooseOption(t, ctx, ".vh-filters select[name=folder]", archive.ID)
		pollNames(t, ctx, "charlie,bravo,alpha")
		clickRowBoxes(t, ctx, ids["alpha"], ids["bravo"])
		chooseOption(t, ctx, ".vh-bulk select[name=privacy]", "private")
		require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`.vh-bulk-form:nth-child(2) button[type=submit]`))))
		browsertest.Poll[bool](t, ctx, `document.querySelector('.vh-bulk-report')?.textContent.startsWith('2 videos made private.')`)
		assert.Equal(t, "private", getVideo(t, ids["alpha"]).Privacy)
		assert.Equal(t, "private", getVideo(t, ids["bravo"]).Privacy)
		assert.Equal(t, "unlisted", getVideo(t, ids["charlie"]).Privacy)

		partialFailure(t, ctx, ids)
		checkPage(t, ctx, "videos-bulk")

		// Two deleted, after the dialog names them.
		clickRowBoxes(t, ctx, ids["alpha"], ids["bravo"])
		require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`.vh-bulk-forms > .vh-button-danger`))))
		browsertest.Poll[bool](t, ctx, `document.querySelector('dialog[open]')?.textContent.includes('Delete 2 videos?')`)
		assert.Equal(t, "alpha,bravo", browsertest.Eval[string](t, ctx, `[...document.querySelectorAll('dialog[open] .vh-bulk-names li')].map(li => li.textContent).sort().join()`))
		checkPage(t, ctx, "videos-bulk-delete")
		require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`dialog[open] .vh-button-danger`))))
		browsertest.Poll[bool](t, ctx, `document.querySelector('.vh-bulk-report')?.textContent.startsWith('2 videos deleted.') && document.querySelectorAll('.vh-video').length === 0 && !!document.querySelector('.vh-empty')`)
		mustFail(t, call(t, "GET", "/v2/videos/"+ids["alpha"], ownerOf(t), nil), http.StatusNotFound, "Not found")
		mustFail(t, call(t, "GET", "/v2/videos/"+ids["bravo"], ownerOf(t), nil), http.StatusNotFound, "Not found")
		assert.Equal(t, "unlisted", getVideo(t, ids["delta"]).Privacy, "videos not selected are untouched")

		viewerSelectsNothing(t)
	})
}

// viewerSelectsNothing signs in a viewer (invited by the owner): the list
// and its views show, but no selection boxes or bulk actions, which every
// call would refuse to that role.
func viewerSelectsNothing(t *testing.T) {
	t.Helper()
	email := uniqueWord(t, "viewer") + "@example.com"
	mustOK(t, call(t, "POST", "/v2/invites", ownerOf(t), map[string]any{"email": email, "role": "viewer"}))
	mustOK(t, acceptInvite(t, inviteToken(t, email, 1), "Viewer", "a long enough password"))
	p := newPerson(t)
	mustOK(t, p.do(t, "POST", "/v2/session", map[string]any{"email": email, "password": "a long enough password"}))
	ctx := signedInTab(t, p.cookie(t))
	require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(suiteOf(t).URL+"/videos")))
	pollNames(t, ctx, "echo,delta")
	browsertest.Poll[bool](t, ctx, `document.querySelectorAll('.vh-views').length === 2 && [...document.querySelectorAll('.vh-views')].every(v => v.textContent === '0 views')`)
	assert.False(t, browsertest.Eval[bool](t, ctx, `!!document.querySelector('.vh-select, .vh-select-all, .vh-bulk')`), "a viewer has nothing to select")
}

// partialFailure selects alpha, bravo and charlie, deletes charlie through
// the API and, in the same turn of the page's event loop (so its 3 s
// re-read cannot drop charlie first), makes the three public: two succeed,
// charlie's failure is listed with the API's message and it stays selected.
func partialFailure(t *testing.T, ctx context.Context, ids map[string]string) {
	t.Helper()
	clickRowBoxes(t, ctx, ids["alpha"], ids["bravo"], ids["charlie"])
	chooseOption(t, ctx, ".vh-bulk select[name=privacy]", "public")
	mustOK(t, call(t, "DELETE", "/v2/videos/"+ids["charlie"], ownerOf(t), nil))
	submitted := browsertest.Eval[bool](t, ctx, `(() => {
		if (document.querySelectorAll('.vh-select:checked').length !== 3) return false;
		document.querySelector('.vh-bulk-form:nth-child(2)').requestSubmit();
		return true;
	})()`)
	require.True(t, submitted, "the list was read again between the deletion and the submit (a one-in-a-thousand race): run the test again")
	browsertest.Poll[bool](t, ctx, `document.querySelector('.vh-bulk-report[role=alert]')?.textContent.startsWith('2 of 3 videos made public; 1 failed:')`)
	assert.Equal(t, "charlie: Not found", browsertest.Eval[string](t, ctx, `document.querySelector('.vh-bulk-errors li[data-video-id="`+ids["charlie"]+`"]').textContent`))
	assert.Equal(t, "public", getVideo(t, ids["alpha"]).Privacy)
	assert.Equal(t, "public", getVideo(t, ids["bravo"]).Privacy)
	pollNames(t, ctx, "bravo,alpha") // the page read again after the action
}

// playedThreeTimes sends three plays of distinct viewers and waits until the
// report counts them.
func playedThreeTimes(t *testing.T, videoID string) {
	t.Helper()
	for i := range 3 {
		sendBeacon(t, map[string]any{"event": "play", "video_id": videoID, "player_id": "",
			"viewer_id": fmt.Sprintf("0f8fad5b-d9cb-469f-a165-%012d", i+1), "position": 0, "ticket": viewTicket(t, videoID, "", "")})
	}
	require.Eventually(t, func() bool { return viewsBy(t, "video_id", videoID)[videoID] == 3 },
		browsertest.WaitTimeout, browsertest.PollInterval, "three views reported")
}

// signedInTab is a tab with the owner's session cookie (or the given
// one); the cookie is removed when the test ends, so later tests on the
// shared browser start signed out.
func signedInTab(t *testing.T, cookie ...string) context.Context {
	t.Helper()
	if len(cookie) == 0 {
		p := newPerson(t)
		mustOK(t, p.signIn(t, suiteOf(t).Credentials.OwnerPassword, ""))
		cookie = append(cookie, p.cookie(t))
	}
	ctx := browsertest.NewTab(t)
	useSession(t, ctx, cookie[0])
	return ctx
}

// pollNames waits until the list shows exactly these names, in order.
func pollNames(t *testing.T, ctx context.Context, names string) {
	t.Helper()
	browsertest.Poll[bool](t, ctx, `[...document.querySelectorAll('.vh-video .vh-video-name')].map(n => n.textContent).join() === `+jsString(names))
}

// chooseOption picks value in a select as a person would: once the option
// is there, the value, then the change event.
func chooseOption(t *testing.T, ctx context.Context, selector, value string) {
	t.Helper()
	sel := `document.querySelector(` + jsString(selector) + `)`
	browsertest.Poll[bool](t, ctx, `!!`+sel+` && !`+sel+`.disabled && [...`+sel+`.options].some(o => o.value === `+jsString(value)+`)`)
	browsertest.Eval[chromedp.Void](t, ctx, `void (s => { s.value = `+jsString(value)+`; s.dispatchEvent(new Event('change', {bubbles: true})); })(`+sel+`)`)
}

// clickRowBoxes ticks the rows' selection boxes, starting from none.
func clickRowBoxes(t *testing.T, ctx context.Context, ids ...string) {
	t.Helper()
	browsertest.Poll[bool](t, ctx, `document.querySelectorAll('.vh-select:checked').length === 0`)
	for _, id := range ids {
		require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`.vh-video[data-video-id="`+id+`"] .vh-select`))))
	}
	browsertest.Poll[bool](t, ctx, `document.querySelectorAll('.vh-select:checked').length === `+fmt.Sprint(len(ids))+
		` && document.getElementById('vh-bulk-title').textContent.startsWith('`+fmt.Sprint(len(ids))+` video')`)
}
