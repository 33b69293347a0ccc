package app_test

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/fieldmaskpb"

	"github.com/vidhost/vidhost/pkg/ids"
	"github.com/vidhost/vidhost/pkg/principal"
	identityv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/identity/v1"
)

// addUser stores a user of accountID directly: users arrive by invites,
// which come next.
func addUser(t *testing.T, tb *testBundle, accountID, email, role string) string {
	t.Helper()
	id := ids.New()
	_, err := tb.pool.Exec(t.Context(), `INSERT INTO users (id, account_id, email, name, role, created_time, updated_time)
		VALUES ($1, $2, $3, 'Someone', $4, $5, $5)`, id, accountID, email, role, time.Now().Add(time.Second))
	require.NoError(t, err)
	return id
}

func patchUser(id string, values *identityv1.User, paths ...string) *identityv1.UpdateUserRequest {
	return &identityv1.UpdateUserRequest{Id: id, User: values, UpdateMask: &fieldmaskpb.FieldMask{Paths: paths}}
}

// firstOwner is the bootstrapped owner of account A.
func firstOwner(t *testing.T, tb *testBundle) *identityv1.User {
	t.Helper()
	list, err := tb.client.ListUsers(as(t, tb.ownerA), &identityv1.ListUsersRequest{})
	require.NoError(t, err)
	require.NotEmpty(t, list.GetItems())
	return list.GetItems()[0]
}

func TestUsersListGetPatchDelete(t *testing.T) {
	t.Parallel()
	tb := setup(t)
	ctx := as(t, tb.ownerA)
	owner := firstOwner(t, tb)
	assert.Equal(t, "owner", owner.GetRole())
	assert.Equal(t, "owner@example.com", owner.GetEmail())
	viewer := addUser(t, tb, tb.ownerA.AccountID, "viewer@example.com", "viewer")
	addUser(t, tb, tb.ownerB.AccountID, "other@example.com", "owner")

	list, err := tb.client.ListUsers(ctx, &identityv1.ListUsersRequest{Limit: proto.Int32(1)})
	require.NoError(t, err)
	require.Len(t, list.GetItems(), 1)
	require.NotEmpty(t, list.GetNextCursor())
	list, err = tb.client.ListUsers(ctx, &identityv1.ListUsersRequest{Limit: proto.Int32(1), Cursor: list.GetNextCursor()})
	require.NoError(t, err)
	require.Len(t, list.GetItems(), 1, "account B's user is not listed")
	assert.Equal(t, viewer, list.GetItems()[0].GetId())
	assert.Empty(t, list.GetNextCursor())

	got, err := tb.client.UpdateUser(ctx, patchUser(viewer, &identityv1.User{
		Name: " Ada Lovelace ", Role: "admin", Notifications: []string{"video.ready", "user.invited", "video.ready"},
	}, "name", "role", "notifications"))
	require.NoError(t, err)
	assert.Equal(t, "Ada Lovelace", got.GetName())
	assert.Equal(t, "admin", got.GetRole())
	assert.Equal(t, []string{"video.ready", "user.invited"}, got.GetNotifications())
	assert.True(t, got.GetEnabled())
	assert.Equal(t, "actor-a", got.GetUpdatedBy())

	got, err = tb.client.UpdateUser(ctx, patchUser(viewer, &identityv1.User{Enabled: false}, "enabled"))
	require.NoError(t, err)
	assert.False(t, got.GetEnabled())
	fetched, err := tb.client.GetUser(ctx, &identityv1.GetUserRequest{Id: viewer})
	require.NoError(t, err)
	assert.False(t, fetched.GetEnabled())

	_, err = tb.client.DeleteUser(ctx, &identityv1.DeleteUserRequest{Id: viewer})
	require.NoError(t, err)
	_, err = tb.client.GetUser(ctx, &identityv1.GetUserRequest{Id: viewer})
	assert.Equal(t, codes.NotFound, status.Code(err))
	_, err = tb.client.GetUser(as(t, tb.ownerB), &identityv1.GetUserRequest{Id: owner.GetId()})
	assert.Equal(t, codes.NotFound, status.Code(err), "another account's user is not found")
}

