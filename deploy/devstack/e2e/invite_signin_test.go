package e2e

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/gateway/web/browsertest"
)

// Issue 28 (no dead ends): accepting an invite in headless Chromium signs
// the person in and opens the dashboard, with the cookie a sign-in gets
// (HttpOnly, SameSite=Lax); in an account that requires multi-factor
// codes the dashboard then opens on enrolment, not past it. An acceptance
// posted from another origin is refused before the invite is spent (the
// link still works after). Its
// own account (created with the admin command), so requiring codes
// touches no other test; about ten seconds.
func TestAcceptingAnInviteSignsIn(t *testing.T) {
	email := uniqueWord(t, "joiner") + "@example.com"
	code, out := admin(t, "accounts", "create", "--name", "Joiners e2e", "--owner-email", email, "--plan", "pro")
	require.Equal(t, 0, code, out)
	key := out["api_key"].(string)
	// The owner's invite, accepted as the page's script posts it: the
	// answer says signed in and carries the session cookie a sign-in gets.
	r := mustOK(t, acceptInvite(t, inviteToken(t, email, 1), "The Joiner", "a long enough password"))
	var joined struct {
		SignedIn bool `json:"signed_in"`
	}
	r.decode(t, &joined)
	assert.True(t, joined.SignedIn)
	setCookie := r.Header.Get("Set-Cookie")
	assert.True(t, strings.HasPrefix(setCookie, "vidhost_session="), setCookie)
	for _, flag := range []string{"Path=/", "HttpOnly", "SameSite=Lax"} {
		assert.Contains(t, setCookie, flag)
	}

	other := uniqueWord(t, "other") + "@example.com"
	mustOK(t, call(t, "POST", "/v2/invites", key, map[string]any{"email": other, "role": "uploader"}))
	r = postAcceptFrom(t, "https://elsewhere.example", inviteToken(t, other, 1))
	mustFail(t, r, http.StatusForbidden, "this request comes from another origin")
	assert.Equal(t, "csrf_invalid", r.Body.Errors[0].Code)

	t.Run("signed in on the dashboard", func(t *testing.T) {
		tab := browsertest.NewPrivateTab(t)
		acceptInTheBrowser(t, tab, inviteToken(t, other, 1), "Guest Person", "a long enough password")
		cookie := sessionCookieIn(t, tab)
		assert.True(t, cookie.HTTPOnly, "no script reads the session cookie")
		assert.Equal(t, network.CookieSameSiteLax, cookie.SameSite)
		assert.Equal(t, "/", cookie.Path)
		checkPage(t, tab, "invite-landed")
	})

	t.Run("multi-factor enrolment first", func(t *testing.T) {
		mustOK(t, call(t, "PUT", "/v2/account/mfa_required", key, map[string]any{"required": true}))
		third := uniqueWord(t, "third") + "@example.com"
		mustOK(t, call(t, "POST", "/v2/invites", key, map[string]any{"email": third, "role": "viewer"}))
		tab := browsertest.NewPrivateTab(t)
		openAndJoin(t, tab, inviteToken(t, third, 1), "Third Person", "a long enough password")
		landed(t, tab)
		pollThroughNavigation(t, tab, `document.querySelector('main h1')?.textContent === 'Set up multi-factor sign-in'`)
		assert.Empty(t, browsertest.Eval[[]string](t, tab, `[...document.querySelectorAll('main .vh-video')].map(e => e.textContent)`), "no videos before enrolment")
	})
}

// postAcceptFrom posts an acceptance as a page of origin would.
func postAcceptFrom(t *testing.T, origin, token string) response {
	t.Helper()
	req, err := http.NewRequest("POST", suiteOf(t).URL+"/invites/accept", //nolint:noctx // a loopback test call
		strings.NewReader(`{"token":"`+token+`","name":"Forged","password":"a long enough password"}`))
	require.NoError(t, err)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Origin", origin)
	return send(t, req)
}

// sessionCookieIn is the session cookie tab's browser context holds.
func sessionCookieIn(t *testing.T, tab context.Context) *network.Cookie {
	t.Helper()
	var cookies []*network.Cookie
	require.NoError(t, chromedp.Do(tab, chromedp.Func(func(ctx context.Context, target *chromedp.Target) error {
		got, err := cdp.Call(ctx, target, network.GetCookies, network.GetCookiesParams{URLs: []string{suiteOf(t).URL}})
		cookies = got.Cookies
		return err
	})))
	for _, c := range cookies {
		if c.Name == "vidhost_session" || c.Name == "__Host-vidhost_session" {
			return c
		}
	}
	require.Fail(t, "no session cookie", "cookies: %v", cookies)
	return nil
}
