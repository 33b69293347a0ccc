package server_test

import (
	"testing"

	"google.golang.org/grpc/codes"

	hooksv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/hooks/v1"

	"github.com/vidhost/vidhost/pkg/grpcx/grpcxtest"
)

// Every method refuses calls without valid credentials from an allowed
// caller (grpcxtest tries each kind of bad one on each method).
func TestEveryMethodChecksItsCaller(t *testing.T) {
	t.Parallel()
	b := setup(t)
	grpcxtest.CheckAccess(t, b.addr, root, &hooksv1.HooksService_ServiceDesc)
}

func TestReadOnlyKeysCannotWrite(t *testing.T) {
	t.Parallel()
	b := setup(t)
	service := createWebhook(t, b, b.alice)
	reader := b.alice
	reader.ReadOnly = true
	ctx := as(t, reader)

	_, err := b.client.GetService(ctx, &hooksv1.GetServiceRequest{Id: service.GetId()})
	grpcxtest.RequireStatus(t, err, codes.OK, "")
	_, err = b.client.RotateServiceSecret(ctx, &hooksv1.RotateServiceSecretRequest{Id: service.GetId()})
	grpcxtest.RequireStatus(t, err, codes.PermissionDenied, "this API key is read-only")
	_, err = b.client.CreateHook(ctx, &hooksv1.CreateHookRequest{Name: "x", Event: "video.created", Service: service.GetId(), Action: "videos.insert"})
	grpcxtest.RequireStatus(t, err, codes.PermissionDenied, "this API key is read-only")
}

func TestMalformedIDsAreNotFound(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ctx := as(t, b.alice)
	for _, id := range []string{"", "short", "../../../etc/passwd!!!"} {
		_, err := b.client.GetService(ctx, &hooksv1.GetServiceRequest{Id: id})
		grpcxtest.RequireStatus(t, err, codes.NotFound, "Not found")
		_, err = b.client.DeleteHook(ctx, &hooksv1.DeleteHookRequest{Id: id})
		grpcxtest.RequireStatus(t, err, codes.NotFound, "Not found")
	}
}
