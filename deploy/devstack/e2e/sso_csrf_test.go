package e2e

import (
	"net/http"
	"net/url"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Issue 26 #4, login CSRF: /sso/start?email=… started a sign-in on a plain
// GET, so another site could send a signed-in victim there and replace the
// victim's session with the attacker's account. A sign-in now starts only
// with a POST from this site's /sso form (Origin), and a signed-in browser
// must tick a box before its session is replaced. About 2 s.

// ssoTenant is an account with a provider for a verified domain of the
// test OP's users.
type ssoTenant struct {
	tenant
	domain     string
	providerID string
}

// newSSOTenant makes an account whose provider signs in users of a fresh
// domain, verified through the suite's DNS server.
func newSSOTenant(t *testing.T, op openIDProvider, domain, role string) ssoTenant {
	t.Helper()
	tn := createTenant(t, "SSO "+domain, "enterprise")
	id := createProvider(t, tn.key, op, []string{domain}, role)
	verifyDomain(t, tn.key, id, domain)
	return ssoTenant{tenant: tn, domain: domain, providerID: id}
}

// createProvider adds op as the account's provider for domains.
func createProvider(t *testing.T, key string, op openIDProvider, domains []string, role string) string {
	t.Helper()
	var idp struct {
		ID string `json:"id"`
	}
	mustOK(t, call(t, "POST", "/v2/identity_providers", key, map[string]any{
		"name": "Test OP", "issuer_url": op.issuer, "client_id": op.clientID, "client_secret": op.clientSecret,
		"allowed_domains": domains, "default_role": role,
	})).decode(t, &idp)
	return idp.ID
}

// providerDomain is one domain of a provider as the API shows it.
type providerDomain struct {
	Domain         string `json:"domain"`
	Status         string `json:"status"`
	VerifiedTime   string `json:"verified_time"`
	TxtRecordName  string `json:"txt_record_name"`
	TxtRecordValue string `json:"txt_record_value"`
}

// domainsOf reads the provider's domains.
func domainsOf(t *testing.T, key, providerID string) map[string]providerDomain {
	t.Helper()
	var idp struct {
		Domains []providerDomain `json:"domains"`
	}
	mustOK(t, call(t, "GET", "/v2/identity_providers/"+providerID, key, nil)).decode(t, &idp)
	out := map[string]providerDomain{}
	for _, d := range idp.Domains {
		out[d.Domain] = d
	}
	return out
}

// verifyDomain publishes the claim's TXT record on the suite's DNS server
// and verifies the domain through the API.
func verifyDomain(t *testing.T, key, providerID, domain string) {
	t.Helper()
	claim := domainsOf(t, key, providerID)[domain]
	require.Equal(t, "_vidhost-verify."+domain, claim.TxtRecordName)
	dnsServer.SetTXT(claim.TxtRecordName, claim.TxtRecordValue)
	var idp struct {
		Domains []providerDomain `json:"domains"`
	}
	mustOK(t, call(t, "POST", "/v2/identity_providers/"+providerID+"/verify", key, map[string]any{"domain": domain})).decode(t, &idp)
	require.Equal(t, "verified", domainsOf(t, key, providerID)[domain].Status)
}

func TestSSOStartsOnlyFromThisSitesForm(t *testing.T) {
	domain := uniqueWord(t, "csrf") + ".example.com"
	op := startOP(t, opUser{ID: "mallory", Username: "mallory", Password: "verysecure", Email: "mallory@" + domain, EmailVerified: true})
	newSSOTenant(t, op, domain, "viewer")
	email := "mallory@" + domain

	t.Run("a plain GET starts nothing", func(t *testing.T) {
		got := newBrowser(t).get(t, suiteOf(t).URL+"/sso/start?email="+url.QueryEscape(email))
		assert.Equal(t, http.StatusMethodNotAllowed, got.status)
		assert.Equal(t, suiteOf(t).URL+"/sso/start", got.url.Scheme+"://"+got.url.Host+got.url.Path, "never sent to the OP")
		assert.Contains(t, got.body, "single sign-on starts from the form at /sso")
	})
	t.Run("another site's form is refused", func(t *testing.T) {
		got := newBrowser(t).startSSO(t, "https://attacker.example", url.Values{"email": {email}})
		assert.Equal(t, http.StatusForbidden, got.status)
		assert.Contains(t, got.body, "comes from another origin (https://attacker.example) and cannot start a sign-in")
	})
	t.Run("a request naming no origin is refused", func(t *testing.T) {
		got := newBrowser(t).startSSO(t, "", url.Values{"email": {email}})
		assert.Equal(t, http.StatusForbidden, got.status)
		assert.Contains(t, got.body, "the request names no origin")
	})
	t.Run("this site's form goes to the OP", func(t *testing.T) {
		got := newBrowser(t).startSSO(t, suiteOf(t).URL, url.Values{"email": {email}})
		require.Equal(t, http.StatusOK, got.status, got.body)
		assert.Contains(t, got.body, `name="password"`, "the OP's login form")
	})
}

func TestSSOAsksBeforeReplacingASession(t *testing.T) {
	domain := uniqueWord(t, "replace") + ".example.com"
	op := startOP(t,
		opUser{ID: "victim", Username: "victim", Password: "verysecure", Email: "victim@" + domain, EmailVerified: true},
		opUser{ID: "other", Username: "other", Password: "verysecure", Email: "other@" + domain, EmailVerified: true})
	newSSOTenant(t, op, domain, "viewer")
	b := newBrowser(t)
	landed := b.signIn(t, "victim@"+domain, "victim", "verysecure")
	require.Equal(t, http.StatusOK, landed.status, landed.body)
	before := b.sessionCookie(t)
	require.NotEmpty(t, before)

	form := b.get(t, suiteOf(t).URL+"/sso")
	assert.Contains(t, form.body, "You are signed in as victim@"+domain+". Continue as another account?")

	asked := b.startSSO(t, suiteOf(t).URL, url.Values{"email": {"other@" + domain}})
	assert.Equal(t, http.StatusConflict, asked.status)
	assert.Equal(t, "/sso/start", asked.url.Path, "not sent to the OP")
	assert.Contains(t, asked.body, "Nothing changed: tick the box to continue as another account")
	assert.Equal(t, before, b.sessionCookie(t), "the session is the same")
	var current map[string]any
	mustOK(t, withCookie(t, before).do(t, "GET", "/v2/session", nil)).decode(t, &current)
	assert.Equal(t, "victim@"+domain, current["email"])

	confirmed := b.startSSO(t, suiteOf(t).URL, url.Values{"email": {"other@" + domain}, "replace_session": {"yes"}})
	require.Equal(t, http.StatusOK, confirmed.status, confirmed.body)
	assert.Contains(t, confirmed.body, `name="password"`, "ticked: on to the OP")
}

// sessionCookie is the suite's session cookie in the jar, "" when none.
func (b *browser) sessionCookie(t *testing.T) string {
	t.Helper()
	u, err := url.Parse(suiteOf(t).URL)
	require.NoError(t, err)
	for _, c := range b.client.Jar.Cookies(u) {
		if c.Name == sessionCookie {
			return c.Value
		}
	}
	return ""
}
