package users

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/ids"
	"github.com/vidhost/vidhost/pkg/page"
	"github.com/vidhost/vidhost/pkg/principal"
	"github.com/vidhost/vidhost/pkg/roles"
)

// memoryStore is a Store of one account's users, enough for the role rules.
type memoryStore struct{ users map[string]User }

func (m *memoryStore) ListUsers(context.Context, string, page.Request) ([]User, error) {
	return nil, nil
}
func (m *memoryStore) GetUser(ctx context.Context, _, id string) (User, error) {
	return m.LockUser(ctx, "", id)
}
func (m *memoryStore) InTx(_ context.Context, fn func(Tx) error) error { return fn(m) }
func (m *memoryStore) Emit(context.Context, Event) error               { return nil }
func (m *memoryStore) Audit(context.Context, principal.Principal, string, string, string, any) error {
	return nil
}

func (m *memoryStore) LockUser(_ context.Context, _, id string) (User, error) {
	u, ok := m.users[id]
	if !ok {
		return User{}, apperr.ErrNotFound
	}
	return u, nil
}

func (m *memoryStore) LockEnabledOwners(context.Context, string) ([]string, error) {
	var out []string
	for id, u := range m.users {
		if u.activeOwner() {
			out = append(out, id)
		}
	}
	return out, nil
}

func (m *memoryStore) UpdateUser(_ context.Context, _ string, u User) error {
	m.users[u.ID] = u
	return nil
}

func (m *memoryStore) DeleteUser(_ context.Context, _, id string) error {
	delete(m.users, id)
	return nil
}

func TestOnlyAnOwnerGrantsOrRemovesOwner(t *testing.T) {
	ownerA, ownerB, admin := ids.New(), ids.New(), ids.New()
	store := &memoryStore{users: map[string]User{
		ownerA: {ID: ownerA, Role: roles.Owner, Enabled: true},
		ownerB: {ID: ownerB, Role: roles.Owner, Enabled: true},
		admin:  {ID: admin, Role: roles.Admin, Enabled: true},
	}}
	svc := NewService(store, nil)
	svc.now = func() time.Time { return time.Unix(0, 0) }
	ctx := context.Background()
	p := principal.Principal{AccountID: "acc", ActorType: principal.ActorUser, Role: roles.Admin}
	role := func(r string) Update { return Update{Paths: []string{"role"}, Values: User{Role: r}} }

	var denied *apperr.Denied
	_, err := svc.Update(ctx, p, admin, role(roles.Owner))
	require.ErrorAs(t, err, &denied, "an admin cannot grant owner")
	_, err = svc.Update(ctx, p, ownerB, role(roles.Admin))
	require.ErrorAs(t, err, &denied, "an admin cannot remove owner")
	require.ErrorAs(t, svc.Delete(ctx, p, ownerB), &denied, "an admin cannot delete an owner")
	_, err = svc.Update(ctx, p, ownerB, Update{Paths: []string{"enabled"}, Values: User{Enabled: false}})
	require.ErrorAs(t, err, &denied, "an admin cannot disable an owner")
	_, err = svc.Update(ctx, p, admin, role(roles.Uploader))
	require.NoError(t, err, "an admin changes roles below owner")

	// A key acts with its role: an admin's key is an admin (issue 26 #1).
	adminKey := principal.Principal{AccountID: "acc", ActorType: principal.ActorAPIKey, Role: roles.Admin}
	_, err = svc.Update(ctx, adminKey, admin, role(roles.Owner))
	require.ErrorAs(t, err, &denied, "an admin's key cannot grant owner")
	ownerKey := principal.Principal{AccountID: "acc", ActorType: principal.ActorAPIKey, Role: roles.Owner}
	got, err := svc.Update(ctx, ownerKey, admin, role(roles.Owner))
	require.NoError(t, err)
	assert.Equal(t, roles.Owner, got.Role)
	operator := principal.Principal{AccountID: "acc", ActorType: principal.ActorSystem}
	_, err = svc.Update(ctx, operator, admin, role(roles.Admin))
	require.NoError(t, err, "the platform's own calls act as owner")
}
