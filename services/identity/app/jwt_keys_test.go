package app_test

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"encoding/pem"
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"google.golang.org/grpc/codes"

	"github.com/vidhost/vidhost/pkg/grpcx/grpcxtest"
	"github.com/vidhost/vidhost/pkg/ids"
	"github.com/vidhost/vidhost/pkg/principal"
	identityv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/identity/v1"
)

// p256PEM is a fresh EC P-256 public key in PKIX PEM (fast to generate;
// the RSA rules are covered by the domain's table test).
func p256PEM(t *testing.T) string {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	require.NoError(t, err)
	der, err := x509.MarshalPKIXPublicKey(&key.PublicKey)
	require.NoError(t, err)
	return string(pem.EncodeToMemory(&pem.Block{Type: "PUBLIC KEY", Bytes: der}))
}

func (tb *testBundle) createJwtKey(t *testing.T, p principal.Principal, name string) *identityv1.JwtKey {
	t.Helper()
	k, err := tb.client.CreateJwtKey(as(t, p), &identityv1.CreateJwtKeyRequest{Name: name, PublicKey: p256PEM(t)})
	require.NoError(t, err)
	return k
}

func TestJwtKeyLifecycle(t *testing.T) {
	t.Parallel()
	tb := setup(t)
	publicKey := p256PEM(t)
	ctx := as(t, tb.ownerA)
	created, err := tb.client.CreateJwtKey(ctx, &identityv1.CreateJwtKeyRequest{Name: "site", PublicKey: publicKey})
	require.NoError(t, err)
	assert.True(t, ids.Valid(created.GetId()))
	assert.Equal(t, "site", created.GetName())
	assert.Equal(t, publicKey, created.GetPublicKey())
	assert.Equal(t, "actor-a", created.GetCreatedBy())
	_, err = time.Parse("2006-01-02T15:04:05.000Z", created.GetCreatedTime())
	require.NoError(t, err)

	got, err := tb.client.GetJwtKey(ctx, &identityv1.GetJwtKeyRequest{Id: created.GetId()})
	require.NoError(t, err)
	assert.Equal(t, created.String(), got.String())

	// The edge's lookup: no principal, account and key id.
	public, err := tb.client.GetJwtPublicKey(t.Context(), &identityv1.GetJwtPublicKeyRequest{AccountId: tb.ownerA.AccountID, KeyId: created.GetId()})
	require.NoError(t, err)
	assert.Equal(t, publicKey, public.GetPublicKey())
	assert.Equal(t, "ES256", public.GetAlgorithm())

	_, err = tb.client.DeleteJwtKey(ctx, &identityv1.DeleteJwtKeyRequest{Id: created.GetId()})
	require.NoError(t, err)
	_, err = tb.client.GetJwtKey(ctx, &identityv1.GetJwtKeyRequest{Id: created.GetId()})
	grpcxtest.RequireStatus(t, err, codes.NotFound, "Not found")
	_, err = tb.client.GetJwtPublicKey(t.Context(), &identityv1.GetJwtPublicKeyRequest{AccountId: tb.ownerA.AccountID, KeyId: created.GetId()})
	grpcxtest.RequireStatus(t, err, codes.NotFound, "Not found")
	_, err = tb.client.DeleteJwtKey(ctx, &identityv1.DeleteJwtKeyRequest{Id: created.GetId()})
	grpcxtest.RequireStatus(t, err, codes.NotFound, "Not found")
}

func TestCreateJwtKeyValidation(t *testing.T) {
	t.Parallel()
	tb := setup(t)
	for _, tt := range []struct {
		name, keyName, publicKey, message string
	}{
		{"no name", "", p256PEM(t), "name must be 1-50 characters"},
		{"not a key", "site", "hello", "public_key must be one PEM-encoded public key"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := tb.client.CreateJwtKey(as(t, tb.ownerA), &identityv1.CreateJwtKeyRequest{Name: tt.keyName, PublicKey: tt.publicKey})
			grpcxtest.RequireStatus(t, err, codes.InvalidArgument, tt.message)
		})
	}
	list, err := tb.client.ListJwtKeys(as(t, tb.ownerA), &identityv1.ListJwtKeysRequest{})
	require.NoError(t, err)
	assert.Empty(t, list.GetItems(), "nothing was stored")
}

