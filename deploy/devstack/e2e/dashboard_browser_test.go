package e2e

import (
	"context"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/pquerna/otp/totp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/gateway/web/browsertest"
)

// TestDashboardWalkthrough is issue 18's first walk through the dashboard in
// headless Chromium, on a suite with a worker: a visitor without a session
// is sent to /signin and back, signs in with a password and a TOTP code,
// uploads two files (tus, with progress), pauses a third, reloads and
// resumes it, sees them become ready without a reload, opens the phone
// menu, deletes a video, makes one private and plays it by the session
// cookie, creates an API key that is shown once and deletes it, and signs
// out; along the way a video from a URL, a tag filter and the embed code.
// Every page passes axe-core and is photographed at 1280 and 390 px.
// About 20 s.
func TestDashboardWalkthrough(t *testing.T) {
	t.Parallel() // on a suite and in a browser context of its own (suites_test.go, browsertest.NewTab)
	if testing.Short() {
		t.Skip("a browser and a transcode worker")
	}
	first, second := namedClip(t, "first.mp4", 2), namedClip(t, "second.mp4", 3)
	large := largeClip(t, "resumed.mp4")
	withSuite(t, newSuite(t, 1), "local", func() {
		secret := ownerWithTOTP(t)
		ctx := browsertest.NewTab(t)
		signInThroughTheDashboard(t, ctx, secret)
		checkPage(t, ctx, "videos-empty")

		ids := uploadTwo(t, ctx, first, second)
		ids = append(ids, resumeAfterReload(t, ctx, large, "resumed.mp4"))
		ids = append(ids, fromURL(t, ctx, serveFile(t, first)))
		watchThemGoReady(t, ctx, len(ids))
		checkPage(t, ctx, "videos")
		phoneMenu(t, ctx)

		deleteVideo(t, ctx, ids[2], len(ids)-1)

		openPrivateAndPlay(t, ctx, ids[0])
		filterByTag(t, ctx, "dashboard", ids[0])
		createKeyShownOnce(t, ctx)
		signOut(t, ctx)
	})
}

// largeClip is a clip of about 2 MB (noise does not compress), which a
// throttled upload takes seconds to send.
func largeClip(t *testing.T, name string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	out, err := exec.Command("ffmpeg", "-v", "error", "-f", "lavfi", "-i", "nullsrc=size=320x180:rate=30:duration=4,geq=random(1)*255:128:128",
		"-f", "lavfi", "-i", "sine=frequency=440:duration=4", "-c:a", "aac", "-shortest", "-c:v", "libx264", "-preset", "ultrafast", "-crf", "10", "-pix_fmt", "yuv420p", path).CombinedOutput()
	require.NoError(t, err, "ffmpeg: %s", out)
	return path
}

// namedClip is a test clip of the given length under the given file name
// (the dashboard tells files apart by name and size).
func namedClip(t *testing.T, name string, seconds int) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	require.NoError(t, os.Rename(makeClip(t, 320, 180, seconds), path))
	return path
}

// ownerWithTOTP turns multi-factor codes on for the suite's owner and
// returns the secret.
func ownerWithTOTP(t *testing.T) string {
	t.Helper()
	p := newPerson(t)
	mustOK(t, p.signIn(t, suiteOf(t).Credentials.OwnerPassword, ""))
	secret, _ := enrolTOTP(t, p)
	return secret
}

func signInThroughTheDashboard(t *testing.T, ctx context.Context, secret string) {
	t.Helper()
	startSignedOut(t, ctx)
	require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(suiteOf(t).URL+"/videos?status=")))
	require.Equal(t, "/signin", browsertest.Eval[string](t, ctx, `location.pathname`), "no session: sent to sign in")
	forgetSessionAtEnd(t, ctx)
	checkPage(t, ctx, "signin")
	require.NoError(t, chromedp.Do(ctx,
		chromedp.SendKeys(chromedp.CSS("#vh-signin-email"), suiteOf(t).Credentials.OwnerEmail),
		chromedp.SendKeys(chromedp.CSS("#vh-signin-password"), suiteOf(t).Credentials.OwnerPassword),
		chromedp.Click(chromedp.CSS(`#vh-signin-form button[type=submit]`)),
	))
	browsertest.Poll[bool](t, ctx, `!document.getElementById('vh-signin-code-step').hidden`)
	code, err := totp.GenerateCode(secret, time.Now().Add(30*time.Second)) // the enrolment spent this step
	require.NoError(t, err)
	require.NoError(t, chromedp.Do(ctx,
		chromedp.SendKeys(chromedp.CSS("#vh-signin-code"), code),
		chromedp.Click(chromedp.CSS(`#vh-signin-form button[type=submit]`)),
	))
	pollThroughNavigation(t, ctx, `location.pathname === '/videos' && document.querySelector('h1')?.textContent === 'Videos'`)
	browsertest.Poll[bool](t, ctx, `document.querySelector('.vh-empty') !== null`)
	// The keyboard's first stop is the skip link, shown when focused.
	require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(suiteOf(t).URL+"/videos")))
	browsertest.Poll[bool](t, ctx, `document.querySelector('.vh-empty') !== null`)
	require.NoError(t, chromedp.Do(ctx, chromedp.KeyEvent("\t")))
	assert.True(t, browsertest.Eval[bool](t, ctx, `(e => e.classList.contains('vh-skip') && e.getBoundingClientRect().left >= 0)(document.activeElement)`),
		"Tab first reaches the skip link, shown on screen")
}