func TestUsersPatchRefusals(t *testing.T) {
	t.Parallel()
	tb := setup(t)
	ctx := as(t, tb.ownerA)
	viewer := addUser(t, tb, tb.ownerA.AccountID, "viewer@example.com", "viewer")
	cases := []struct {
		name   string
		values *identityv1.User
		paths  []string
		want   string
	}{
		{"email", &identityv1.User{Email: "new@example.com"}, []string{"email"}, "email cannot be changed"},
		{"verified_email", &identityv1.User{VerifiedEmail: true}, []string{"verified_email"}, "verified_email is managed by the service"},
		{"mfa_required", &identityv1.User{MfaRequired: true}, []string{"mfa_required"}, "mfa_required is managed by the service"},
		{"unknown role", &identityv1.User{Role: "superuser"}, []string{"role"}, "role must be one of viewer, uploader, admin, owner"},
		{"empty name", &identityv1.User{Name: ""}, []string{"name"}, "name must be 1-100 characters"},
		{"long name", &identityv1.User{Name: strings.Repeat("n", 300)}, []string{"name"}, "name must be 1-100 characters"},
		{"unknown notification", &identityv1.User{Notifications: []string{"video.exploded"}}, []string{"notifications"}, "notifications must contain only"},
		{"nothing", &identityv1.User{}, nil, "must change at least one field"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := tb.client.UpdateUser(ctx, patchUser(viewer, c.values, c.paths...))
			require.Equal(t, codes.InvalidArgument, status.Code(err), err)
			assert.Contains(t, status.Convert(err).Message(), c.want)
		})
	}
	got, err := tb.client.GetUser(ctx, &identityv1.GetUserRequest{Id: viewer})
	require.NoError(t, err)
	assert.Equal(t, "viewer", got.GetRole(), "nothing changed")
	assert.Equal(t, "viewer@example.com", got.GetEmail())
}

func TestUsersLastOwner(t *testing.T) {
	t.Parallel()
	tb := setup(t)
	ctx := as(t, tb.ownerA)
	owner := firstOwner(t, tb).GetId()
	for name, req := range map[string]*identityv1.UpdateUserRequest{
		"demote":  patchUser(owner, &identityv1.User{Role: "admin"}, "role"),
		"disable": patchUser(owner, &identityv1.User{Enabled: false}, "enabled"),
	} {
		_, err := tb.client.UpdateUser(ctx, req)
		require.Equal(t, codes.AlreadyExists, status.Code(err), name)
		assert.Contains(t, status.Convert(err).Message(), "an account must keep one enabled owner", name)
	}
	_, err := tb.client.DeleteUser(ctx, &identityv1.DeleteUserRequest{Id: owner})
	require.Equal(t, codes.AlreadyExists, status.Code(err))
	assert.Contains(t, status.Convert(err).Message(), "an account must keep one enabled owner")

	// With a second enabled owner, the first may step down; then the second is the last.
	second := addUser(t, tb, tb.ownerA.AccountID, "second@example.com", "admin")
	_, err = tb.client.UpdateUser(ctx, patchUser(second, &identityv1.User{Role: "owner"}, "role"))
	require.NoError(t, err)
	got, err := tb.client.UpdateUser(ctx, patchUser(owner, &identityv1.User{Role: "admin"}, "role"))
	require.NoError(t, err)
	assert.Equal(t, "admin", got.GetRole())
	_, err = tb.client.UpdateUser(ctx, patchUser(second, &identityv1.User{Enabled: false}, "enabled"))
	require.Equal(t, codes.AlreadyExists, status.Code(err))
	// A disabled owner does not count: the only enabled owner still cannot go.
	_, err = tb.client.UpdateUser(ctx, patchUser(owner, &identityv1.User{Role: "owner", Enabled: false}, "role", "enabled"))
	require.NoError(t, err)
	_, err = tb.client.DeleteUser(ctx, &identityv1.DeleteUserRequest{Id: second})
	require.Equal(t, codes.AlreadyExists, status.Code(err))
}

func TestUsersReadOnlyKeyCannotWrite(t *testing.T) {
	t.Parallel()
	tb := setup(t)
	viewer := addUser(t, tb, tb.ownerA.AccountID, "viewer@example.com", "viewer")
	reader := principal.Principal{AccountID: tb.ownerA.AccountID, ActorID: "reader", ReadOnly: true}
	_, err := tb.client.GetUser(as(t, reader), &identityv1.GetUserRequest{Id: viewer})
	require.NoError(t, err)
	_, err = tb.client.UpdateUser(as(t, reader), patchUser(viewer, &identityv1.User{Name: "x"}, "name"))
	assert.Equal(t, codes.PermissionDenied, status.Code(err))
	_, err = tb.client.DeleteUser(as(t, reader), &identityv1.DeleteUserRequest{Id: viewer})
	assert.Equal(t, codes.PermissionDenied, status.Code(err))
}
