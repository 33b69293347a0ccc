package store_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/ids"
	"github.com/vidhost/vidhost/pkg/page"
	"github.com/vidhost/vidhost/pkg/pgtest"
	"github.com/vidhost/vidhost/pkg/secrets"
	"github.com/vidhost/vidhost/services/hooks/internal/hooks"
	"github.com/vidhost/vidhost/services/hooks/internal/store"
	"github.com/vidhost/vidhost/services/hooks/migrations"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

const accountA, accountB = "account-a", "account-b"

type fixture struct {
	store *store.Store
	db    pgtest.DB
}

func setup(t *testing.T) fixture {
	t.Helper()
	db := pgtest.Schema(t)
	db.Migrate(t, migrations.FS)
	box, err := secrets.NewBox(secrets.MustRoot(strings.Repeat("r", 32)).Derive(secrets.ServiceCredentials))
	require.NoError(t, err)
	return fixture{store: store.New(db.Pool(t), box), db: db}
}

// inTx runs fn in a transaction that commits when fn returns nil; events
// are dropped (the outbox is tested with the server).
func (f fixture) inTx(t *testing.T, fn func(tx hooks.Tx) error) error {
	t.Helper()
	return f.store.InTx(t.Context(), func(tx hooks.Tx) error { return fn(tx) })
}

func (f fixture) insertService(t *testing.T, account string) hooks.Target {
	t.Helper()
	var s hooks.Target
	require.NoError(t, f.inTx(t, func(tx hooks.Tx) error {
		var err error
		s, err = tx.InsertService(t.Context(), account, "actor", hooks.Target{ID: ids.New(), Name: "S3", Type: hooks.TypeS3,
			Endpoint: "https://s3.example.com", Region: "eu", Bucket: "b", Credentials: hooks.Credentials{AccessKeyID: "id-" + account, SecretAccessKey: "key-" + account}})
		return err
	}))
	return s
}

func TestEveryQueryKeepsToItsAccount(t *testing.T) {
	f := setup(t)
	s := f.insertService(t, accountA)
	ctx := t.Context()

	_, err := f.store.GetService(ctx, accountB, s.ID)
	assert.ErrorIs(t, err, apperr.ErrNotFound)
	listed, err := f.store.ListServices(ctx, accountB, page.Request{Limit: 25})
	require.NoError(t, err)
	assert.Empty(t, listed)
	require.NoError(t, f.inTx(t, func(tx hooks.Tx) error {
		_, err := tx.LockService(ctx, accountB, s.ID)
		assert.ErrorIs(t, err, apperr.ErrNotFound)
		_, err = tx.ShareService(ctx, accountB, s.ID)
		assert.ErrorIs(t, err, apperr.ErrNotFound)
		has, err := tx.HasServices(ctx, accountB)
		assert.False(t, has)
		return err
	}))

	var hook hooks.Hook
	require.NoError(t, f.inTx(t, func(tx hooks.Tx) error {
		hook, err = tx.InsertHook(ctx, accountA, "actor", hooks.Hook{ID: ids.New(), Name: "h", Event: hooks.EventVideoCreated,
			FiltersLogic: "and", ServiceID: s.ID, Action: hooks.ActionVideosInsert, Enabled: true})
		return err
	}))
	require.NoError(t, f.inTx(t, func(tx hooks.Tx) error {
		disabled, err := tx.DisableHooksOf(ctx, accountB, "actor", s.ID)
		assert.Empty(t, disabled, "another account's hooks are untouched")
		_, err2 := tx.DeleteHook(ctx, accountB, hook.ID)
		assert.ErrorIs(t, err2, apperr.ErrNotFound)
		return err
	}))
	got, err := f.store.GetHook(ctx, accountA, hook.ID)
	require.NoError(t, err)
	assert.True(t, got.Enabled)
}