// uploadTwo drops two files on the upload page and waits until both are
// uploaded and made into videos, recording each progress bar's values.
func uploadTwo(t *testing.T, ctx context.Context, files ...string) []string {
	t.Helper()
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`.vh-topbar a[href="/upload"]`))))
	browsertest.Poll[bool](t, ctx, `document.querySelector('h1')?.textContent === 'Upload videos'`)
	checkPage(t, ctx, "upload")
	browsertest.Eval[chromedp.Void](t, ctx, `void (window.progressSeen = {}, new MutationObserver(() => {
		for (const p of document.querySelectorAll('.vh-upload progress')) {
			const name = p.closest('.vh-upload').dataset.file;
			(window.progressSeen[name] ||= []).push(Number(p.value));
		}
	}).observe(document.body, {subtree: true, childList: true, attributes: true}))`)
	require.NoError(t, chromedp.Do(ctx, chromedp.SetUploadFiles(chromedp.CSS("#vh-upload-input"), files)))
	ids := browsertest.Poll[[]string](t, ctx, `(() => {
		const rows = [...document.querySelectorAll('.vh-upload')];
		return rows.length === 2 && rows.every(r => r.dataset.videoId) && rows.map(r => r.dataset.videoId);
	})()`)
	require.Len(t, ids, 2)
	seen := browsertest.Eval[map[string][]float64](t, ctx, `window.progressSeen`)
	for _, name := range []string{"first.mp4", "second.mp4"} {
		require.NotEmpty(t, seen[name], "%s had a progress bar", name)
		assert.Equal(t, 100.0, seen[name][len(seen[name])-1], "%s: the bar ends full", name)
	}
	assert.True(t, browsertest.Eval[bool](t, ctx, `[...document.querySelectorAll('.vh-upload progress')].every(p => p.offsetHeight > 0)`),
		"the progress bars are visible")
	checkPage(t, ctx, "upload-done")
	return ids
}

// watchThemGoReady opens the list and waits, without reloading, until the
// count videos show as ready with their thumbnail and duration.
func watchThemGoReady(t *testing.T, ctx context.Context, count int) {
	t.Helper()
	// A marker that a reload would wipe: the list must move on in this one page.
	browsertest.Eval[chromedp.Void](t, ctx, `void (window.vhNoReload = true)`)
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`nav a[href="/videos"]`))))
	browsertest.Poll[bool](t, ctx, `document.querySelectorAll('.vh-video').length === `+strconv.Itoa(count))
	deadline := time.Now().Add(2 * time.Minute)
	for !browsertest.Eval[bool](t, ctx, `[...document.querySelectorAll('.vh-video [data-status]')].every(b => b.dataset.status === 'ready')`) {
		require.True(t, time.Now().Before(deadline), "the videos did not show as ready")
		require.False(t, browsertest.Eval[bool](t, ctx, `!!document.querySelector('.vh-video [data-status=error]')`), "a video failed")
		time.Sleep(500 * time.Millisecond)
	}
	browsertest.Poll[bool](t, ctx, `document.querySelectorAll('.vh-video img').length === `+strconv.Itoa(count)+` && document.querySelectorAll('.vh-duration').length === `+strconv.Itoa(count))
	assert.True(t, browsertest.Eval[bool](t, ctx, `window.vhNoReload === true`), "the list moved on without a reload")
}

