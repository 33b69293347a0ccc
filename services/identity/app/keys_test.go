package app_test

import (
	"crypto/sha256"
	"encoding/hex"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/vidhost/vidhost/pkg/grpcx/grpcxtest"
	identityv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/identity/v1"
)

func createRequest(name string) *identityv1.CreateApiKeyRequest {
	return &identityv1.CreateApiKeyRequest{Type: "api", Name: name, Permissions: []string{}, Ips: []string{}}
}

func TestCreateApiKey(t *testing.T) {
	t.Parallel()
	tb := setup(t)
	before := time.Now().UTC().Add(-time.Second)
	got, err := tb.client.CreateApiKey(as(t, tb.ownerA), &identityv1.CreateApiKeyRequest{
		Type: "api", Name: "deploys", Permissions: []string{"fetch"}, Ips: []string{"10.1.2.3/8", "::ffff:192.0.2.1"},
	})
	require.NoError(t, err)
	assert.Len(t, got.GetId(), 21)
	assert.Equal(t, "deploys", got.GetName())
	assert.Equal(t, "api", got.GetType())
	assert.Equal(t, []string{"fetch"}, got.GetPermissions())
	assert.Equal(t, []string{"10.0.0.0/8", "192.0.2.1"}, got.GetIps())
	assert.Regexp(t, `^vh_[0-9A-Za-z]{43}$`, got.GetValue())
	assert.Equal(t, "actor-a", got.GetCreatedBy())
	assert.Equal(t, "actor-a", got.GetUpdatedBy())
	created, err := time.Parse("2006-01-02T15:04:05.000Z", got.GetCreatedTime())
	require.NoError(t, err, "created_time in the interface's format")
	assert.True(t, created.After(before), "created_time is now")
	assert.Equal(t, got.GetCreatedTime(), got.GetUpdatedTime())
}

func TestCreateApiKeyValidation(t *testing.T) {
	t.Parallel()
	tb := setup(t)
	tests := []struct {
		name    string
		change  func(*identityv1.CreateApiKeyRequest)
		message string
	}{
		{"type missing", func(r *identityv1.CreateApiKeyRequest) { r.Type = "" }, "type must be api"},
		{"type other", func(r *identityv1.CreateApiKeyRequest) { r.Type = "jwt" }, "type must be api"},
		{"name empty", func(r *identityv1.CreateApiKeyRequest) { r.Name = "" }, "name must be 1-50 characters"},
		{"name too long", func(r *identityv1.CreateApiKeyRequest) { r.Name = strings.Repeat("n", 51) }, "name must be 1-50 characters"},
		{"permissions other", func(r *identityv1.CreateApiKeyRequest) { r.Permissions = []string{"write"} },
			`permissions must be [] (read and write) or ["fetch"] (read only)`},
		{"permissions extra", func(r *identityv1.CreateApiKeyRequest) { r.Permissions = []string{"fetch", "write"} },
			`permissions must be [] (read and write) or ["fetch"] (read only)`},
		{"ips hostname", func(r *identityv1.CreateApiKeyRequest) { r.Ips = []string{"example.com"} },
			`ips must contain only IP addresses or CIDR prefixes: "example.com" is neither`},
		{"ips too many", func(r *identityv1.CreateApiKeyRequest) { r.Ips = make([]string, 51) }, "ips must have at most 50 entries"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := createRequest("valid")
			tt.change(req)
			_, err := tb.client.CreateApiKey(as(t, tb.ownerA), req)
			grpcxtest.RequireStatus(t, err, codes.InvalidArgument, tt.message)
		})
	}
	list, err := tb.client.ListApiKeys(as(t, tb.ownerA), &identityv1.ListApiKeysRequest{})
	require.NoError(t, err)
	assert.Len(t, list.GetItems(), 1, "only the bootstrap key: nothing invalid was stored")
}

