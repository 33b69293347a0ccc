package app_test

import (
	"log/slog"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"google.golang.org/grpc/codes"

	"github.com/vidhost/vidhost/pkg/config"
	"github.com/vidhost/vidhost/pkg/grpcx/grpcxtest"
	identityv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/identity/v1"
	"github.com/vidhost/vidhost/services/identity/app"
)

func TestReadOnlyPrincipalCannotWrite(t *testing.T) {
	t.Parallel()
	tb := setup(t)
	id := tb.createKey(t, tb.ownerA, "existing")
	ctx := as(t, readOnly(tb.ownerA))
	const denied = "this API key is read-only"

	_, err := tb.client.CreateApiKey(ctx, createRequest("new"))
	grpcxtest.RequireStatus(t, err, codes.PermissionDenied, denied)
	_, err = tb.client.UpdateApiKey(ctx, updateRequest(id, &identityv1.ApiKey{Name: "x"}, "name"))
	grpcxtest.RequireStatus(t, err, codes.PermissionDenied, denied)
	_, err = tb.client.DeleteApiKey(ctx, &identityv1.DeleteApiKeyRequest{Id: id})
	grpcxtest.RequireStatus(t, err, codes.PermissionDenied, denied)

	// Reads are allowed, and nothing was changed.
	got, err := tb.client.GetApiKey(ctx, &identityv1.GetApiKeyRequest{Id: id})
	require.NoError(t, err)
	assert.Equal(t, "existing", got.GetName())
	list, err := tb.client.ListApiKeySummaries(ctx, &identityv1.ListApiKeySummariesRequest{})
	require.NoError(t, err)
	assert.Len(t, list.GetItems(), 2, "the bootstrap key and the existing one")
}

// Every method refuses calls without valid credentials from an allowed
// caller (grpcxtest tries each kind of bad one on each method).
func TestEveryMethodChecksItsCaller(t *testing.T) {
	t.Parallel()
	tb := setup(t)
	grpcxtest.CheckAccess(t, tb.addr, root, &identityv1.IdentityService_ServiceDesc)
}

func TestGatewayCallsWithoutAPrincipalAreRefused(t *testing.T) {
	t.Parallel()
	tb := setup(t)
	_, err := tb.client.CreateApiKey(t.Context(), createRequest("x"))
	assert.Equal(t, codes.PermissionDenied, statusCode(err))
	_, err = tb.client.ListApiKeys(t.Context(), &identityv1.ListApiKeysRequest{})
	assert.Equal(t, codes.PermissionDenied, statusCode(err))
}

// Account B never sees account A's keys, and A's ids are Not found for B.
func TestTenantIsolation(t *testing.T) {
	t.Parallel()
	tb := setup(t)
	idA := tb.createKey(t, tb.ownerA, "of A")
	idB := tb.createKey(t, tb.ownerB, "of B")
	ctxB := as(t, tb.ownerB)

	_, err := tb.client.GetApiKey(ctxB, &identityv1.GetApiKeyRequest{Id: idA})
	grpcxtest.RequireStatus(t, err, codes.NotFound, "Not found")
	_, err = tb.client.UpdateApiKey(ctxB, updateRequest(idA, &identityv1.ApiKey{Name: "stolen"}, "name"))
	grpcxtest.RequireStatus(t, err, codes.NotFound, "Not found")
	_, err = tb.client.DeleteApiKey(ctxB, &identityv1.DeleteApiKeyRequest{Id: idA})
	grpcxtest.RequireStatus(t, err, codes.NotFound, "Not found")

	assert.Equal(t, []string{idB}, tb.listIDs(t, tb.ownerB, 25))
	idsA := tb.listIDs(t, tb.ownerA, 25)
	assert.Len(t, idsA, 2)
	assert.Contains(t, idsA, idA)
	assert.NotContains(t, idsA, idB)

	got, err := tb.client.GetApiKey(as(t, tb.ownerA), &identityv1.GetApiKeyRequest{Id: idA})
	require.NoError(t, err)
	assert.Equal(t, "of A", got.GetName(), "B's attempts changed nothing")
}

func TestShortInternalSecretIsRefused(t *testing.T) {
	t.Parallel()
	cfg := app.Config{DatabaseURL: "postgres://db/vidhost", DBSchema: "identity",
		Common: config.Common{NATSURL: "nats://127.0.0.1:1", InternalSecret: "s3cret"}, OwnerEmail: "owner@example.com", GRPCAddr: "127.0.0.1:0"}
	err := app.Run(t.Context(), cfg, slog.New(slog.DiscardHandler), app.Options{})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "VIDHOST_INTERNAL_SECRET must be at least 32 bytes (it has 6)")
}