// openPrivateAndPlay makes the video private on its page, then plays it in
// the page's player, which only the session cookie can open.
func openPrivateAndPlay(t *testing.T, ctx context.Context, id string) {
	t.Helper()
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`.vh-video[data-video-id="`+id+`"] a`))))
	browsertest.Poll[bool](t, ctx, `!!document.getElementById('vh-privacy')`)
	// A refusal is shown beside the field the envelope's message names.
	require.NoError(t, chromedp.Do(ctx,
		chromedp.SendKeys(chromedp.CSS("#vh-tags"), "Not-A-Tag"),
		chromedp.Click(chromedp.CSS(`form.vh-form button[type=submit]`)),
	))
	browsertest.Poll[bool](t, ctx, `document.getElementById('vh-tags-error').textContent.startsWith('tags contains')`)
	assert.Equal(t, "true", browsertest.Eval[string](t, ctx, `document.getElementById('vh-tags').getAttribute('aria-invalid')`))
	checkPage(t, ctx, "video-field-error")
	require.NoError(t, chromedp.Do(ctx, chromedp.SetValue(chromedp.CSS("#vh-tags"), "dashboard")))
	// As a person's choice would: the select's value, then its change event.
	browsertest.Eval[chromedp.Void](t, ctx, `void (s => { s.value = 'private'; s.dispatchEvent(new Event('change', {bubbles: true})); })(document.getElementById('vh-privacy'))`)
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`form.vh-form button[type=submit]`))))
	browsertest.Poll[bool](t, ctx, `document.querySelector('form.vh-form [role=status]').textContent === 'Saved.'`)
	assert.Equal(t, "private", browsertest.Eval[string](t, ctx, `document.getElementById('vh-privacy').value`), "the form keeps the saved value")
	var v video
	mustOK(t, call(t, "GET", "/v2/videos/"+id, ownerOf(t), nil)).decode(t, &v)
	require.Equal(t, "private", v.Privacy)
	require.Equal(t, []string{"dashboard"}, v.Tags)

	require.NoError(t, chromedp.Do(ctx, chromedp.Reload())) // the player opens the video as it is now: private
	pollThroughNavigation(t, ctx, `document.getElementById('vh-privacy')?.value === 'private'`)
	browsertest.Poll[bool](t, ctx, `(() => {
		const frame = document.querySelector('.vh-player iframe');
		const video = frame && frame.contentDocument && frame.contentDocument.querySelector('video');
		if (video && video.paused) video.play().catch(() => {});
		return !!video && video.currentTime > 0.5;
	})()`)
	require.True(t, browsertest.Eval[bool](t, ctx, `document.querySelectorAll('.vh-outputs li button').length > 0`), "outputs have copy buttons")
	assert.Contains(t, browsertest.Eval[string](t, ctx, `document.getElementById('vh-embed-code').textContent`), suiteOf(t).URL+"/embed/"+id)
	checkPage(t, ctx, "video")
}

// createKeyShownOnce creates an API key, reads its value once, checks it
// works, and sees it gone from the page once dismissed.
func createKeyShownOnce(t *testing.T, ctx context.Context) {
	t.Helper()
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`nav a[href="/developers/keys"]`))))
	browsertest.Poll[bool](t, ctx, `document.querySelector('h1')?.textContent === 'API keys' && !!document.querySelector('.vh-table')`)
	require.NoError(t, chromedp.Do(ctx,
		chromedp.SendKeys(chromedp.CSS("#vh-key-name"), "from the dashboard"),
		chromedp.SetValue(chromedp.CSS("#vh-key-role"), "uploader"),
		chromedp.Click(chromedp.CSS(`form.vh-form button[type=submit]`)),
	))
	value := browsertest.Poll[string](t, ctx, `document.getElementById('vh-new-key')?.textContent`)
	require.True(t, strings.HasPrefix(value, "vh_"), value)
	mustOK(t, call(t, "GET", "/v2/videos", value, nil))
	browsertest.Poll[bool](t, ctx, `[...document.querySelectorAll('.vh-table td')].some(td => td.textContent === 'from the dashboard')`)
	// The role chosen is the key's ceiling (docs/roles.md): it reads, it may not manage players.
	assert.True(t, browsertest.Eval[bool](t, ctx, `[...document.querySelectorAll('.vh-table tbody tr')].some(r => r.cells[0].textContent.endsWith('from the dashboard') && r.cells[1].textContent === 'uploader')`))
	mustFail(t, call(t, "POST", "/v2/players", value, map[string]any{"name": "nope"}), http.StatusForbidden, "this API key's role (uploader)")
	checkPage(t, ctx, "keys")
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`.vh-secret > button`))))
	browsertest.Poll[bool](t, ctx, `!document.body.textContent.includes(`+jsString(value)+`)`)

	// Delete it through the confirmation dialog: it stops working.
	rows := `[...document.querySelectorAll('.vh-table tbody tr')]`
	browsertest.Eval[chromedp.Void](t, ctx, `void `+rows+`.find(r => r.cells[0].textContent.endsWith('from the dashboard')).querySelector('button').click()`)
	browsertest.Poll[bool](t, ctx, `document.querySelector('dialog[open]') !== null`)
	checkPage(t, ctx, "keys-delete")
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`dialog[open] .vh-button-danger`))))
	browsertest.Poll[bool](t, ctx, `document.querySelector('dialog[open]') === null && !`+rows+`.some(r => r.cells[0].textContent.endsWith('from the dashboard'))`)
	mustFail(t, call(t, "GET", "/v2/videos", value, nil), http.StatusUnauthorized, "")
}