func TestCredentialsOpenOnlyInTheirRow(t *testing.T) {
	f := setup(t)
	a := f.insertService(t, accountA)
	b := f.insertService(t, accountB)
	ctx := t.Context()
	require.NoError(t, f.inTx(t, func(tx hooks.Tx) error {
		locked, err := tx.LockService(ctx, accountA, a.ID)
		assert.Equal(t, "key-account-a", locked.Credentials.SecretAccessKey)
		return err
	}))
	got, err := f.store.GetService(ctx, accountA, a.ID)
	require.NoError(t, err)
	assert.Empty(t, got.Credentials, "plain reads carry no credentials")

	// A's sealed credentials copied into B's row do not open there.
	pool := f.db.Pool(t)
	_, err = pool.Exec(context.Background(), "UPDATE services SET credentials = (SELECT credentials FROM services WHERE id = $1) WHERE id = $2", a.ID, b.ID)
	require.NoError(t, err)
	err = f.inTx(t, func(tx hooks.Tx) error {
		_, err := tx.LockService(ctx, accountB, b.ID)
		return err
	})
	assert.ErrorIs(t, err, secrets.ErrUnsealable)
	assert.NotContains(t, err.Error(), "key-account-a")
}

// A claimed delivery is leased: a worker that dies before recording its
// attempt (SIGKILL) leaves it to be claimed again once the lease is over.
func TestClaimedDeliveriesComeBackAfterTheirLease(t *testing.T) {
	f := setup(t)
	s := f.insertService(t, accountA)
	ctx := t.Context()
	require.NoError(t, f.inTx(t, func(tx hooks.Tx) error {
		for _, event := range []string{"event-1", "event-1"} { // the same event twice: one delivery
			_, err := tx.InsertDelivery(ctx, accountA, hooks.Delivery{ID: ids.New(), HookID: "hook-1", ServiceID: s.ID,
				VideoID: "video-1", EventID: event, Payload: []byte("{}"), Status: hooks.DeliveryPending, NextAttempt: time.Now().Add(-time.Second)})
			if err != nil {
				return err
			}
		}
		return nil
	}))
	claimed, err := f.store.ClaimDue(ctx, time.Now().Add(300*time.Millisecond), 10, 4, nil)
	require.NoError(t, err)
	require.Len(t, claimed, 1)
	again, err := f.store.ClaimDue(ctx, time.Now().Add(time.Minute), 10, 4, nil)
	require.NoError(t, err)
	assert.Empty(t, again, "leased to the first worker")

	require.Eventually(t, func() bool {
		again, err = f.store.ClaimDue(ctx, time.Now().Add(time.Minute), 10, 4, nil)
		return err == nil && len(again) == 1
	}, 5*time.Second, 50*time.Millisecond, "the dead worker's lease ran out")
	assert.Equal(t, claimed[0].ID, again[0].ID, "the same delivery, the same webhook-id")
	assert.Equal(t, 0, again[0].Attempts)
}

// A claim takes at most perService deliveries of one service, and none of
// a busy service's, so a backlog for one receiver leaves room for others.
func TestClaimsShareTheBatchBetweenServices(t *testing.T) {
	f := setup(t)
	slow, fast := f.insertService(t, accountA), f.insertService(t, accountA)
	ctx := t.Context()
	require.NoError(t, f.inTx(t, func(tx hooks.Tx) error {
		for i, service := range []string{slow.ID, slow.ID, slow.ID, slow.ID, slow.ID, fast.ID} {
			_, err := tx.InsertDelivery(ctx, accountA, hooks.Delivery{ID: ids.New(), HookID: "hook-1", ServiceID: service,
				VideoID: "video-1", EventID: ids.New(), Payload: []byte("{}"), Status: hooks.DeliveryPending,
				NextAttempt: time.Now().Add(-time.Duration(10-i) * time.Second)})
			if err != nil {
				return err
			}
		}
		return nil
	}))
	claimed, err := f.store.ClaimDue(ctx, time.Now().Add(time.Minute), 10, 2, nil)
	require.NoError(t, err)
	services := map[string]int{}
	for _, d := range claimed {
		services[d.ServiceID]++
	}
	assert.Equal(t, map[string]int{slow.ID: 2, fast.ID: 1}, services)

	claimed, err = f.store.ClaimDue(ctx, time.Now().Add(time.Minute), 10, 2, map[string]int{slow.ID: 2})
	require.NoError(t, err)
	assert.Empty(t, claimed, "the slow service has two in flight; the fast one's delivery is leased")
	claimed, err = f.store.ClaimDue(ctx, time.Now().Add(time.Minute), 10, 2, nil)
	require.NoError(t, err)
	assert.Len(t, claimed, 2, "the slow service's next two")
}
