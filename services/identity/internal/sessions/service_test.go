package sessions

import (
	"bytes"
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/apperr"
)

// memoryStore keeps sessions in memory, applying the expiry rules the SQL
// applies.
type memoryStore struct {
	sessions map[string]Session // by token hash
	touches  int
}

func (m *memoryStore) InsertSession(_ context.Context, s Session, hash []byte) error {
	m.sessions[string(hash)] = s
	return nil
}

func (m *memoryStore) ResolveSession(_ context.Context, hash []byte, now time.Time) (Resolved, error) {
	s, ok := m.sessions[string(hash)]
	if !ok || !s.ExpiresTime.After(now) || !s.IdleExpiresTime.After(now) {
		return Resolved{}, apperr.ErrNotFound
	}
	return Resolved{Session: s, Role: "viewer"}, nil
}

func (m *memoryStore) TouchSession(_ context.Context, _, id string, now, idle time.Time) error {
	m.touches++
	for h, s := range m.sessions {
		if s.ID == id {
			s.LastSeenTime, s.IdleExpiresTime = now, idle
			m.sessions[h] = s
		}
	}
	return nil
}

func (m *memoryStore) DeleteSessionByToken(_ context.Context, hash []byte) (Session, error) {
	s, ok := m.sessions[string(hash)]
	if !ok {
		return Session{}, apperr.ErrNotFound
	}
	delete(m.sessions, string(hash))
	return s, nil
}

func (m *memoryStore) DeleteUserSessions(_ context.Context, accountID, userID, keepID string) (int64, error) {
	var n int64
	for h, s := range m.sessions {
		if s.AccountID == accountID && s.UserID == userID && s.ID != keepID {
			delete(m.sessions, h)
			n++
		}
	}
	return n, nil
}

func setup(t *testing.T) (*Service, *memoryStore, *time.Time) {
	t.Helper()
	store := &memoryStore{sessions: map[string]Session{}}
	now := time.Date(2026, 11, 24, 12, 0, 0, 0, time.UTC)
	svc := NewService(store)
	svc.now = func() time.Time { return now }
	return svc, store, &now
}

func TestStartStoresOnlyTheHash(t *testing.T) {
	svc, store, now := setup(t)
	started, err := svc.Start(t.Context(), StartInput{AccountID: "a", UserID: "u", Method: MethodPassword, UserAgent: "ua"})
	require.NoError(t, err)
	require.Len(t, store.sessions, 1)
	for hash := range store.sessions {
		assert.False(t, bytes.Contains([]byte(hash), []byte(started.Token)))
	}
	assert.Equal(t, now.Add(Idle), started.Session.IdleExpiresTime)
	assert.Equal(t, now.Add(Absolute), started.Session.ExpiresTime)
	assert.NotEmpty(t, started.Session.CSRFToken)

	_, err = svc.Start(t.Context(), StartInput{AccountID: "a", UserID: "u", Method: "magic"})
	assert.Error(t, err)
}

func TestIdleAndAbsoluteExpiry(t *testing.T) {
	svc, store, now := setup(t)
	started, err := svc.Start(t.Context(), StartInput{AccountID: "a", UserID: "u", Method: MethodPassword})
	require.NoError(t, err)

	*now = now.Add(30 * time.Second)
	_, err = svc.Resolve(t.Context(), started.Token)
	require.NoError(t, err)
	assert.Zero(t, store.touches, "at most one touch a minute")

	// Active every 11 hours: the idle expiry moves on, up to the absolute one.
	for range 40 {
		*now = now.Add(11 * time.Hour)
		if _, err = svc.Resolve(t.Context(), started.Token); err != nil {
			break
		}
	}
	assert.ErrorIs(t, err, ErrInvalid, "no session outlives 14 days")
	assert.False(t, now.Before(started.Session.ExpiresTime))

	again, err := svc.Start(t.Context(), StartInput{AccountID: "a", UserID: "u", Method: MethodPassword})
	require.NoError(t, err)
	*now = now.Add(Idle)
	_, err = svc.Resolve(t.Context(), again.Token)
	assert.ErrorIs(t, err, ErrInvalid, "12 idle hours end it")
}

func TestSignOutAndStopUser(t *testing.T) {
	svc, _, _ := setup(t)
	one, err := svc.Start(t.Context(), StartInput{AccountID: "a", UserID: "u", Method: MethodPassword})
	require.NoError(t, err)
	two, err := svc.Start(t.Context(), StartInput{AccountID: "a", UserID: "u", Method: MethodSSO})
	require.NoError(t, err)
	ended, err := svc.SignOut(t.Context(), one.Token, false)
	require.NoError(t, err)
	assert.EqualValues(t, 1, ended)
	_, err = svc.Resolve(t.Context(), one.Token)
	assert.ErrorIs(t, err, ErrInvalid)
	_, err = svc.SignOut(t.Context(), one.Token, false)
	assert.ErrorIs(t, err, ErrInvalid, "twice")

	require.NoError(t, svc.StopUser(t.Context(), "a", "u"))
	_, err = svc.Resolve(t.Context(), two.Token)
	assert.ErrorIs(t, err, ErrInvalid)
	_, err = svc.Resolve(t.Context(), "not a token")
	assert.ErrorIs(t, err, ErrInvalid)
}
