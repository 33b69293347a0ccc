package browsertest

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/gateway/web"
)

// acceptance is what the invite page's script posts.
type acceptance struct {
	Token    string `json:"token"`
	Name     string `json:"name"`
	Password string `json:"password"`
}

// inviteSite serves the invite page as the gateway does and records what
// its form posts, answering with the envelope identity's success would get.
type inviteSite struct {
	server *httptest.Server
	mu     sync.Mutex
	posted []acceptance
}

// newInviteSite answers acceptances as the gateway does when it could not
// sign the person in too (signed_in false); newSigningInSite as when it did.
func newInviteSite(t *testing.T) *inviteSite { return startInviteSite(t, false) }

func newSigningInSite(t *testing.T) *inviteSite { return startInviteSite(t, true) }

func startInviteSite(t *testing.T, signedIn bool) *inviteSite {
	t.Helper()
	s := &inviteSite{}
	mux := http.NewServeMux()
	mux.HandleFunc("GET "+web.InvitePath, func(w http.ResponseWriter, _ *http.Request) { web.RenderInvitePage(w, 10, 128) })
	mux.Handle("GET "+web.InvitePath+".js", web.InviteAssetHandler())
	mux.Handle("GET "+web.InvitePath+".css", web.InviteAssetHandler())
	mux.HandleFunc("POST "+web.InvitePath, func(w http.ResponseWriter, r *http.Request) {
		var a acceptance
		if err := json.NewDecoder(r.Body).Decode(&a); err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		s.mu.Lock()
		s.posted = append(s.posted, a)
		s.mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		_, _ = fmt.Fprintf(w, `{"success":true,"result":{"user_id":"u","email":"ada@example.com","signed_in":%t},"links":{},"errors":[]}`, signedIn)
	})
	s.server = httptest.NewServer(mux)
	t.Cleanup(s.server.Close)
	return s
}

func (s *inviteSite) recorded() []acceptance {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]acceptance(nil), s.posted...)
}

// openInvite loads the page with the CSP recorder and waits for its script.
func openInvite(t *testing.T, ctx context.Context, url string) {
	t.Helper()
	require.NoError(t, chromedp.Do(ctx,
		chromedp.Func(func(ctx context.Context, target *chromedp.Target) error {
			_, err := cdp.Call(ctx, target, page.AddScriptToEvaluateOnNewDocument,
				page.AddScriptToEvaluateOnNewDocumentParams{Source: recorderScript})
			return err
		}),
		chromedp.Navigate(url),
	))
	Poll[bool](t, ctx, `document.readyState === 'complete'`)
}

// The page reads the token from the fragment, drops it from the address,
// refuses differing passwords, and posts {token, name, password}.
func TestInvitePageAcceptsWithTheFragmentsToken(t *testing.T) {
	ctx := NewTab(t)
	site := newInviteSite(t)
	openInvite(t, ctx, site.server.URL+web.InvitePath+"#token=tok_123")
	assert.Equal(t, web.InvitePath, Eval[string](t, ctx, `window.location.pathname + window.location.hash`), "the token left the address bar")

	require.NoError(t, chromedp.Do(ctx,
		chromedp.SendKeys(chromedp.CSS(`#vh-invite-name`), "Ada Lovelace"),
		chromedp.SendKeys(chromedp.CSS(`#vh-invite-password`), "analytical engine"),
		chromedp.SendKeys(chromedp.CSS(`#vh-invite-confirm`), "analytical engin"),
		chromedp.Click(chromedp.CSS(`#vh-invite-form button`)),
	))
	Poll[bool](t, ctx, `document.getElementById('vh-invite-status').textContent === 'The two passwords differ.'`)
	assert.Empty(t, site.recorded(), "nothing posted while the passwords differ")

	require.NoError(t, chromedp.Do(ctx,
		chromedp.SendKeys(chromedp.CSS(`#vh-invite-confirm`), "e"),
		chromedp.Click(chromedp.CSS(`#vh-invite-form button`)),
	))
	Poll[bool](t, ctx, `document.getElementById('vh-invite-status').textContent.startsWith('Welcome!')`)
	assert.Equal(t, []acceptance{{Token: "tok_123", Name: "Ada Lovelace", Password: "analytical engine"}}, site.recorded())
	assert.True(t, Eval[bool](t, ctx, `document.getElementById('vh-invite-form').hidden`))
	assert.True(t, Eval[bool](t, ctx, `document.getElementById('vh-invite-intro').hidden`), "the intro is done with")
	assert.False(t, Eval[bool](t, ctx, `document.getElementById('vh-invite-signin').hidden`), "not signed in: the way to sign in shows")
	assert.Equal(t, "/signin", Eval[string](t, ctx, `document.querySelector('#vh-invite-signin a').getAttribute('href')`))
	assert.Empty(t, Eval[[]string](t, ctx, `window.cspViolations`), "the page keeps its Content-Security-Policy")
}

// Signed in by the acceptance (issue 28), the page opens the dashboard.
func TestInvitePageOpensTheDashboardWhenSignedIn(t *testing.T) {
	ctx := NewTab(t)
	site := newSigningInSite(t)
	openInvite(t, ctx, site.server.URL+web.InvitePath+"#token=tok_456")
	require.NoError(t, chromedp.Do(ctx,
		chromedp.SendKeys(chromedp.CSS(`#vh-invite-name`), "Ada Lovelace"),
		chromedp.SendKeys(chromedp.CSS(`#vh-invite-password`), "analytical engine"),
		chromedp.SendKeys(chromedp.CSS(`#vh-invite-confirm`), "analytical engine"),
		chromedp.Click(chromedp.CSS(`#vh-invite-form button`)),
	))
	require.Eventually(t, func() bool { // through the page load: an evaluation it cuts short is tried again
		path, err := chromedp.Run(ctx, chromedp.Evaluate[string](`window.location.pathname`))
		return err == nil && path == "/"
	}, WaitTimeout, PollInterval)
	assert.Len(t, site.recorded(), 1)
}

// Without a token the page says the link is incomplete instead of a form.
func TestInvitePageWithoutAToken(t *testing.T) {
	ctx := NewTab(t)
	site := newInviteSite(t)
	openInvite(t, ctx, site.server.URL+web.InvitePath)
	Poll[bool](t, ctx, `document.getElementById('vh-invite-status').textContent.startsWith('This invite link is incomplete')`)
	assert.True(t, Eval[bool](t, ctx, `document.getElementById('vh-invite-form').hidden`))
}
