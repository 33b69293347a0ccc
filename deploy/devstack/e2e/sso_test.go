package e2e

import (
	"encoding/json"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/zitadel/oidc/v3/example/server/exampleop"
	"github.com/zitadel/oidc/v3/example/server/storage"
)

// Single sign-on against a real OpenID provider: zitadel/oidc's example OP
// (its op package with the example's in-memory storage and login form),
// served on a free loopback port for each test. Each test takes about a
// second.

// opUser is a person of the test OP.
type opUser struct {
	ID            string
	Username      string
	Password      string
	FirstName     string
	LastName      string
	Email         string
	EmailVerified bool
}

// openIDProvider is a running OP with one web client for the suite.
type openIDProvider struct {
	issuer, clientID, clientSecret string
}

// startOP serves an OP with users on a free loopback port, with a client
// whose redirect URI is the suite's callback.
func startOP(t *testing.T, users ...opUser) openIDProvider {
	t.Helper()
	byID := map[string]opUser{}
	for _, u := range users {
		byID[u.ID] = u
	}
	raw, err := json.Marshal(byID)
	require.NoError(t, err)
	usersFile := filepath.Join(t.TempDir(), "users.json")
	require.NoError(t, os.WriteFile(usersFile, raw, 0o600))
	userStore, err := storage.StoreFromFile(usersFile)
	require.NoError(t, err)

	op := openIDProvider{clientID: "vidhost-" + uniqueWord(t, ""), clientSecret: uniqueWord(t, "secret")}
	storage.RegisterClients(storage.WebClient(op.clientID, op.clientSecret, suiteOf(t).URL+"/sso/callback"))
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	op.issuer = "http://" + lis.Addr().String() + "/"
	server := &http.Server{Handler: exampleop.SetupServer(op.issuer, storage.NewStorage(userStore), nil, false),
		ReadHeaderTimeout: 5 * time.Second}
	go func() { _ = server.Serve(lis) }()
	t.Cleanup(func() { _ = server.Close() })
	return op
}

// browser is a cookie jar that stops before the suite's callback when
// asked, so a test can tamper with what the OP sent back.
type browser struct {
	client       *http.Client
	stopCallback bool
}

func newBrowser(t *testing.T) *browser {
	jar, err := cookiejar.New(nil)
	require.NoError(t, err)
	b := &browser{}
	b.client = &http.Client{Jar: jar, Timeout: 30 * time.Second, CheckRedirect: func(req *http.Request, via []*http.Request) error {
		if b.stopCallback && req.URL.Path == "/sso/callback" {
			return http.ErrUseLastResponse
		}
		if len(via) > 10 {
			return errors.New("too many redirects")
		}
		return nil
	}}
	return b
}

// page is a response's status, final address and body.
type page struct {
	status int
	url    *url.URL
	body   string
	header http.Header
}

func (b *browser) do(t *testing.T, req *http.Request) page {
	t.Helper()
	resp, err := b.client.Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	return page{status: resp.StatusCode, url: resp.Request.URL, body: string(raw), header: resp.Header}
}

func (b *browser) get(t *testing.T, address string) page {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, address, nil)
	require.NoError(t, err)
	return b.do(t, req)
}

// startSSO posts the /sso form as the browser does, naming origin.
func (b *browser) startSSO(t *testing.T, origin string, form url.Values) page {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, suiteOf(t).URL+"/sso/start", strings.NewReader(form.Encode()))
	require.NoError(t, err)
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	if origin != "" {
		req.Header.Set("Origin", origin)
	}
	return b.do(t, req)
}

// signIn posts email to the suite's /sso/start, lands on the OP's
// login form, and posts username and password there. It returns the last
// page: the suite's callback page, or with stopCallback the OP's redirect
// to it.
func (b *browser) signIn(t *testing.T, email, username, password string) page {
	t.Helper()
	login := b.startSSO(t, suiteOf(t).URL, url.Values{"email": {email}})
	require.Equal(t, http.StatusOK, login.status, login.body)
	require.Contains(t, login.body, `name="password"`, "the OP's login form")
	authRequestID := login.url.Query().Get("authRequestID")
	require.NotEmpty(t, authRequestID, login.url.String())
	form := url.Values{"id": {authRequestID}, "username": {username}, "password": {password}}
	loginURL := login.url.ResolveReference(&url.URL{Path: "/login/username"})
	req, err := http.NewRequest(http.MethodPost, loginURL.String(), strings.NewReader(form.Encode()))
	require.NoError(t, err)
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	return b.do(t, req)
}