// phoneMenu opens the navigation behind the Menu button at 390 px.
func phoneMenu(t *testing.T, ctx context.Context) {
	t.Helper()
	require.NoError(t, chromedp.Do(ctx, chromedp.EmulateViewport(390, 900)))
	require.False(t, browsertest.Eval[bool](t, ctx, `document.querySelector('#vh-nav').offsetHeight > 0`), "the navigation folds away on a phone")
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`.vh-menu-toggle`))))
	browsertest.Poll[bool](t, ctx, `document.querySelector('#vh-nav').offsetHeight > 0 && document.querySelector('.vh-menu-toggle').getAttribute('aria-expanded') === 'true'`)
	saveScreenshot(t, ctx, "dashboard-menu-390.png")
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`.vh-menu-toggle`)), chromedp.EmulateViewport(1280, 900)))
}

// deleteVideo deletes a video from its page through the confirmation
// dialog and lands on the list without it.
func deleteVideo(t *testing.T, ctx context.Context, id string, remaining int) {
	t.Helper()
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`.vh-video[data-video-id="`+id+`"] a`))))
	browsertest.Poll[bool](t, ctx, `!!document.querySelector('.vh-danger-zone button')`)
	// Clicked in the page, not at coordinates: the sections above it still
	// load (categories, tracks) and move it down as they do.
	browsertest.Eval[chromedp.Void](t, ctx, `void document.querySelector('.vh-danger-zone > button').click()`)
	browsertest.Poll[bool](t, ctx, `document.querySelector('dialog[open]') !== null`)
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`dialog[open] .vh-button-danger`))))
	browsertest.Poll[bool](t, ctx, `location.pathname === '/videos' && document.querySelectorAll('.vh-video').length === `+strconv.Itoa(remaining)+` && !document.querySelector('.vh-video[data-video-id="`+id+`"]')`)
	mustFail(t, call(t, "GET", "/v2/videos/"+id, ownerOf(t), nil), http.StatusNotFound, "")
}

// signOut uses the account menu; the browser's cookie is cleared, so later
// tests on the shared browser start signed out.
func signOut(t *testing.T, ctx context.Context) {
	t.Helper()
	require.NoError(t, chromedp.Do(ctx,
		chromedp.Click(chromedp.CSS(`.vh-account summary`)),
		chromedp.Click(chromedp.CSS(`.vh-account-panel button`)),
	))
	pollThroughNavigation(t, ctx, `location.pathname === '/signin'`)
}

// fromURL makes a video from a URL on the upload page and returns its id.
func fromURL(t *testing.T, ctx context.Context, source string) string {
	t.Helper()
	require.NoError(t, chromedp.Do(ctx,
		chromedp.SendKeys(chromedp.CSS("#vh-from-url"), source),
		chromedp.SendKeys(chromedp.CSS("#vh-from-url-name"), "from a URL"),
		chromedp.Click(chromedp.CSS(`form[aria-labelledby="vh-from-url-title"] button[type=submit]`)),
	))
	return browsertest.Poll[string](t, ctx, `document.querySelector('[aria-labelledby="vh-from-url-title"] a[data-video-id]')?.dataset.videoId`)
}

// filterByTag filters the list by a tag and expects exactly the video id.
func filterByTag(t *testing.T, ctx context.Context, tag, id string) {
	t.Helper()
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`nav a[href="/videos"]`))))
	browsertest.Poll[bool](t, ctx, `document.querySelectorAll('.vh-video').length > 1`)
	require.NoError(t, chromedp.Do(ctx, chromedp.SendKeys(chromedp.CSS(`input[name=tag]`), tag+"\r")))
	browsertest.Poll[bool](t, ctx, `location.search.includes('tag=`+tag+`') && document.querySelectorAll('.vh-video').length === 1 && !!document.querySelector('.vh-video[data-video-id="`+id+`"]')`)
}
