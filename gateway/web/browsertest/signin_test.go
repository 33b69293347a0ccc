package browsertest

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/gateway/internal/session"
)

// attempt is what the sign-in page's script posts.
type attempt struct {
	Email    string `json:"email"`
	Password string `json:"password"`
	Code     string `json:"code"`
}

// signInSite serves /signin as the gateway does; its /v2/session asks for
// a code until one is sent, as identity does for a user with TOTP.
type signInSite struct {
	server *httptest.Server
	mu     sync.Mutex
	posted []attempt
}

func newSignInSite(t *testing.T) *signInSite {
	t.Helper()
	s := &signInSite{}
	mux := http.NewServeMux()
	mux.HandleFunc("GET "+session.SignInPath, func(w http.ResponseWriter, r *http.Request) {
		session.RenderSignInPage(w, r.URL.Query().Get("next"))
	})
	mux.Handle("GET "+session.SignInPath+".js", session.SignInAssetHandler())
	mux.Handle("GET "+session.SignInPath+".css", session.SignInAssetHandler())
	mux.HandleFunc("GET /dashboard", func(w http.ResponseWriter, _ *http.Request) { _, _ = w.Write([]byte("dashboard")) })
	mux.HandleFunc("POST "+session.SessionPath, func(w http.ResponseWriter, r *http.Request) {
		var a attempt
		if err := json.NewDecoder(r.Body).Decode(&a); err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		s.mu.Lock()
		s.posted = append(s.posted, a)
		s.mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		if a.Code == "" {
			w.WriteHeader(http.StatusUnauthorized)
			_, _ = w.Write([]byte(`{"success":false,"result":{},"links":{},"errors":[{"code":"mfa_code_required","message":"enter the code from your authenticator app, or a recovery code"}]}`))
			return
		}
		_, _ = w.Write([]byte(`{"success":true,"result":{"csrf_token":"c"},"links":{},"errors":[]}`))
	})
	s.server = httptest.NewServer(mux)
	t.Cleanup(s.server.Close)
	return s
}

func (s *signInSite) recorded() []attempt {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]attempt(nil), s.posted...)
}

// The sign-in page is an ordinary form a password manager can fill; when
// the user has codes it shows the code step and sends the form again with
// it, then goes to ?next=.
func TestSignInPageAsksForTheCodeThenGoesOn(t *testing.T) {
	ctx := NewTab(t)
	site := newSignInSite(t)
	openInvite(t, ctx, site.server.URL+session.SignInPath+"?next=/dashboard")
	assert.Equal(t, "username", Eval[string](t, ctx, `document.querySelector('input[type=email]').autocomplete`))
	assert.Equal(t, "current-password", Eval[string](t, ctx, `document.querySelector('input[type=password]').autocomplete`))
	assert.True(t, Eval[bool](t, ctx, `document.getElementById('vh-signin-code-step').hidden`))

	require.NoError(t, chromedp.Do(ctx,
		chromedp.SendKeys(chromedp.CSS(`input[type=email]`), "ada@example.com"),
		chromedp.SendKeys(chromedp.CSS(`input[type=password]`), "analytical engine"),
		chromedp.Click(chromedp.CSS(`#vh-signin-form button[type=submit]`)),
	))
	Poll[bool](t, ctx, `!document.getElementById('vh-signin-code-step').hidden`)
	assert.Equal(t, "enter the code from your authenticator app, or a recovery code",
		Eval[string](t, ctx, `document.getElementById('vh-signin-status').textContent`))

	require.NoError(t, chromedp.Do(ctx,
		chromedp.SendKeys(chromedp.CSS(`#vh-signin-code`), "123456"),
		chromedp.Click(chromedp.CSS(`#vh-signin-form button[type=submit]`)),
	))
	// The page navigates away: each check is a fresh evaluation, which a
	// navigation in flight may cut short.
	require.Eventually(t, func() bool {
		path, err := chromedp.Run(ctx, chromedp.Evaluate[string](`window.location.pathname`))
		return err == nil && path == "/dashboard"
	}, WaitTimeout, PollInterval, "the page goes to ?next= once signed in")
	assert.Equal(t, []attempt{
		{Email: "ada@example.com", Password: "analytical engine"},
		{Email: "ada@example.com", Password: "analytical engine", Code: "123456"},
	}, site.recorded())
}