func TestJwtKeysAccess(t *testing.T) {
	t.Parallel()
	tb := setup(t)
	idA := tb.createJwtKey(t, tb.ownerA, "of A").GetId()
	idB := tb.createJwtKey(t, tb.ownerB, "of B").GetId()

	ro := as(t, readOnly(tb.ownerA))
	_, err := tb.client.CreateJwtKey(ro, &identityv1.CreateJwtKeyRequest{Name: "x", PublicKey: p256PEM(t)})
	grpcxtest.RequireStatus(t, err, codes.PermissionDenied, "this API key is read-only")
	_, err = tb.client.DeleteJwtKey(ro, &identityv1.DeleteJwtKeyRequest{Id: idA})
	grpcxtest.RequireStatus(t, err, codes.PermissionDenied, "this API key is read-only")
	_, err = tb.client.ListJwtKeys(t.Context(), &identityv1.ListJwtKeysRequest{})
	assert.Equal(t, codes.PermissionDenied, statusCode(err), "the REST methods need a principal")

	ctxB := as(t, tb.ownerB)
	_, err = tb.client.GetJwtKey(ctxB, &identityv1.GetJwtKeyRequest{Id: idA})
	grpcxtest.RequireStatus(t, err, codes.NotFound, "Not found")
	_, err = tb.client.DeleteJwtKey(ctxB, &identityv1.DeleteJwtKeyRequest{Id: idA})
	grpcxtest.RequireStatus(t, err, codes.NotFound, "Not found")
	_, err = tb.client.GetJwtPublicKey(t.Context(), &identityv1.GetJwtPublicKeyRequest{AccountId: tb.ownerB.AccountID, KeyId: idA})
	grpcxtest.RequireStatus(t, err, codes.NotFound, "Not found")
	list, err := tb.client.ListJwtKeys(ctxB, &identityv1.ListJwtKeysRequest{})
	require.NoError(t, err)
	require.Len(t, list.GetItems(), 1)
	assert.Equal(t, idB, list.GetItems()[0].GetId())
	_, err = tb.client.GetJwtKey(as(t, tb.ownerA), &identityv1.GetJwtKeyRequest{Id: idA})
	require.NoError(t, err, "B's attempts left A's key alone")

	for _, bad := range []string{"", "bad", ids.New()} {
		_, err = tb.client.GetJwtPublicKey(t.Context(), &identityv1.GetJwtPublicKeyRequest{AccountId: tb.ownerA.AccountID, KeyId: bad})
		grpcxtest.RequireStatus(t, err, codes.NotFound, "Not found")
	}
}

func TestJwtKeysPagination(t *testing.T) {
	t.Parallel()
	tb := setup(t)
	var created []string
	for i := range 12 {
		created = append(created, tb.createJwtKey(t, tb.ownerB, fmt.Sprintf("key %02d", i)).GetId())
	}
	var seen []string
	var pages []int
	cursor := ""
	for {
		resp, err := tb.client.ListJwtKeys(as(t, tb.ownerB), &identityv1.ListJwtKeysRequest{Limit: new(int32(5)), Cursor: cursor})
		require.NoError(t, err)
		pages = append(pages, len(resp.GetItems()))
		for _, k := range resp.GetItems() {
			seen = append(seen, k.GetId())
		}
		if cursor = resp.GetNextCursor(); cursor == "" {
			break
		}
		require.Less(t, len(pages), 10, "paging does not end")
	}
	assert.Equal(t, []int{5, 5, 2}, pages)
	assert.Equal(t, created, seen, "every key once, oldest first")

	_, err := tb.client.ListJwtKeys(as(t, tb.ownerB), &identityv1.ListJwtKeysRequest{Limit: new(int32(26))})
	grpcxtest.RequireStatus(t, err, codes.InvalidArgument, "limit must be an integer from 1 to 25")
}