// userByEmail finds the account's user of email, or nil.
func userByEmail(t *testing.T, key, email string) map[string]any {
	t.Helper()
	var users []map[string]any
	mustOK(t, call(t, "GET", "/v2/users", key, nil)).decode(t, &users)
	for _, u := range users {
		if u["email"] == email {
			return u
		}
	}
	return nil
}

// refusedSignIns waits for n refused sign-ins in the account's audit log.
func refusedSignIns(t *testing.T, key string, n int) []auditEntry {
	t.Helper()
	var refused []auditEntry
	deadline := time.Now().Add(30 * time.Second)
	for len(refused) < n && time.Now().Before(deadline) {
		refused = nil
		for _, e := range auditLog(t, key) {
			if e.EntityType == "identity_providers" && e.ActionType == "sign_in" {
				refused = append(refused, e)
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
	require.Len(t, refused, n)
	return refused
}

func TestSSOSignInMakesAUserWithTheDefaultRole(t *testing.T) {
	domainUser := func(domain string) opUser {
		return opUser{ID: "alice", Username: "alice", Password: "verysecure", FirstName: "Alice", LastName: "Doe",
			Email: "Alice@" + domain, EmailVerified: true}
	}
	// The OP's users are fixed at its start; the tenant's domain is random.
	domain := uniqueWord(t, "sso") + ".example.com"
	op := startOP(t, domainUser(domain))
	tn := newSSOTenant(t, op, domain, "uploader")
	email := "alice@" + domain

	b := newBrowser(t)
	landed := b.signIn(t, email, "alice", "verysecure")
	require.Equal(t, http.StatusOK, landed.status, landed.body)
	assert.Equal(t, "/sso/callback", landed.url.Path)
	assert.Contains(t, landed.body, "You are signed in as "+email+" (uploader).")
	var session *http.Cookie
	for _, c := range (&http.Response{Header: landed.header}).Cookies() {
		if c.Name == sessionCookie {
			session = c
		}
	}
	require.NotNil(t, session, "the sign-in ends in the session cookie a password sign-in sets")
	assert.True(t, session.HttpOnly)

	u := userByEmail(t, tn.key, email)
	require.NotNil(t, u, "the sign-in made the user")
	// The cookie is a live session of that user, made by single sign-on.
	var current map[string]any
	mustOK(t, withCookie(t, session.Value).do(t, "GET", "/v2/session", nil)).decode(t, &current)
	assert.Equal(t, u["id"], current["user_id"])
	assert.Equal(t, "sso", current["method"])
	assert.Equal(t, "uploader", current["role"])
	assert.Equal(t, "uploader", u["role"], "the provider's default role")
	assert.Equal(t, "sso", u["authentication"])
	assert.Equal(t, true, u["verified_email"])
	assert.Equal(t, "Alice Doe", u["name"])

	// A second sign-in finds the same user.
	again := newBrowser(t).signIn(t, email, "alice", "verysecure")
	require.Equal(t, http.StatusOK, again.status, again.body)
	var users []map[string]any
	mustOK(t, call(t, "GET", "/v2/users", tn.key, nil)).decode(t, &users)
	assert.Len(t, users, 2, "the owner and the one SSO user")

	// Audited: the user made, and each sign-in.
	deadline := time.Now().Add(30 * time.Second)
	var actions []string
	for len(actions) < 3 && time.Now().Before(deadline) {
		actions = nil
		for _, e := range auditLog(t, tn.key) {
			if e.EntityType == "users" && e.EntityID == u["id"] {
				actions = append(actions, e.ActionType)
				assert.Equal(t, "user", e.ActorType)
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
	slices.Sort(actions)
	assert.Equal(t, []string{"create", "sign_in", "sign_in"}, actions)
}

func TestSSORefusesBadCallbacks(t *testing.T) {
	domain := uniqueWord(t, "sso") + ".example.com"
	op := startOP(t,
		opUser{ID: "bob", Username: "bob", Password: "verysecure", Email: "bob@" + domain, EmailVerified: true},
		opUser{ID: "eve", Username: "eve", Password: "verysecure", Email: "eve@elsewhere.example.org", EmailVerified: true},
		opUser{ID: "uv", Username: "unverified", Password: "verysecure", Email: "uv@" + domain, EmailVerified: false},
	)
	tn := newSSOTenant(t, op, domain, "viewer")
	usersBefore := mustOK(t, call(t, "GET", "/v2/users", tn.key, nil)).Body.Result

	t.Run("a state that is not this browser's", func(t *testing.T) {
		b := newBrowser(t)
		b.stopCallback = true
		redirect := b.signIn(t, "bob@"+domain, "bob", "verysecure")
		require.Equal(t, http.StatusFound, redirect.status, redirect.body)
		callback, err := url.Parse(redirect.header.Get("Location"))
		require.NoError(t, err)
		q := callback.Query()
		require.NotEmpty(t, q.Get("code"))
		q.Set("state", q.Get("state")+"x")
		callback.RawQuery = q.Encode()
		got := b.get(t, callback.String())
		assert.Equal(t, http.StatusForbidden, got.status)
		assert.Contains(t, got.body, "does not belong to this browser&#39;s sign-in (state)")
	})
	t.Run("no flow cookie", func(t *testing.T) {
		got := newBrowser(t).get(t, suiteOf(t).URL+"/sso/callback?code=x&state=y")
		assert.Equal(t, http.StatusForbidden, got.status)
		assert.Contains(t, got.body, "this sign-in is invalid or has expired: start again")
	})
	t.Run("an email outside the allowed domains", func(t *testing.T) {
		got := newBrowser(t).signIn(t, "bob@"+domain, "eve", "verysecure")
		assert.Equal(t, http.StatusForbidden, got.status)
		assert.Contains(t, got.body, "domain is not one the identity provider allows")
	})
	t.Run("an unverified email", func(t *testing.T) {
		got := newBrowser(t).signIn(t, "uv@"+domain, "unverified", "verysecure")
		assert.Equal(t, http.StatusForbidden, got.status)
		assert.Contains(t, got.body, "has not verified this email address")
	})
	t.Run("a domain with no provider", func(t *testing.T) {
		got := newBrowser(t).startSSO(t, suiteOf(t).URL, url.Values{"email": {"someone@" + uniqueWord(t, "none") + ".example.com"}})
		assert.Equal(t, http.StatusConflict, got.status)
		assert.Contains(t, got.body, "no single sign-on is set up for")
	})

	refused := refusedSignIns(t, tn.key, 3) // the cookie-less callback names no account
	var reasons []string
	for _, e := range refused {
		assert.Equal(t, "user", e.ActorType)
		var data map[string]any
		require.NoError(t, json.Unmarshal([]byte(e.ActionData), &data))
		assert.Equal(t, "refused", data["result"])
		reasons = append(reasons, data["reason"].(string))
	}
	assert.ElementsMatch(t, []string{
		"the identity provider's answer does not belong to this browser's sign-in (state): start again",
		"this email address's domain is not one the identity provider allows",
		"the identity provider has not verified this email address",
	}, reasons)
	assert.JSONEq(t, string(usersBefore), string(mustOK(t, call(t, "GET", "/v2/users", tn.key, nil)).Body.Result), "nobody was made")
}

func TestSSORefusesAProviderWhoseIssuerDiffers(t *testing.T) {
	domain := uniqueWord(t, "sso") + ".example.com"
	op := startOP(t, opUser{ID: "carol", Username: "carol", Password: "verysecure", Email: "carol@" + domain, EmailVerified: true})
	tn := createTenant(t, "SSO issuer", "enterprise")
	// The same OP by another name: its discovery document names 127.0.0.1.
	wrongIssuer := strings.Replace(op.issuer, "127.0.0.1", "localhost", 1)
	wrong := op
	wrong.issuer = wrongIssuer
	verifyDomain(t, tn.key, createProvider(t, tn.key, wrong, []string{domain}, "viewer"), domain)
	got := newBrowser(t).startSSO(t, suiteOf(t).URL, url.Values{"email": {"carol@" + domain}})
	assert.Equal(t, http.StatusForbidden, got.status)
	assert.Contains(t, got.body, "its issuer does not match issuer_url")
	refusedSignIns(t, tn.key, 1)
	assert.Nil(t, userByEmail(t, tn.key, "carol@"+domain))
}

func TestSSORefusesAPasswordUsersEmail(t *testing.T) {
	domain := uniqueWord(t, "sso") + ".example.com"
	ownerEmail := "owner@" + domain
	op := startOP(t, opUser{ID: "owner", Username: "owner", Password: "verysecure", Email: ownerEmail, EmailVerified: true})
	code, out := admin(t, "accounts", "create", "--name", "SSO owner", "--owner-email", ownerEmail, "--plan", "enterprise")
	require.Equal(t, 0, code, out)
	key := out["api_key"].(string)
	verifyDomain(t, key, createProvider(t, key, op, []string{domain}, "admin"), domain)
	got := newBrowser(t).signIn(t, ownerEmail, "owner", "verysecure")
	assert.Equal(t, http.StatusForbidden, got.status)
	assert.Contains(t, got.body, "this email address signs in with a password, not single sign-on")
	assert.Equal(t, "password", userByEmail(t, key, ownerEmail)["authentication"], "unchanged")
	refusedSignIns(t, key, 1)
}

func TestIdentityProvidersThroughTheGateway(t *testing.T) {
	tn := createTenant(t, "IdP CRUD", "enterprise")
	domain := uniqueWord(t, "crud") + ".example.com"
	body := idpBody(domain)
	created := mustOK(t, call(t, "POST", "/v2/identity_providers", tn.key, body))
	assert.NotContains(t, created.Raw, body["client_secret"])
	var idp map[string]any
	created.decode(t, &idp)
	id := idp["id"].(string)
	assert.Equal(t, []any{domain}, idp["allowed_domains"])
	assert.Equal(t, true, idp["enabled"])
	assert.Equal(t, "viewer", idp["default_role"])

	patched := mustOK(t, call(t, "PATCH", "/v2/identity_providers/"+id, tn.key, map[string]any{"client_secret": "new-secret", "enabled": false}))
	patched.decode(t, &idp)
	assert.Equal(t, false, idp["enabled"])
	assert.NotContains(t, patched.Raw, "new-secret")
	mustOK(t, call(t, "GET", "/v2/identity_providers/"+id, tn.key, nil))

	for _, tc := range []struct {
		body map[string]any
		want string
	}{
		{map[string]any{"issuer_url": "http://idp.example.com"}, "issuer_url must be an https URL without a query or fragment"},
		{map[string]any{"default_role": "owner"}, "default_role must be one of viewer, uploader, admin"},
		{map[string]any{"allowed_domains": []string{"not a domain"}}, "allowed_domains must contain only domain names such as example.com"},
		{map[string]any{"name": ""}, "name must be 1-100 characters"},
	} {
		mustFail(t, call(t, "PATCH", "/v2/identity_providers/"+id, tn.key, tc.body), http.StatusBadRequest, tc.want)
	}
	other := createTenant(t, "IdP CRUD other", "enterprise")
	mustOK(t, call(t, "POST", "/v2/identity_providers", other.key, idpBody(domain))) // pending: blocks nobody
	mustFail(t, call(t, "POST", "/v2/identity_providers", tn.key, map[string]any{"name": "x"}), http.StatusBadRequest, "")

	// Audited, secret redacted.
	deadline := time.Now().Add(30 * time.Second)
	var entries []auditEntry
	for len(entries) < 2 && time.Now().Before(deadline) {
		entries = nil
		for _, e := range auditLog(t, tn.key) {
			if e.EntityType == "identity_providers" && e.EntityID == id {
				entries = append(entries, e)
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
	require.Len(t, entries, 2)
	for _, e := range entries {
		assert.NotContains(t, e.ActionData, body["client_secret"])
		assert.NotContains(t, e.ActionData, "new-secret")
	}
	mustOK(t, call(t, "DELETE", "/v2/identity_providers/"+id, tn.key, nil))
	mustFail(t, call(t, "GET", "/v2/identity_providers/"+id, tn.key, nil), http.StatusNotFound, "Not found")
}
