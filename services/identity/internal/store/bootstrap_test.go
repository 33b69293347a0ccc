package store_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/ids"
	"github.com/vidhost/vidhost/pkg/pgtest"
	"github.com/vidhost/vidhost/pkg/roles"
	"github.com/vidhost/vidhost/services/identity/internal/bootstrap"
	"github.com/vidhost/vidhost/services/identity/internal/keys"
	"github.com/vidhost/vidhost/services/identity/internal/store"
	"github.com/vidhost/vidhost/services/identity/migrations"
)

func plan(email string) bootstrap.Plan {
	now := time.Now().UTC().Truncate(time.Microsecond)
	p := bootstrap.Plan{AccountID: ids.New(), UserID: ids.New(), Email: email, PasswordHash: "x", Time: now}
	_, hash := keys.NewValue()
	p.Key = keys.Key{ID: ids.New(), Name: "bootstrap", Permissions: []string{}, IPs: []string{}, Role: roles.Owner, CreatedTime: now, UpdatedTime: now}
	p.KeyHash = hash
	return p
}

// bootstrapWith runs the store's Bootstrap with the domain's first key.
func bootstrapWith(t *testing.T, st *store.Store, p bootstrap.Plan) (bootstrap.Existing, bool, error) {
	return st.Bootstrap(t.Context(), p, func(tx keys.Tx) error { return p.InsertFirstKey(t.Context(), tx) })
}

// A second Bootstrap, even one that skipped the Bootstrapped check (as a
// replica racing the first would), changes nothing and names the first
// owner.
func TestBootstrapClaimsOnce(t *testing.T) {
	db := pgtest.Schema(t)
	db.Migrate(t, migrations.FS)
	pool := db.Pool(t)
	st := store.New(pool)

	_, ok, err := st.Bootstrapped(t.Context())
	require.NoError(t, err)
	assert.False(t, ok)

	first := plan("first@example.com")
	existing, created, err := bootstrapWith(t, st, first)
	require.NoError(t, err)
	assert.True(t, created)
	assert.Equal(t, bootstrap.Existing{AccountID: first.AccountID, UserID: first.UserID, Email: "first@example.com"}, existing)

	existing, created, err = bootstrapWith(t, st, plan("second@example.com"))
	require.NoError(t, err)
	assert.False(t, created)
	assert.Equal(t, first.AccountID, existing.AccountID)
	assert.Equal(t, "first@example.com", existing.Email)

	var accounts, users, apiKeys, events int
	require.NoError(t, pool.QueryRow(t.Context(), `SELECT (SELECT count(*) FROM accounts), (SELECT count(*) FROM users),
		(SELECT count(*) FROM api_keys), (SELECT count(*) FROM outbox)`).Scan(&accounts, &users, &apiKeys, &events))
	// The outbox holds key.created and the key's audit entry.
	assert.Equal(t, []int{1, 1, 1, 2}, []int{accounts, users, apiKeys, events}, "the loser's rows were rolled back")
}
