package e2e

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
	"github.com/pquerna/otp/totp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/gateway/web/browsertest"
)

// sessionCookie is the devstack's cookie name: its public URL is plain
// http on 127.0.0.1, so the cookie cannot be Secure nor __Host-.
const sessionCookie = "vidhost_session"

// person is a browser-like client: a cookie jar and the session's CSRF
// token, never an API key.
type person struct {
	client *http.Client
	csrf   string
}

func newPerson(t *testing.T) *person {
	t.Helper()
	jar, err := cookiejar.New(nil)
	require.NoError(t, err)
	return &person{client: &http.Client{Jar: jar}}
}

// do sends a request with the jar's cookies and, when set, the CSRF token.
func (p *person) do(t *testing.T, method, path string, body any) response {
	t.Helper()
	req, err := http.NewRequest(method, suiteOf(t).URL+path, bodyReader(t, body))
	require.NoError(t, err)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if p.csrf != "" {
		req.Header.Set("X-CSRF-Token", p.csrf)
	}
	resp, err := p.client.Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	out := response{Status: resp.StatusCode, Header: resp.Header, Raw: string(raw)}
	require.NoError(t, json.Unmarshal(raw, &out.Body), raw)
	return out
}

// signIn posts the form's JSON and keeps the CSRF token of the session.
func (p *person) signIn(t *testing.T, password, code string) response {
	t.Helper()
	r := p.do(t, "POST", "/v2/session", map[string]any{"email": suiteOf(t).Credentials.OwnerEmail, "password": password, "code": code})
	if r.Status == http.StatusOK {
		var s struct {
			CSRFToken string `json:"csrf_token"`
		}
		r.decode(t, &s)
		p.csrf = s.CSRFToken
	}
	return r
}

// cookie is the session cookie the jar holds, "" when none.
func (p *person) cookie(t *testing.T) string {
	t.Helper()
	u, err := url.Parse(suiteOf(t).URL)
	require.NoError(t, err)
	for _, c := range p.client.Jar.Cookies(u) {
		if c.Name == sessionCookie {
			return c.Value
		}
	}
	return ""
}

// TestSignInWithTOTPMakesTheFirstKeyAndWatchesAPrivateVideo is issue 13's
// first "done when": on a suite with a worker, the owner signs in with a
// password and a TOTP code through real HTTP, makes the first API key with
// the session, watches a private video in headless Chromium with only the
// session cookie, signs out and is refused. About 30 s.
func TestSignInWithTOTPMakesTheFirstKeyAndWatchesAPrivateVideo(t *testing.T) {
	t.Parallel() // on a suite of its own (suites_test.go)
	clip := makeClip(t, 320, 180, 4)
	withSuite(t, newSuite(t, 1), "local", func() {
		password := suiteOf(t).Credentials.OwnerPassword
		alice := newPerson(t)
		mustOK(t, alice.signIn(t, password, ""))
		secret, _ := enrolTOTP(t, alice)

		// A new browser: password, then the code step.
		bob := newPerson(t)
		mustFail(t, bob.signIn(t, password, ""), http.StatusUnauthorized, "enter the code from your authenticator app")
		assert.Empty(t, bob.cookie(t), "no session before the code")
		code, err := totp.GenerateCode(secret, time.Now().Add(30*time.Second)) // the confirming step is spent
		require.NoError(t, err)
		mustOK(t, bob.signIn(t, password, code))
		require.NotEmpty(t, bob.cookie(t))

		// The first API key, made with the session (the interface's rule 4).
		var key struct {
			Value string `json:"value"`
		}
		mustOK(t, bob.do(t, "POST", "/v2/keys", map[string]any{"type": "api", "name": "first", "permissions": []string{}, "ips": []string{}})).decode(t, &key)
		require.True(t, strings.HasPrefix(key.Value, "vh_"))
		mustOK(t, call(t, "GET", "/v2/videos", key.Value, nil))

		video := transcodedPrivateVideo(t, key.Value, clip)
		bobsCookie := bob.cookie(t)
		watchWithCookie(t, bobsCookie, video)
		status, page := fetchWithCookie(t, suiteOf(t).URL+"/embed/"+video, bobsCookie)
		assert.Equal(t, http.StatusOK, status, "the embed page opens by the cookie too")
		assert.Contains(t, page, "token=", "its media URLs carry a media token, not the cookie")

		mustOK(t, bob.do(t, "DELETE", "/v2/session", nil))
		assert.Empty(t, bob.cookie(t), "the cookie is cleared")
		stale := newPerson(t)
		u, _ := url.Parse(suiteOf(t).URL)
		stale.client.Jar.SetCookies(u, []*http.Cookie{{Name: sessionCookie, Value: alice.cookie(t)}})
		mustOK(t, stale.do(t, "GET", "/v2/session", nil)) // alice's session still lives
		stale.client.Jar.SetCookies(u, []*http.Cookie{{Name: sessionCookie, Value: bobsCookie}})
		mustFail(t, stale.do(t, "GET", "/v2/videos", nil), http.StatusUnauthorized, "this session is invalid or has expired")
		status, page = fetchWithCookie(t, suiteOf(t).URL+"/watch/"+video, bobsCookie)
		assert.Equal(t, http.StatusForbidden, status)
		assert.Contains(t, page, "This video is private")
	})
}

