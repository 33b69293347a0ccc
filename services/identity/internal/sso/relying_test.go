package sso

import (
	"encoding/json"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/zitadel/oidc/v3/example/server/exampleop"
	"github.com/zitadel/oidc/v3/example/server/storage"
)

// These tests run zitadel/oidc's example OP in the process: a real OpenID
// provider, so the checks a browser cannot reach (the nonce, the PKCE
// verifier) are proved against real ID tokens.

const testRedirect = "http://127.0.0.1:1/sso/callback"

type testOP struct{ issuer, clientID, secret string }

func startTestOP(t *testing.T) testOP {
	t.Helper()
	users := map[string]map[string]any{"dana": {"ID": "dana", "Username": "dana", "Password": "verysecure",
		"FirstName": "Dana", "LastName": "Ng", "Email": "Dana@Example.com", "EmailVerified": true}}
	raw, err := json.Marshal(users)
	require.NoError(t, err)
	file := filepath.Join(t.TempDir(), "users.json")
	require.NoError(t, os.WriteFile(file, raw, 0o600))
	userStore, err := storage.StoreFromFile(file)
	require.NoError(t, err)
	op := testOP{clientID: "sso-unit-" + randomString()[:8], secret: randomString()}
	storage.RegisterClients(storage.WebClient(op.clientID, op.secret, testRedirect))
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	op.issuer = "http://" + lis.Addr().String() + "/"
	server := &http.Server{Handler: exampleop.SetupServer(op.issuer, storage.NewStorage(userStore), nil, false), ReadHeaderTimeout: 5 * time.Second}
	go func() { _ = server.Serve(lis) }()
	t.Cleanup(func() { _ = server.Close() })
	return op
}

// codeFor signs dana in at authorizeURL and returns the code the OP sends
// back to the redirect URI.
func codeFor(t *testing.T, authorizeURL string) string {
	t.Helper()
	jar, err := cookiejar.New(nil)
	require.NoError(t, err)
	client := &http.Client{Jar: jar, Timeout: 10 * time.Second, CheckRedirect: func(req *http.Request, _ []*http.Request) error {
		if strings.HasPrefix(req.URL.String(), testRedirect) {
			return http.ErrUseLastResponse
		}
		return nil
	}}
	resp, err := client.Get(authorizeURL)
	require.NoError(t, err)
	_ = resp.Body.Close()
	id := resp.Request.URL.Query().Get("authRequestID")
	require.NotEmpty(t, id, resp.Request.URL.String())
	login := resp.Request.URL.ResolveReference(&url.URL{Path: "/login/username"})
	resp, err = client.PostForm(login.String(), url.Values{"id": {id}, "username": {"dana"}, "password": {"verysecure"}})
	require.NoError(t, err)
	_ = resp.Body.Close()
	require.Equal(t, http.StatusFound, resp.StatusCode)
	back, err := url.Parse(resp.Header.Get("Location"))
	require.NoError(t, err)
	require.NotEmpty(t, back.Query().Get("code"), back.String())
	return back.Query().Get("code")
}

func openTestSession(t *testing.T, op testOP) session {
	t.Helper()
	rp := NewRelyingParty(GuardedClient(IssuerPolicy{AllowLoopbackHTTP: true}))
	sess, err := rp.open(t.Context(), Provider{IssuerURL: op.issuer, ClientID: op.clientID}, op.secret, testRedirect)
	require.NoError(t, err)
	return sess
}

func TestRedeemVerifiesTheIDToken(t *testing.T) {
	op := startTestOP(t)
	sess := openTestSession(t, op)
	flow := newFlow(Provider{}, time.Now())
	authorize, err := url.Parse(sess.authorizeURL(flow, "dana@example.com"))
	require.NoError(t, err)
	q := authorize.Query()
	assert.Equal(t, "S256", q.Get("code_challenge_method"))
	assert.Equal(t, flow.Nonce, q.Get("nonce"))
	assert.Equal(t, flow.State, q.Get("state"))
	assert.Empty(t, q.Get("code_verifier"), "the verifier never leaves the server")

	claims, err := sess.redeem(codeFor(t, authorize.String()), flow)
	require.NoError(t, err)
	assert.Equal(t, "dana@example.com", claims.Email, "from user info, lower-cased")
	assert.True(t, claims.EmailVerified)
	assert.Equal(t, "Dana Ng", claims.Name)
}

func TestRedeemRefusesAnIDTokenOfAnotherNonce(t *testing.T) {
	op := startTestOP(t)
	sess := openTestSession(t, op)
	mine := newFlow(Provider{}, time.Now())
	theirs := mine
	theirs.Nonce = randomString() // a token minted for another sign-in
	_, err := sess.redeem(codeFor(t, sess.authorizeURL(theirs, "")), mine)
	assert.ErrorIs(t, err, errNonce)
}

func TestRedeemRefusesAnotherPKCEVerifier(t *testing.T) {
	op := startTestOP(t)
	sess := openTestSession(t, op)
	mine := newFlow(Provider{}, time.Now())
	stolen := mine
	stolen.Verifier = newFlow(Provider{}, time.Now()).Verifier
	_, err := sess.redeem(codeFor(t, sess.authorizeURL(mine, "")), stolen)
	assert.ErrorIs(t, err, errExchange)
}

func TestRedeemRefusesAnotherClientsToken(t *testing.T) {
	op := startTestOP(t)
	sess := openTestSession(t, op)
	flow := newFlow(Provider{}, time.Now())
	code := codeFor(t, sess.authorizeURL(flow, ""))
	sess.config.ClientSecret = "wrong"
	_, err := sess.redeem(code, flow)
	assert.ErrorIs(t, err, errExchange)
}