// The value is in the create response only, and nowhere in the database.
func TestSecretIsShownOnce(t *testing.T) {
	t.Parallel()
	tb := setup(t)
	ctx := as(t, tb.ownerA)
	created, err := tb.client.CreateApiKey(ctx, createRequest("once"))
	require.NoError(t, err)
	value := created.GetValue()
	require.NotEmpty(t, value)

	got, err := tb.client.GetApiKey(ctx, &identityv1.GetApiKeyRequest{Id: created.GetId()})
	require.NoError(t, err)
	assert.Nil(t, got.Value, "Get must not carry the value")
	list, err := tb.client.ListApiKeys(ctx, &identityv1.ListApiKeysRequest{})
	require.NoError(t, err)
	for _, k := range list.GetItems() {
		assert.Nil(t, k.Value, "List must not carry the value")
	}
	updated, err := tb.client.UpdateApiKey(ctx, updateRequest(created.GetId(), &identityv1.ApiKey{Name: "renamed"}, "name"))
	require.NoError(t, err)
	assert.Nil(t, updated.Value, "Update must not carry the value")

	var stored []byte
	require.NoError(t, tb.pool.QueryRow(ctx, "SELECT secret_hash FROM api_keys WHERE id = $1", created.GetId()).Scan(&stored))
	sum := sha256.Sum256([]byte(value))
	assert.Equal(t, sum[:], stored, "the stored hash is SHA-256 of the value")
	assert.NotEqual(t, []byte(value), stored)
	assertNowhereInDatabase(t, tb, value)
	assertNowhereInDatabase(t, tb, tb.bootstrap.APIKey)
	assertNowhereInDatabase(t, tb, tb.bootstrap.Password)
}

// assertNowhereInDatabase looks for s, as text and as hex bytes, in every row
// of every table of the service's schema.
func assertNowhereInDatabase(t *testing.T, tb *testBundle, s string) {
	t.Helper()
	rows, err := tb.pool.Query(t.Context(),
		"SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()")
	require.NoError(t, err)
	var tables []string
	for rows.Next() {
		var name string
		require.NoError(t, rows.Scan(&name))
		tables = append(tables, name)
	}
	require.NoError(t, rows.Err())
	require.Contains(t, tables, "api_keys")
	for _, table := range tables {
		var dump string
		require.NoError(t, tb.pool.QueryRow(t.Context(),
			"SELECT coalesce(string_agg(t::text, E'\\n'), '') FROM "+table+" t").Scan(&dump))
		assert.NotContains(t, dump, s, "table %s holds the secret", table)
		assert.NotContains(t, dump, hex.EncodeToString([]byte(s)), "table %s holds the secret's bytes", table)
	}
}

// permissions and ips may be left out (proto3 cannot tell a missing list
// from an empty one): they are then [], read-write from any address, as
// docs/authentication.md says and the response shows. Leaving them out
// never widens a key: a restricted caller is refused as if it sent [].
func TestCreateApiKeyDefaults(t *testing.T) {
	t.Parallel()
	tb := setup(t)
	got, err := tb.client.CreateApiKey(as(t, tb.ownerA), &identityv1.CreateApiKeyRequest{Type: "api", Name: "defaults"})
	require.NoError(t, err)
	assert.Empty(t, got.GetPermissions(), "read-write")
	assert.Empty(t, got.GetIps(), "any address")
	stored, err := tb.client.GetApiKey(as(t, tb.ownerA), &identityv1.GetApiKeyRequest{Id: got.GetId()})
	require.NoError(t, err)
	assert.Empty(t, stored.GetPermissions())
	assert.Empty(t, stored.GetIps())

	_, err = tb.client.CreateApiKey(as(t, tb.restrictedKey(t, "10.0.0.0/8")),
		&identityv1.CreateApiKeyRequest{Type: "api", Name: "no ips"})
	grpcxtest.RequireStatus(t, err, codes.PermissionDenied,
		"this API key cannot create a key with wider rights than its own: it may be used from any address and this key only from its ips")
	_, err = tb.client.CreateApiKey(as(t, readOnly(tb.ownerA)), &identityv1.CreateApiKeyRequest{Type: "api", Name: "no permissions"})
	assert.Equal(t, codes.PermissionDenied, status.Code(err), "a read-only key cannot get write access by leaving permissions out")
}
