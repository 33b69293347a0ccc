package server_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"google.golang.org/grpc/codes"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/types/known/fieldmaskpb"

	eventsv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/events/v1"
	hooksv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/hooks/v1"

	"github.com/vidhost/vidhost/pkg/grpcx/grpcxtest"
	"github.com/vidhost/vidhost/pkg/natsx"
)

func TestWebhookSecretIsShownOnceAndRotates(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ctx := as(t, b.alice)
	created := createWebhook(t, b, b.alice)
	require.NotNil(t, created.Secret)
	assert.True(t, strings.HasPrefix(created.GetSecret(), "whsec_"), created.GetSecret())
	assert.Equal(t, "https://hooks.example.com/in", created.GetUrl())
	assert.Nil(t, created.BaseUrl, "only the fields of its type")

	got, err := b.client.GetService(ctx, &hooksv1.GetServiceRequest{Id: created.GetId()})
	require.NoError(t, err)
	assert.Nil(t, got.Secret, "a GET never shows the secret")
	list, err := b.client.ListServices(ctx, &hooksv1.ListServicesRequest{})
	require.NoError(t, err)
	require.Len(t, list.GetItems(), 1)
	assert.Nil(t, list.GetItems()[0].Secret)

	rotated, err := b.client.RotateServiceSecret(ctx, &hooksv1.RotateServiceSecretRequest{Id: created.GetId()})
	require.NoError(t, err)
	assert.True(t, strings.HasPrefix(rotated.GetSecret(), "whsec_"))
	assert.NotEqual(t, created.GetSecret(), rotated.GetSecret())

	renamed, err := b.client.UpdateService(ctx, &hooksv1.UpdateServiceRequest{Id: created.GetId(),
		Service: &hooksv1.Service{Name: "Renamed"}, UpdateMask: &fieldmaskpb.FieldMask{Paths: []string{"name"}}})
	require.NoError(t, err)
	assert.Equal(t, "Renamed", renamed.GetName())
	assert.Nil(t, renamed.Secret, "a PATCH never shows the secret")
}

func TestCredentialsAreEncryptedAtRest(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ctx := as(t, b.alice)
	webhook := createWebhook(t, b, b.alice)
	_, err := b.client.CreateService(ctx, &hooksv1.CreateServiceRequest{Name: "Archive", Type: "s3",
		Endpoint: "https://s3.example.com", Region: "eu-west-1", Bucket: "archive", AccessKeyId: "AKIAEXAMPLE", SecretAccessKey: "very-secret-s3-key"})
	require.NoError(t, err)

	pool := b.db.Pool(t)
	rows, err := pool.Query(t.Context(), "SELECT row_to_json(s)::text FROM "+b.db.Schema+".services s")
	require.NoError(t, err)
	defer rows.Close()
	dump := ""
	for rows.Next() {
		var row string
		require.NoError(t, rows.Scan(&row))
		dump += row
	}
	require.NoError(t, rows.Err())
	assert.Contains(t, dump, "archive", "the rows were read")
	for _, secret := range []string{webhook.GetSecret(), strings.TrimPrefix(webhook.GetSecret(), "whsec_"), "AKIAEXAMPLE", "very-secret-s3-key"} {
		assert.NotContains(t, dump, secret)
	}
}

func TestServiceEventsCarryNoCredential(t *testing.T) {
	t.Parallel()
	b := setup(t)
	events := b.events(t)
	created := createWebhook(t, b, b.alice)

	msg := next(t, events)
	assert.Equal(t, natsx.SubjectServiceCreated, msg.Subject())
	assert.NotContains(t, string(msg.Data()), created.GetSecret())
	var event eventsv1.ServiceEvent
	require.NoError(t, protojson.Unmarshal(msg.Data(), &event))
	assert.Equal(t, created.GetId(), event.GetService().GetId())
	assert.Equal(t, b.alice.AccountID, event.GetMeta().GetAccountId())
	assert.Nil(t, event.GetService().Secret)
}

