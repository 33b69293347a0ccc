package store_test

import (
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/pgtest"
	"github.com/vidhost/vidhost/services/identity/internal/signin"
	"github.com/vidhost/vidhost/services/identity/internal/store"
	"github.com/vidhost/vidhost/services/identity/migrations"
)

// Twenty attempts on one email at once, through two stores on their own
// pools (two replicas): exactly the limit are counted, the rest refused;
// releasing one makes room for one more.
func TestReserveAttemptHoldsTheLimitAcrossReplicas(t *testing.T) {
	db := pgtest.Schema(t)
	db.Migrate(t, migrations.FS)
	replicas := []signin.Store{store.New(db.Pool(t)).SignIn(), store.New(db.Pool(t)).SignIn()}
	subjects := []signin.Subject{{Key: "ip:192.0.2.1", Max: 50}, {Key: "email:a@example.com", Max: 10}}
	now := time.Now().UTC().Truncate(time.Microsecond)
	since := now.Add(-signin.FailureWindow)

	var mu sync.Mutex
	var reserved [][]int64
	refused := 0
	var wg sync.WaitGroup
	for i := range 20 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ids, ok, err := replicas[i%2].ReserveAttempt(t.Context(), subjects, now, since)
			assert.NoError(t, err)
			mu.Lock()
			defer mu.Unlock()
			if ok {
				reserved = append(reserved, ids)
			} else {
				refused++
			}
		}()
	}
	wg.Wait()
	require.Len(t, reserved, 10)
	assert.Equal(t, 10, refused)
	for _, ids := range reserved {
		assert.Len(t, ids, 2, "one row per subject")
	}

	_, ok, err := replicas[0].ReserveAttempt(t.Context(), subjects, now, since)
	require.NoError(t, err)
	assert.False(t, ok)
	require.NoError(t, replicas[1].ReleaseAttempt(t.Context(), reserved[0]))
	_, ok, err = replicas[0].ReserveAttempt(t.Context(), subjects, now, since)
	require.NoError(t, err)
	assert.True(t, ok, "a released attempt no longer counts")

	_, ok, err = replicas[0].ReserveAttempt(t.Context(), subjects, now.Add(signin.FailureWindow), now)
	require.NoError(t, err)
	assert.True(t, ok, "attempts leave the window")
}
