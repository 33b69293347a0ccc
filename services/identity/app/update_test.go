package app_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"google.golang.org/grpc/codes"
	"google.golang.org/protobuf/types/known/fieldmaskpb"

	"github.com/vidhost/vidhost/pkg/grpcx/grpcxtest"
	"github.com/vidhost/vidhost/pkg/ids"
	"github.com/vidhost/vidhost/pkg/principal"
	identityv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/identity/v1"
)

func updateRequest(id string, values *identityv1.ApiKey, paths ...string) *identityv1.UpdateApiKeyRequest {
	return &identityv1.UpdateApiKeyRequest{Id: id, ApiKey: values, UpdateMask: &fieldmaskpb.FieldMask{Paths: paths}}
}

func TestUpdateApiKeyChangesOnlyMaskedFields(t *testing.T) {
	t.Parallel()
	tb := setup(t)
	created, err := tb.client.CreateApiKey(as(t, tb.ownerA), &identityv1.CreateApiKeyRequest{
		Type: "api", Name: "before", Permissions: []string{}, Ips: []string{"192.0.2.1"},
	})
	require.NoError(t, err)
	editor := principal.Principal{AccountID: tb.ownerA.AccountID, KeyID: tb.ownerA.KeyID, ActorID: "editor"}
	// Name and ips are sent; only permissions are masked.
	got, err := tb.client.UpdateApiKey(as(t, editor), updateRequest(created.GetId(),
		&identityv1.ApiKey{Name: "ignored", Permissions: []string{"fetch"}}, "permissions"))
	require.NoError(t, err)
	assert.Equal(t, "before", got.GetName())
	assert.Equal(t, []string{"fetch"}, got.GetPermissions())
	assert.Equal(t, []string{"192.0.2.1"}, got.GetIps())
	assert.Equal(t, "actor-a", got.GetCreatedBy())
	assert.Equal(t, created.GetCreatedTime(), got.GetCreatedTime())
	assert.Equal(t, "editor", got.GetUpdatedBy())
	assert.GreaterOrEqual(t, got.GetUpdatedTime(), created.GetUpdatedTime())

	got, err = tb.client.UpdateApiKey(as(t, editor), updateRequest(created.GetId(),
		&identityv1.ApiKey{Type: "api", Name: "after", Ips: []string{" 2001:DB8::1 "}}, "type", "name", "ips"))
	require.NoError(t, err)
	assert.Equal(t, "after", got.GetName())
	assert.Equal(t, []string{"fetch"}, got.GetPermissions())
	assert.Equal(t, []string{"2001:db8::1"}, got.GetIps())

	read, err := tb.client.GetApiKey(as(t, tb.ownerA), &identityv1.GetApiKeyRequest{Id: created.GetId()})
	require.NoError(t, err)
	assert.Equal(t, got.GetName(), read.GetName(), "the change is stored")
	assert.Equal(t, got.GetIps(), read.GetIps())
	assert.Equal(t, got.GetUpdatedTime(), read.GetUpdatedTime())
}

func TestUpdateApiKeyValidation(t *testing.T) {
	t.Parallel()
	tb := setup(t)
	id := tb.createKey(t, tb.ownerA, "k")
	values := &identityv1.ApiKey{Type: "jwt", Name: "", Permissions: []string{"x"}, Ips: []string{"nope"}, Value: new("vh_x")}
	tests := []struct {
		paths   []string
		message string
	}{
		{nil, "request must change at least one field"},
		{[]string{"type"}, "type must be api"},
		{[]string{"name"}, "name must be 1-50 characters"},
		{[]string{"permissions"}, `permissions must be [] (read and write) or ["fetch"] (read only)`},
		{[]string{"ips"}, `ips must contain only IP addresses or CIDR prefixes: "nope" is neither`},
		{[]string{"value"}, "value cannot be changed"},
		{[]string{"id"}, "id cannot be changed"},
		{[]string{"created_by"}, "created_by cannot be changed"},
		{[]string{"created_time"}, "created_time cannot be changed"},
		{[]string{"updated_by"}, "updated_by cannot be changed"},
		{[]string{"updated_time"}, "updated_time cannot be changed"},
		{[]string{"secret_hash"}, "secret_hash is not a field of an API key"},
	}
	for _, tt := range tests {
		t.Run(tt.message, func(t *testing.T) {
			_, err := tb.client.UpdateApiKey(as(t, tb.ownerA), updateRequest(id, values, tt.paths...))
			grpcxtest.RequireStatus(t, err, codes.InvalidArgument, tt.message)
		})
	}
	got, err := tb.client.GetApiKey(as(t, tb.ownerA), &identityv1.GetApiKeyRequest{Id: id})
	require.NoError(t, err)
	assert.Equal(t, "k", got.GetName(), "nothing changed")
}

func TestUnknownKeysAreNotFound(t *testing.T) {
	t.Parallel()
	tb := setup(t)
	ctx := as(t, tb.ownerA)
	for _, id := range []string{ids.New(), "short", "", "../../etc/passwd/aaaa"} {
		t.Run(id, func(t *testing.T) {
			_, err := tb.client.GetApiKey(ctx, &identityv1.GetApiKeyRequest{Id: id})
			grpcxtest.RequireStatus(t, err, codes.NotFound, "Not found")
			_, err = tb.client.UpdateApiKey(ctx, updateRequest(id, &identityv1.ApiKey{Name: "x"}, "name"))
			grpcxtest.RequireStatus(t, err, codes.NotFound, "Not found")
			_, err = tb.client.DeleteApiKey(ctx, &identityv1.DeleteApiKeyRequest{Id: id})
			grpcxtest.RequireStatus(t, err, codes.NotFound, "Not found")
		})
	}
}

func TestDeleteApiKey(t *testing.T) {
	t.Parallel()
	tb := setup(t)
	ctx := as(t, tb.ownerA)
	id := tb.createKey(t, tb.ownerA, "doomed")
	_, err := tb.client.DeleteApiKey(ctx, &identityv1.DeleteApiKeyRequest{Id: id})
	require.NoError(t, err)
	_, err = tb.client.GetApiKey(ctx, &identityv1.GetApiKeyRequest{Id: id})
	grpcxtest.RequireStatus(t, err, codes.NotFound, "Not found")
	_, err = tb.client.DeleteApiKey(ctx, &identityv1.DeleteApiKeyRequest{Id: id})
	grpcxtest.RequireStatus(t, err, codes.NotFound, "Not found")
}

// createKey makes a read-write key for p and returns its id.
func (tb *testBundle) createKey(t *testing.T, p principal.Principal, name string) string {
	t.Helper()
	k, err := tb.client.CreateApiKey(as(t, p), createRequest(name))
	require.NoError(t, err)
	return k.GetId()
}