// enrolTOTP turns TOTP on for the signed-in person and returns its secret
// and recovery codes.
func enrolTOTP(t *testing.T, p *person) (string, []string) {
	t.Helper()
	var enrolment struct {
		Secret string `json:"secret"`
		URI    string `json:"uri"`
		QRCode string `json:"qr_code"`
	}
	mustOK(t, p.do(t, "POST", "/v2/users/me/mfa", map[string]any{})).decode(t, &enrolment)
	require.True(t, strings.HasPrefix(enrolment.URI, "otpauth://totp/Vidhost:"), enrolment.URI)
	require.True(t, strings.HasPrefix(enrolment.QRCode, "data:image/png;base64,"))
	code, err := totp.GenerateCode(enrolment.Secret, time.Now())
	require.NoError(t, err)
	var confirmed struct {
		RecoveryCodes []string `json:"recovery_codes"`
	}
	mustOK(t, p.do(t, "POST", "/v2/users/me/mfa/confirm", map[string]any{"code": code})).decode(t, &confirmed)
	require.Len(t, confirmed.RecoveryCodes, 10)
	return enrolment.Secret, confirmed.RecoveryCodes
}

// transcodedPrivateVideo uploads clip with key and waits until the private
// video it makes is ready.
func transcodedPrivateVideo(t *testing.T, key, clip string) string {
	t.Helper()
	data, err := os.ReadFile(clip)
	require.NoError(t, err)
	ref, _ := uploadForVideo(t, "clip.mp4", data)
	var v video
	mustOK(t, call(t, "POST", "/v2/videos", key, videoBody(map[string]any{"name": "Private", "input": ref, "privacy": "private"}))).decode(t, &v)
	waitReady(t, v.ID)
	status, page := fetchWithCookie(t, suiteOf(t).URL+"/watch/"+v.ID, "")
	require.Equal(t, http.StatusForbidden, status, "no cookie, no JWT")
	require.Contains(t, page, "This video is private")
	return v.ID
}

// watchWithCookie plays the private video's watch page in Chromium with
// only the session cookie set.
func watchWithCookie(t *testing.T, cookie, videoID string) {
	t.Helper()
	ctx := browsertest.NewTab(t)
	require.NoError(t, chromedp.Do(ctx, chromedp.Func(func(ctx context.Context, target *chromedp.Target) error {
		_, err := cdp.Call(ctx, target, network.SetCookie,
			network.SetCookieParams{Name: sessionCookie, Value: cookie, URL: suiteOf(t).URL})
		return err
	})))
	browsertest.Open(t, ctx, suiteOf(t).URL+"/watch/"+videoID)
	browsertest.Play(t, ctx)
	browsertest.Poll[bool](t, ctx, `document.querySelector('video').currentTime > 0.5`)
}

// fetchWithCookie GETs url with the session cookie (none when empty).
func fetchWithCookie(t *testing.T, target, cookie string) (int, string) {
	t.Helper()
	req, err := http.NewRequest("GET", target, nil)
	require.NoError(t, err)
	if cookie != "" {
		req.AddCookie(&http.Cookie{Name: sessionCookie, Value: cookie})
	}
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	return resp.StatusCode, string(raw)
}
