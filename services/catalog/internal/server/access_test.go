package server_test

import (
	"testing"

	"google.golang.org/grpc/codes"
	"google.golang.org/protobuf/types/known/fieldmaskpb"

	catalogv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/catalog/v1"

	"github.com/vidhost/vidhost/pkg/grpcx/grpcxtest"
)

func TestReadOnlyKeysCannotWrite(t *testing.T) {
	t.Parallel()
	b := setup(t)
	category := createCategory(t, b, b.alice, "Sport", "sport")
	reader := b.alice
	reader.ReadOnly = true
	ctx := as(t, reader)

	_, err := b.client.GetCategory(ctx, &catalogv1.GetCategoryRequest{Id: category.GetId()})
	grpcxtest.RequireStatus(t, err, codes.OK, "")
	_, err = b.client.CreateCategory(ctx, &catalogv1.CreateCategoryRequest{Name: "News", Value: "news"})
	grpcxtest.RequireStatus(t, err, codes.PermissionDenied, "this API key is read-only")
	_, err = b.client.UpdatePlayer(ctx, &catalogv1.UpdatePlayerRequest{
		Id: category.GetId(), UpdateMask: &fieldmaskpb.FieldMask{Paths: []string{"name"}}})
	grpcxtest.RequireStatus(t, err, codes.PermissionDenied, "this API key is read-only")
	_, err = b.client.DeleteCategory(ctx, &catalogv1.DeleteCategoryRequest{Id: category.GetId()})
	grpcxtest.RequireStatus(t, err, codes.PermissionDenied, "this API key is read-only")
}

func TestGatewayCallsWithoutPrincipalAreRefused(t *testing.T) {
	t.Parallel()
	b := setup(t)

	_, err := b.client.ListPlayers(t.Context(), &catalogv1.ListPlayersRequest{})
	grpcxtest.RequireStatus(t, err, codes.PermissionDenied, "internal call: not allowed")
}

// Every method refuses calls without valid credentials from an allowed
// caller (grpcxtest tries each kind of bad one on each method).
func TestEveryMethodChecksItsCaller(t *testing.T) {
	t.Parallel()
	b := setup(t)
	grpcxtest.CheckAccess(t, b.addr, root, &catalogv1.CatalogService_ServiceDesc)
}

func TestMalformedIDsAreNotFound(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ctx := as(t, b.alice)

	for _, id := range []string{"", "short", "has a space in it......", "../../../etc/passwd!!!"} {
		_, err := b.client.GetPlayer(ctx, &catalogv1.GetPlayerRequest{Id: id})
		grpcxtest.RequireStatus(t, err, codes.NotFound, "Not found")
		_, err = b.client.DeleteCategory(ctx, &catalogv1.DeleteCategoryRequest{Id: id})
		grpcxtest.RequireStatus(t, err, codes.NotFound, "Not found")
	}
}