func TestServiceValidation(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ctx := as(t, b.alice)
	tests := []struct {
		name string
		req  *hooksv1.CreateServiceRequest
		want string
	}{
		{"no type", &hooksv1.CreateServiceRequest{Name: "x"}, "type must be webhook, vidhost or s3"},
		{"http", &hooksv1.CreateServiceRequest{Name: "x", Type: "webhook", Url: "http://hooks.example.com"}, "url must be an https URL"},
		{"metadata", &hooksv1.CreateServiceRequest{Name: "x", Type: "webhook", Url: "https://169.254.169.254/latest"},
			"url must not point at a private, loopback or link-local address"},
		{"loopback", &hooksv1.CreateServiceRequest{Name: "x", Type: "webhook", Url: "https://127.0.0.1/"},
			"url must not point at a private, loopback or link-local address"},
		{"hex loopback", &hooksv1.CreateServiceRequest{Name: "x", Type: "webhook", Url: "https://0x7f000001/"},
			"url must not point at a private, loopback or link-local address"},
		{"octal loopback", &hooksv1.CreateServiceRequest{Name: "x", Type: "webhook", Url: "https://0177.0.0.1/"},
			"url must not point at a private, loopback or link-local address"},
		{"short decimal loopback", &hooksv1.CreateServiceRequest{Name: "x", Type: "vidhost", BaseUrl: "https://127.1/v2", ApiKey: "k"},
			"base_url must not point at a private, loopback or link-local address"},
		{"foreign field", &hooksv1.CreateServiceRequest{Name: "x", Type: "vidhost", BaseUrl: "https://v.example.com/v2", ApiKey: "k", Bucket: "b"},
			"bucket is not a vidhost service field"},
		{"no api key", &hooksv1.CreateServiceRequest{Name: "x", Type: "vidhost", BaseUrl: "https://v.example.com/v2"}, "api_key must be 1-200 characters"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := b.client.CreateService(ctx, tt.req)
			grpcxtest.RequireStatus(t, err, codes.InvalidArgument, tt.want)
		})
	}
	s := createWebhook(t, b, b.alice)
	_, err := b.client.UpdateService(ctx, &hooksv1.UpdateServiceRequest{Id: s.GetId(),
		Service: &hooksv1.Service{Type: "s3"}, UpdateMask: &fieldmaskpb.FieldMask{Paths: []string{"type"}}})
	grpcxtest.RequireStatus(t, err, codes.InvalidArgument, "type cannot be changed: create another service")
	_, err = b.client.RotateServiceSecret(ctx, &hooksv1.RotateServiceSecretRequest{Id: createVidhost(t, b).GetId()})
	grpcxtest.RequireStatus(t, err, codes.FailedPrecondition, "only a webhook service has a signing secret to rotate")
}

func createVidhost(t *testing.T, b testBundle) *hooksv1.Service {
	t.Helper()
	s, err := b.client.CreateService(as(t, b.alice), &hooksv1.CreateServiceRequest{Name: "Mirror", Type: "vidhost",
		BaseUrl: "https://v.example.com/v2", ApiKey: "other-instance-key"})
	require.NoError(t, err)
	assert.Nil(t, s.ApiKey, "write-only")
	assert.Nil(t, s.Secret)
	return s
}

func TestAnotherAccountsServiceIsNotFound(t *testing.T) {
	t.Parallel()
	b := setup(t)
	s := createWebhook(t, b, b.alice)
	ctx := as(t, b.bob)

	_, err := b.client.GetService(ctx, &hooksv1.GetServiceRequest{Id: s.GetId()})
	grpcxtest.RequireStatus(t, err, codes.NotFound, "Not found")
	_, err = b.client.RotateServiceSecret(ctx, &hooksv1.RotateServiceSecretRequest{Id: s.GetId()})
	grpcxtest.RequireStatus(t, err, codes.NotFound, "Not found")
	_, err = b.client.UpdateService(ctx, &hooksv1.UpdateServiceRequest{Id: s.GetId(),
		Service: &hooksv1.Service{Name: "Bob's"}, UpdateMask: &fieldmaskpb.FieldMask{Paths: []string{"name"}}})
	grpcxtest.RequireStatus(t, err, codes.NotFound, "Not found")
	_, err = b.client.DeleteService(ctx, &hooksv1.DeleteServiceRequest{Id: s.GetId()})
	grpcxtest.RequireStatus(t, err, codes.NotFound, "Not found")
	list, err := b.client.ListServices(ctx, &hooksv1.ListServicesRequest{})
	require.NoError(t, err)
	assert.Empty(t, list.GetItems())
}

func TestServicesPageByCursor(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ctx := as(t, b.alice)
	for range 3 {
		createWebhook(t, b, b.alice)
	}
	limit := int32(2)
	first, err := b.client.ListServices(ctx, &hooksv1.ListServicesRequest{Limit: &limit})
	require.NoError(t, err)
	require.Len(t, first.GetItems(), 2)
	require.NotEmpty(t, first.GetNextCursor())
	second, err := b.client.ListServices(ctx, &hooksv1.ListServicesRequest{Limit: &limit, Cursor: first.GetNextCursor()})
	require.NoError(t, err)
	require.Len(t, second.GetItems(), 1)
	assert.Empty(t, second.GetNextCursor())
	assert.NotEqual(t, first.GetItems()[1].GetId(), second.GetItems()[0].GetId())
}
