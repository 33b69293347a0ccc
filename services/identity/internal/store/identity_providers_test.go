package store_test

import (
	"bytes"
	"log/slog"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/page"
	"github.com/vidhost/vidhost/pkg/pgtest"
	"github.com/vidhost/vidhost/pkg/principal"
	"github.com/vidhost/vidhost/pkg/secrets"
	"github.com/vidhost/vidhost/services/identity/internal/sso"
	"github.com/vidhost/vidhost/services/identity/internal/store"
	"github.com/vidhost/vidhost/services/identity/migrations"
)

func ptr[T any](v T) *T { return &v }

func providerInput(domains ...string) sso.Input {
	return sso.Input{Name: ptr("Okta"), IssuerURL: ptr("https://login.example.com/"), ClientID: ptr("vidhost"),
		ClientSecret: ptr("the-client-secret"), AllowedDomains: &domains, DefaultRole: ptr("viewer")}
}

// Providers keep their secret sealed, a verified domain unique across
// accounts, and each account's rows to itself.
func TestIdentityProvidersStore(t *testing.T) {
	db := pgtest.Schema(t)
	db.Migrate(t, migrations.FS)
	pool := db.Pool(t)
	st := store.New(pool)
	a, b := plan("a@example.com"), plan("b@example.com")
	_, _, err := bootstrapWith(t, st, a)
	require.NoError(t, err)
	_, err = pool.Exec(t.Context(), `INSERT INTO accounts (id, name) VALUES ($1, 'B')`, b.AccountID)
	require.NoError(t, err)
	svc := sso.NewService(st.SSO(), sso.Options{Root: secrets.MustRoot("0123456789abcdef0123456789abcdef"),
		PublicURL: "http://127.0.0.1:8080", Logger: slog.New(slog.DiscardHandler)})
	pa := principal.Principal{AccountID: a.AccountID, ActorID: "key-a"}
	pb := principal.Principal{AccountID: b.AccountID, ActorID: "key-b"}

	created, err := svc.Create(t.Context(), pa, providerInput("Example.com"))
	require.NoError(t, err)
	var sealed []byte
	require.NoError(t, pool.QueryRow(t.Context(), `SELECT client_secret_sealed FROM identity_providers WHERE id = $1`, created.ID).Scan(&sealed))
	assert.False(t, bytes.Contains(sealed, []byte("the-client-secret")), "sealed at rest")

	_, err = st.SSO().ProviderByDomain(t.Context(), "example.com")
	assert.ErrorIs(t, err, apperr.ErrNotFound, "a pending domain routes nothing")
	_, err = svc.VerifyDomainByOperator(t.Context(), a.AccountID, created.ID, "example.com")
	require.NoError(t, err)
	found, err := st.SSO().ProviderByDomain(t.Context(), "example.com")
	require.NoError(t, err)
	assert.Equal(t, created.ID, found.ID)

	other, err := svc.Create(t.Context(), pb, providerInput("example.com"))
	require.NoError(t, err, "another account's claim blocks nobody")
	assert.Equal(t, sso.DomainPending, other.Domains[0].Status())

	_, err = svc.Get(t.Context(), pb, created.ID)
	assert.ErrorIs(t, err, apperr.ErrNotFound, "B cannot see A's provider")
	items, _, err := svc.List(t.Context(), pb, page.Request{Limit: 25})
	require.NoError(t, err)
	require.Len(t, items, 1)
	assert.Equal(t, other.ID, items[0].ID, "B lists only its own")
	assert.ErrorIs(t, svc.Delete(t.Context(), pb, created.ID), apperr.ErrNotFound)

	// Moving A's provider to another domain frees the first.
	_, err = svc.Update(t.Context(), pa, created.ID, sso.Input{AllowedDomains: &[]string{"corp.example.org"}})
	require.NoError(t, err)
	_, err = st.SSO().ProviderByDomain(t.Context(), "example.com")
	assert.ErrorIs(t, err, apperr.ErrNotFound)
	_, err = svc.VerifyDomainByOperator(t.Context(), b.AccountID, other.ID, "example.com")
	require.NoError(t, err)

	require.NoError(t, svc.Delete(t.Context(), pa, created.ID))
	_, err = st.SSO().ProviderByDomain(t.Context(), "corp.example.org")
	assert.ErrorIs(t, err, apperr.ErrNotFound, "deleting frees its domains")

	var entries int
	require.NoError(t, pool.QueryRow(t.Context(), `SELECT count(*) FROM outbox WHERE subject LIKE 'audit.identity_providers.%'`).Scan(&entries))
	assert.Equal(t, 6, entries, "A's create, verify, update, delete and B's create and verify")
	var leaked int
	require.NoError(t, pool.QueryRow(t.Context(), `SELECT count(*) FROM outbox WHERE convert_from(payload, 'UTF8') LIKE '%the-client-secret%'`).Scan(&leaked))
	assert.Zero(t, leaked, "never in an event or audit entry")
}
