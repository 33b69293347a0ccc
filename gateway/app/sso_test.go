package app_test

import (
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/gateway/internal/session"
	"github.com/vidhost/vidhost/gateway/internal/testbackend"
)

// noRedirects is a client that shows each redirect instead of following it.
var noRedirects = &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}

func ssoGet(t *testing.T, url string, cookies ...*http.Cookie) (*http.Response, string) {
	t.Helper()
	req, err := http.NewRequestWithContext(t.Context(), http.MethodGet, url, nil)
	require.NoError(t, err)
	for _, c := range cookies {
		req.AddCookie(c)
	}
	resp, err := noRedirects.Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	return resp, string(body)
}

func cookieNamed(resp *http.Response, name string) *http.Cookie {
	for _, c := range resp.Cookies() {
		if c.Name == name {
			return c
		}
	}
	return nil
}

// sessionCookieOf is the session cookie resp sets, under either of its
// names (session.Sessions picks one from the public URL).
func sessionCookieOf(resp *http.Response) *http.Cookie {
	if c := cookieNamed(resp, session.SecureCookieName); c != nil {
		return c
	}
	return cookieNamed(resp, session.DevCookieName)
}

func TestSSOPageAsksForAnEmail(t *testing.T) {
	b := setup(t)
	resp, body := ssoGet(t, b.url+"/sso")
	assert.Equal(t, http.StatusOK, resp.StatusCode)
	assert.Contains(t, body, `<form action="/sso/start" method="post"`)
	assert.NotContains(t, body, "You are signed in as", "no session")
	assert.Equal(t, "same-origin", resp.Header.Get("Referrer-Policy"), "so the form's POST carries Origin")
	assert.Contains(t, body, `type="email"`)
	assert.NotContains(t, body, "<script", "no script at all")
	assert.Contains(t, resp.Header.Get("Content-Security-Policy"), "frame-ancestors 'none'")
	assert.Equal(t, "no-store", resp.Header.Get("Cache-Control"))
}

// ssoStart posts the /sso form's fields with origin as the browser's Origin
// ("" sends none).
func ssoStart(t *testing.T, b testBundle, origin string, form url.Values, cookies ...*http.Cookie) (*http.Response, string) {
	t.Helper()
	req, err := http.NewRequestWithContext(t.Context(), http.MethodPost, b.url+"/sso/start", strings.NewReader(form.Encode()))
	require.NoError(t, err)
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	if origin != "" {
		req.Header.Set("Origin", origin)
	}
	for _, c := range cookies {
		req.AddCookie(c)
	}
	resp, err := noRedirects.Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	return resp, string(body)
}

// /sso/start keeps the flow in an HttpOnly cookie for the callback only
// and sends the browser to the provider.
func TestSSOStartSetsTheFlowCookie(t *testing.T) {
	b := setup(t)
	resp, _ := ssoStart(t, b, b.url, url.Values{"email": {"alice@example.com"}})
	require.Equal(t, http.StatusSeeOther, resp.StatusCode)
	assert.Equal(t, "https://idp.example.com/authorize?state=s", resp.Header.Get("Location"))
	flow := cookieNamed(resp, "vh_sso_flow")
	require.NotNil(t, flow)
	assert.Equal(t, testbackend.FakeSSOFlow, flow.Value)
	assert.Equal(t, "/sso/callback", flow.Path)
	assert.True(t, flow.HttpOnly)
	assert.Equal(t, http.SameSiteLaxMode, flow.SameSite)
	assert.Equal(t, 600, flow.MaxAge)

	resp, body := ssoStart(t, b, b.url, url.Values{})
	assert.Equal(t, http.StatusBadRequest, resp.StatusCode)
	assert.Contains(t, body, "email must be an email address")
}

// Login CSRF: only this site's form starts a sign-in.
func TestSSOStartRefusesGetsAndOtherOrigins(t *testing.T) {
	b := setup(t)
	resp, body := ssoGet(t, b.url+"/sso/start?email=alice@example.com")
	assert.Equal(t, http.StatusMethodNotAllowed, resp.StatusCode)
	assert.Contains(t, body, "single sign-on starts from the form at /sso")
	assert.Nil(t, cookieNamed(resp, "vh_sso_flow"))

	for origin, want := range map[string]string{
		"https://evil.example": "this request comes from another origin (https://evil.example) and cannot start a sign-in",
		"null":                 "this request comes from another origin (null)",
		"":                     "the request names no origin",
	} {
		resp, body := ssoStart(t, b, origin, url.Values{"email": {"alice@example.com"}})
		assert.Equal(t, http.StatusForbidden, resp.StatusCode, origin)
		assert.Contains(t, body, want)
		assert.Nil(t, cookieNamed(resp, "vh_sso_flow"), origin)
	}
}

// The callback clears the flow cookie whatever happens, and sets the
// session cookie only when identity started a session.
func TestSSOCallbackSetsTheSessionCookieOnlyWithASession(t *testing.T) {
	b := setup(t)
	flow := &http.Cookie{Name: "vh_sso_flow", Value: testbackend.FakeSSOFlow}

	resp, body := ssoGet(t, b.url+"/sso/callback?code=plain&state=s", flow)
	assert.Equal(t, http.StatusOK, resp.StatusCode)
	assert.Contains(t, body, "You are signed in as alice@example.com (viewer).")
	assert.Nil(t, sessionCookieOf(resp), "no session starter: no session cookie")
	cleared := cookieNamed(resp, "vh_sso_flow")
	require.NotNil(t, cleared)
	assert.Negative(t, cleared.MaxAge)
	assert.Equal(t, "no-referrer", resp.Header.Get("Referrer-Policy"))

	resp, _ = ssoGet(t, b.url+"/sso/callback?code="+testbackend.FakeSSOCodeWithSession+"&state=s", flow)
	require.Equal(t, http.StatusOK, resp.StatusCode)
	session := sessionCookieOf(resp)
	require.NotNil(t, session)
	assert.Equal(t, testbackend.FakeSSOSessionToken, session.Value)
	assert.True(t, session.HttpOnly)
	assert.Equal(t, "/", session.Path)

	resp, body = ssoGet(t, b.url+"/sso/callback?code=x&state=s")
	assert.Equal(t, http.StatusForbidden, resp.StatusCode)
	assert.Contains(t, body, "this sign-in is invalid or has expired: start again")
	assert.Nil(t, sessionCookieOf(resp))
	assert.True(t, strings.HasPrefix(resp.Header.Get("Content-Type"), "text/html"))
}
