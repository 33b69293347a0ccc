package store_test

import (
	"crypto/rand"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/ids"
	"github.com/vidhost/vidhost/pkg/pgtest"
	"github.com/vidhost/vidhost/pkg/plans"
	"github.com/vidhost/vidhost/pkg/principal"
	"github.com/vidhost/vidhost/services/identity/internal/accounts"
	"github.com/vidhost/vidhost/services/identity/internal/store"
	"github.com/vidhost/vidhost/services/identity/migrations"
)

// GET /v2/account counts the seats the invite check counts: users, and
// pending invites that would add one (not expired, accepted or completing
// an existing user), of the caller's account only; the limits are the
// plan's row.
func TestAccountSummary(t *testing.T) {
	db := pgtest.Schema(t)
	db.Migrate(t, migrations.FS)
	pool := db.Pool(t)
	st := store.New(pool)
	a := plan("owner@a.example")
	_, _, err := bootstrapWith(t, st, a)
	require.NoError(t, err)
	b := ids.New()
	_, err = pool.Exec(t.Context(), `INSERT INTO accounts (id, name, plan) VALUES ($1, 'B', 'pro')`, b)
	require.NoError(t, err)
	invite := func(account, email string, expires time.Time, accepted bool) {
		hash := make([]byte, 32)
		_, _ = rand.Read(hash)
		var acceptedTime *time.Time
		if accepted {
			acceptedTime = &expires
		}
		_, err := pool.Exec(t.Context(), `INSERT INTO invites (id, account_id, email, role, token_hash, expires_time, accepted_time)
			VALUES ($1, $2, $3, 'viewer', $4, $5, $6)`, ids.New(), account, email, hash, expires, acceptedTime)
		require.NoError(t, err)
	}
	now := time.Now()
	invite(a.AccountID, "pending@a.example", now.Add(time.Hour), false)
	invite(a.AccountID, "expired@a.example", now.Add(-time.Hour), false)
	invite(a.AccountID, "accepted@a.example", now.Add(time.Hour), true)
	invite(b, "pending@b.example", now.Add(time.Hour), false)
	invite(b, "other@b.example", now.Add(time.Hour), false)

	summaries := accounts.NewSummaries(st)
	got, err := summaries.Get(t.Context(), principal.Principal{AccountID: a.AccountID, Plan: plans.Free})
	require.NoError(t, err)
	assert.Equal(t, a.AccountID, got.ID)
	assert.Equal(t, plans.Enterprise, got.Plan, "the account's row, not the principal's plan")
	enterprise, _ := plans.Lookup(plans.Enterprise)
	assert.Equal(t, enterprise, got.Limits)
	assert.Equal(t, 1, got.Users, "the bootstrap owner")
	assert.Equal(t, 1, got.PendingInvites, "neither the expired nor the accepted invite")

	got, err = summaries.Get(t.Context(), principal.Principal{AccountID: b})
	require.NoError(t, err)
	assert.Equal(t, "B", got.Name)
	assert.Equal(t, 0, got.Users)
	assert.Equal(t, 2, got.PendingInvites)
	assert.Equal(t, 10, got.Limits.MaxUsers)

	_, err = summaries.Get(t.Context(), principal.Principal{AccountID: ids.New()})
	assert.ErrorIs(t, err, apperr.ErrNotFound)
}
