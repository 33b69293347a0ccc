package store_test

import (
	"log/slog"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/dnstest"
	"github.com/vidhost/vidhost/pkg/pgtest"
	"github.com/vidhost/vidhost/pkg/principal"
	"github.com/vidhost/vidhost/pkg/secrets"
	"github.com/vidhost/vidhost/services/identity/internal/sso"
	"github.com/vidhost/vidhost/services/identity/internal/store"
	"github.com/vidhost/vidhost/services/identity/migrations"
)

// Issue 26 #4, domain squatting: any admin could claim any domain first
// (another tenant's, gmail.com), refusing the real owner its own domain.
// A domain now counts only once its DNS TXT record, checked through a real
// DNS server, holds the claim's token.
func TestDomainsCountOnlyOnceVerifiedThroughDNS(t *testing.T) {
	db := pgtest.Schema(t)
	db.Migrate(t, migrations.FS)
	pool := db.Pool(t)
	st := store.New(pool)
	a, b := plan("owner@a.example"), plan("owner@b.example")
	_, _, err := bootstrapWith(t, st, a)
	require.NoError(t, err)
	_, err = pool.Exec(t.Context(), `INSERT INTO accounts (id, name) VALUES ($1, 'B')`, b.AccountID)
	require.NoError(t, err)
	dns, err := dnstest.Start()
	require.NoError(t, err)
	t.Cleanup(func() { _ = dns.Close() })
	svc := sso.NewService(st.SSO(), sso.Options{Root: secrets.MustRoot("0123456789abcdef0123456789abcdef"),
		PublicURL: "http://127.0.0.1:8080", Logger: slog.New(slog.DiscardHandler), Resolver: sso.NewResolver(dns.Addr)})
	pa := principal.Principal{AccountID: a.AccountID, ActorID: "key-a"}
	pb := principal.Principal{AccountID: b.AccountID, ActorID: "key-b"}

	// The squatter (B) claims A's domain first: it is pending, routes
	// nothing, and A can still claim it.
	squat, err := svc.Create(t.Context(), pb, providerInput("victim.example"))
	require.NoError(t, err)
	require.Len(t, squat.Domains, 1)
	assert.Equal(t, sso.DomainPending, squat.Domains[0].Status())
	assert.Equal(t, "_vidhost-verify.victim.example", squat.Domains[0].RecordName())
	_, err = st.SSO().ProviderByDomain(t.Context(), "victim.example")
	assert.ErrorIs(t, err, apperr.ErrNotFound, "an unverified claim routes nothing")
	owned, err := svc.Create(t.Context(), pa, providerInput("victim.example"))
	require.NoError(t, err, "an unverified claim blocks nobody")
	assert.NotEqual(t, squat.Domains[0].Token, owned.Domains[0].Token, "each claim has its own token")

	// Without the record, nobody verifies.
	_, err = svc.VerifyDomain(t.Context(), pb, squat.ID, "victim.example")
	requireInvalid(t, err, "domain", "must have a DNS TXT record _vidhost-verify.victim.example holding "+squat.Domains[0].RecordValue())

	// A publishes its token: A verifies, and the domain is A's.
	dns.SetTXT(owned.Domains[0].RecordName(), "unrelated", owned.Domains[0].RecordValue())
	_, err = svc.VerifyDomain(t.Context(), pb, squat.ID, "victim.example")
	requireInvalid(t, err, "domain", "must have a DNS TXT record", "A's record does not verify B's claim")
	verified, err := svc.VerifyDomain(t.Context(), pa, owned.ID, "Victim.Example")
	require.NoError(t, err)
	assert.Equal(t, sso.DomainVerified, verified.Domains[0].Status())
	found, err := st.SSO().ProviderByDomain(t.Context(), "victim.example")
	require.NoError(t, err)
	assert.Equal(t, owned.ID, found.ID)

	// The squatter's token published too (say, an old record): the domain
	// is already verified by A, so B gets a conflict, not the domain.
	dns.SetTXT(owned.Domains[0].RecordName(), owned.Domains[0].RecordValue(), squat.Domains[0].RecordValue())
	_, err = svc.VerifyDomain(t.Context(), pb, squat.ID, "victim.example")
	var conflict *apperr.Conflict
	require.ErrorAs(t, err, &conflict)
	assert.Equal(t, "domain victim.example is already verified by another identity provider", conflict.Reason)

	// Changing the provider's other fields or adding a domain keeps the
	// verification; a domain not the provider's cannot be verified.
	kept, err := svc.Update(t.Context(), pa, owned.ID, sso.Input{AllowedDomains: &[]string{"victim.example", "more.example"}})
	require.NoError(t, err)
	require.Len(t, kept.Domains, 2)
	assert.Equal(t, []string{sso.DomainPending, sso.DomainVerified}, []string{kept.Domains[0].Status(), kept.Domains[1].Status()}, "more.example, victim.example")
	_, err = svc.VerifyDomain(t.Context(), pa, owned.ID, "elsewhere.example")
	requireInvalid(t, err, "domain", "must be one of the identity provider's allowed_domains")
	_, err = svc.VerifyDomain(t.Context(), pb, owned.ID, "victim.example")
	assert.ErrorIs(t, err, apperr.ErrNotFound, "B cannot verify A's provider")

	// Public mail domains are refused outright.
	_, err = svc.Create(t.Context(), pb, providerInput("gmail.com"))
	requireInvalid(t, err, "allowed_domains", "must not contain public mail domains such as gmail.com")
	_, err = svc.Update(t.Context(), pb, squat.ID, sso.Input{AllowedDomains: &[]string{"Outlook.com"}})
	requireInvalid(t, err, "allowed_domains", "must not contain public mail domains such as outlook.com")
}

// requireInvalid asserts err is an invalid field whose rule starts with rule.
func requireInvalid(t *testing.T, err error, field, rule string, msgAndArgs ...any) {
	t.Helper()
	var invalid *apperr.Invalid
	require.ErrorAs(t, err, &invalid, msgAndArgs...)
	assert.Equal(t, field, invalid.Field, msgAndArgs...)
	assert.Contains(t, invalid.Rule, rule, msgAndArgs...)
}
