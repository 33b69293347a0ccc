package e2e

import (
	"io"
	"net/http"
	"net/url"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/gateway/web/browsertest"
)

// Issue 26 #3: /signin?next=/%09/evil.example sent a signed-in person to
// evil.example, because the browser drops the tab and "/\t/evil" becomes
// "//evil". The page now gets ?next= resolved by the gateway, and its
// script applies the same rule. About 5 s.

// passwordUser invites a viewer into the suite's account and accepts the
// invite with password, returning the email.
func passwordUser(t *testing.T, password string) string {
	t.Helper()
	email := uniqueWord(t, "redirect") + "@example.com"
	mustOK(t, call(t, "POST", "/v2/invites", ownerOf(t), map[string]any{"email": email, "role": "viewer", "name": "Redirected"}))
	mustOK(t, acceptInvite(t, inviteToken(t, email, 1), "Redirected Person", password))
	return email
}

func TestSignInNextCannotLeaveTheSite(t *testing.T) {
	const password = "a long enough password"
	email := passwordUser(t, password)
	tab := browsertest.NewPrivateTab(t)
	forgetSessionAtEnd(t, tab)
	require.NoError(t, chromedp.Do(tab, chromedp.Navigate(suiteOf(t).URL+"/signin?next=/%09/evil.example")))
	require.NoError(t, chromedp.Do(tab,
		chromedp.SendKeys(chromedp.CSS("#vh-signin-email"), email),
		chromedp.SendKeys(chromedp.CSS("#vh-signin-password"), password),
		chromedp.Click(chromedp.CSS(`#vh-signin-form button[type=submit]`)),
	))
	suiteURL, err := url.Parse(suiteOf(t).URL)
	require.NoError(t, err)
	// Signed in, the browser lands on this site's dashboard, not evil.example.
	pollThroughNavigation(t, tab, `location.host === `+jsString(suiteURL.Host)+` && location.pathname === '/'`)
}

func TestSignInPageResolvesNextOnTheServer(t *testing.T) {
	for raw, want := range map[string]string{
		"/%09/evil.example":        `data-next="/"`,
		"/%5Cevil.example":         `data-next="/"`,
		"//evil.example":           `data-next="/"`,
		"https://evil.example/":    `data-next="/"`,
		"javascript:alert(1)":      `data-next="/"`,
		"/%0D%0ASet-Cookie:%20a":   `data-next="/"`,
		"/videos%3Fstatus%3Dready": `data-next="/videos?status=ready"`,
	} {
		resp, err := http.Get(suiteOf(t).URL + "/signin?next=" + raw) //nolint:noctx // a loopback test call
		require.NoError(t, err)
		body, err := io.ReadAll(resp.Body)
		_ = resp.Body.Close()
		require.NoError(t, err)
		assert.Equal(t, http.StatusOK, resp.StatusCode)
		assert.Contains(t, string(body), want, "next=%s", raw)
	}
}
