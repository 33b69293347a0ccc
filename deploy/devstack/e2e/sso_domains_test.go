package e2e

import (
	"net/http"
	"net/url"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Issue 26 #4, domain squatting: an admin of one tenant claimed another
// tenant's email domain (or gmail.com) first; the real owner was then
// refused its own domain, and the domain's people were routed to the
// squatter's provider. Now a domain counts only once verified through a
// DNS TXT record (the suite's DNS server), public mail domains are refused,
// and an unverified claim neither routes nor blocks. About 3 s.
func TestSSODomainSquattingAchievesNothing(t *testing.T) {
	victimDomain := uniqueWord(t, "victim") + ".example.com"
	squatterDomain := uniqueWord(t, "squatter") + ".example.com"
	victimOP := startOP(t, opUser{ID: "alice", Username: "alice", Password: "verysecure", Email: "alice@" + victimDomain, EmailVerified: true})
	// The squatter's own OP vouches for an address of the victim's domain.
	squatterOP := startOP(t, opUser{ID: "fake", Username: "fake", Password: "verysecure", Email: "alice@" + victimDomain, EmailVerified: true})
	squatter := createTenant(t, "Squatter", "enterprise")
	victim := createTenant(t, "Victim", "enterprise")

	mustFail(t, call(t, "POST", "/v2/identity_providers", squatter.key, idpBody("gmail.com")), http.StatusBadRequest,
		"allowed_domains must not contain public mail domains such as gmail.com")
	squat := createProvider(t, squatter.key, squatterOP, []string{squatterDomain, victimDomain}, "admin")
	verifyDomain(t, squatter.key, squat, squatterDomain) // its own domain: fine
	claim := domainsOf(t, squatter.key, squat)[victimDomain]
	assert.Equal(t, "pending", claim.Status)
	mustFail(t, call(t, "POST", "/v2/identity_providers/"+squat+"/verify", squatter.key, map[string]any{"domain": victimDomain}),
		http.StatusBadRequest, "domain must have a DNS TXT record _vidhost-verify."+victimDomain+" holding "+claim.TxtRecordValue)

	t.Run("an unverified claim routes nothing", func(t *testing.T) {
		got := newBrowser(t).startSSO(t, suiteOf(t).URL, url.Values{"email": {"alice@" + victimDomain}})
		assert.Equal(t, http.StatusConflict, got.status)
		assert.Contains(t, got.body, "no single sign-on is set up for "+victimDomain)
	})
	t.Run("a provider's word on a domain it did not verify makes nobody", func(t *testing.T) {
		got := newBrowser(t).signIn(t, "anyone@"+squatterDomain, "fake", "verysecure")
		assert.Equal(t, http.StatusForbidden, got.status)
		assert.Contains(t, got.body, "domain is not one the identity provider allows")
		assert.Nil(t, userByEmail(t, squatter.key, "alice@"+victimDomain))
	})

	// The real owner is not blocked: it claims and verifies its domain,
	// and its people sign in to it.
	owned := createProvider(t, victim.key, victimOP, []string{victimDomain}, "viewer")
	verifyDomain(t, victim.key, owned, victimDomain)
	landed := newBrowser(t).signIn(t, "alice@"+victimDomain, "alice", "verysecure")
	require.Equal(t, http.StatusOK, landed.status, landed.body)
	assert.Contains(t, landed.body, "You are signed in as alice@"+victimDomain+" (viewer).")
	assert.NotNil(t, userByEmail(t, victim.key, "alice@"+victimDomain))

	// The squatter's token published as well: the domain is taken.
	dnsServer.SetTXT("_vidhost-verify."+victimDomain, domainsOf(t, victim.key, owned)[victimDomain].TxtRecordValue, claim.TxtRecordValue)
	mustFail(t, call(t, "POST", "/v2/identity_providers/"+squat+"/verify", squatter.key, map[string]any{"domain": victimDomain}),
		http.StatusConflict, "domain "+victimDomain+" is already verified by another identity provider")
}

// The operator verifies a domain by hand when the organisation cannot
// publish the record.
func TestAdminVerifiesADomainByHand(t *testing.T) {
	domain := uniqueWord(t, "byhand") + ".example.com"
	tn := createTenant(t, "By hand", "enterprise")
	id := createProvider(t, tn.key, openIDProvider{issuer: "https://idp.example.com", clientID: "c", clientSecret: "s"}, []string{domain}, "viewer")
	code, out := admin(t, "domains", "verify", tn.id, id, domain)
	require.Equal(t, 0, code, out)
	assert.Equal(t, domain, out["domain"])
	assert.NotEmpty(t, out["verified_time"])
	assert.Equal(t, "verified", domainsOf(t, tn.key, id)[domain].Status)
	code, _ = admin(t, "domains", "verify", tn.id, id, "other"+domain)
	assert.Equal(t, 1, code, "not one of the provider's domains")
}
