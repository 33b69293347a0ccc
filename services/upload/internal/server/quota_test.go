package server_test

import (
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"google.golang.org/grpc/codes"
	"google.golang.org/protobuf/proto"

	uploadv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/upload/v1"

	"github.com/vidhost/vidhost/pkg/grpcx/grpcxtest"
	"github.com/vidhost/vidhost/pkg/principal"
	"github.com/vidhost/vidhost/services/upload/internal/uploadtest"
)

func setSettings(t *testing.T, b *uploadtest.Bundle, p principal.Principal, in *uploadv1.SetAccountSettingsRequest) *uploadv1.AccountSettings {
	t.Helper()
	in.AccountId = p.AccountID
	settings, err := b.Client.SetAccountSettings(uploadtest.AsOperator(t), in)
	require.NoError(t, err)
	return settings
}

func createErr(t *testing.T, b *uploadtest.Bundle, p principal.Principal, name string, size int) error {
	_, err := b.Client.CreateUpload(as(t, p), &uploadv1.CreateUploadRequest{Name: name, Size: float64(size)})
	return err
}

func TestSwitchOffRefusesUploads(t *testing.T) {
	t.Parallel()
	b := uploadtest.Start(t, uploadtest.Local)
	setSettings(t, b, b.Alice, &uploadv1.SetAccountSettingsRequest{UploadsEnabled: new(false)})

	err := createErr(t, b, b.Alice, "a.mp4", 1)

	requireRefusal(t, err, codes.FailedPrecondition, "uploads_disabled", "uploads are disabled for this account")
	assert.NoError(t, createErr(t, b, b.Bob, "a.mp4", 1), "another account is not affected")
	setSettings(t, b, b.Alice, &uploadv1.SetAccountSettingsRequest{UploadsEnabled: new(true)})
	assert.NoError(t, createErr(t, b, b.Alice, "a.mp4", 1))
}

func TestPerFileLimit(t *testing.T) {
	t.Parallel()
	b := uploadtest.Start(t, uploadtest.Local)
	setSettings(t, b, b.Alice, &uploadv1.SetAccountSettingsRequest{MaxFileBytes: new(int64(100))})

	assert.NoError(t, createErr(t, b, b.Alice, "a.mp4", 100))
	err := createErr(t, b, b.Alice, "a.mp4", 101)

	requireRefusal(t, err, codes.FailedPrecondition, "upload_file_too_large",
		"size is larger than this account's limit of 100 bytes per file")
}

func TestConcurrentUploadsQuota(t *testing.T) {
	t.Parallel()
	eachDriver(t, func(t *testing.T, b *uploadtest.Bundle) {
		setSettings(t, b, b.Alice, &uploadv1.SetAccountSettingsRequest{MaxConcurrent: new(int32(2))})
		first := create(t, b, b.Alice, "a.mp4", 10)
		second := create(t, b, b.Alice, "b.mp4", 10)

		err := createErr(t, b, b.Alice, "c.mp4", 10)
		requireRefusal(t, err, codes.ResourceExhausted, "upload_concurrency",
			"this account already has 2 uploads in progress")

		// Bytes that arrived free a slot, though nothing told the service.
		require.Equal(t, http.StatusOK, put(t, first.GetUrl(), randomBytes(t, 10)))
		create(t, b, b.Alice, "c.mp4", 10)
		// So does a delete.
		requireRefusal(t, createErr(t, b, b.Alice, "d.mp4", 10), codes.ResourceExhausted, "upload_concurrency", "")
		_, err = b.Client.DeleteUpload(as(t, b.Alice), &uploadv1.DeleteUploadRequest{Id: second.GetId()})
		require.NoError(t, err)
		create(t, b, b.Alice, "d.mp4", 10)
	})
}

func TestBytesQuota(t *testing.T) {
	t.Parallel()
	b := uploadtest.Start(t, uploadtest.Local)
	setSettings(t, b, b.Alice, &uploadv1.SetAccountSettingsRequest{QuotaBytes: new(int64(1000))})
	big := create(t, b, b.Alice, "a.mp4", 600)
	create(t, b, b.Alice, "b.mp4", 400)

	err := createErr(t, b, b.Alice, "c.mp4", 1)

	requireRefusal(t, err, codes.ResourceExhausted, "upload_quota_bytes",
		"this upload would take the account's uploads to 1001 bytes, over its quota of 1000 bytes")
	assert.NoError(t, createErr(t, b, b.Bob, "c.mp4", 1000), "quotas are per account")
	_, err = b.Client.DeleteUpload(as(t, b.Alice), &uploadv1.DeleteUploadRequest{Id: big.GetId()})
	require.NoError(t, err)
	assert.NoError(t, createErr(t, b, b.Alice, "c.mp4", 600), "a deleted upload no longer counts")
}

func TestAccountSettings(t *testing.T) {
	t.Parallel()
	b := uploadtest.Start(t, uploadtest.Local)
	operator := uploadtest.AsOperator(t)

	defaults, err := b.Client.GetAccountSettings(operator, &uploadv1.GetAccountSettingsRequest{AccountId: b.Alice.AccountID})
	require.NoError(t, err)
	want := &uploadv1.AccountSettings{
		AccountId: b.Alice.AccountID, UploadsEnabled: true,
		MaxFileBytes: b.Config.MaxFileBytes, QuotaBytes: b.Config.QuotaBytes, MaxConcurrent: b.Config.MaxConcurrent,
	}
	assert.True(t, proto.Equal(want, defaults), "defaults, no audit fields: %v", defaults)

	changed := setSettings(t, b, b.Alice, &uploadv1.SetAccountSettingsRequest{QuotaBytes: new(int64(5000))})
	assert.Equal(t, int64(5000), changed.GetQuotaBytes())
	assert.Equal(t, b.Config.MaxFileBytes, changed.GetMaxFileBytes(), "fields not sent keep their values")
	assert.Equal(t, "operator", changed.GetUpdatedBy())
	assert.NotEmpty(t, changed.GetUpdatedTime())

	_, err = b.Client.GetAccountSettings(operator, &uploadv1.GetAccountSettingsRequest{})
	grpcxtest.RequireStatus(t, err, codes.InvalidArgument, "account_id must be set")

	for _, tt := range []struct {
		in      *uploadv1.SetAccountSettingsRequest
		message string
	}{
		{&uploadv1.SetAccountSettingsRequest{AccountId: b.Alice.AccountID}, "request must change at least one field"},
		{&uploadv1.SetAccountSettingsRequest{QuotaBytes: new(int64(1))}, "account_id must be set"},
		{&uploadv1.SetAccountSettingsRequest{AccountId: b.Alice.AccountID, MaxFileBytes: new(int64(0))}, "max_file_bytes must be from 1 to 9007199254740992"},
		{&uploadv1.SetAccountSettingsRequest{AccountId: b.Alice.AccountID, QuotaBytes: new(int64(-1))}, "quota_bytes must be from 1 to 9007199254740992"},
		{&uploadv1.SetAccountSettingsRequest{AccountId: b.Alice.AccountID, MaxConcurrent: new(int32(0))}, "max_concurrent must be from 1 to 10000"},
	} {
		_, err := b.Client.SetAccountSettings(operator, tt.in)
		grpcxtest.RequireStatus(t, err, codes.InvalidArgument, tt.message)
	}
}

// Account settings are the operator's: a key's principal, forwarded by the
// gateway, reads or sets none, not even its own account's.
func TestAccountSettingsAreTheOperators(t *testing.T) {
	t.Parallel()
	b := uploadtest.Start(t, uploadtest.Local)
	_, err := b.Client.GetAccountSettings(as(t, b.Alice), &uploadv1.GetAccountSettingsRequest{AccountId: b.Alice.AccountID})
	grpcxtest.RequireStatus(t, err, codes.PermissionDenied, "internal call: not allowed")
	_, err = b.Client.SetAccountSettings(as(t, b.Alice), &uploadv1.SetAccountSettingsRequest{
		AccountId: b.Bob.AccountID, QuotaBytes: new(int64(1 << 40))})
	grpcxtest.RequireStatus(t, err, codes.PermissionDenied, "internal call: not allowed")
	_, err = b.Client.SetAccountSettings(uploadtest.AsCatalog(t, b.Alice), &uploadv1.SetAccountSettingsRequest{
		AccountId: b.Alice.AccountID, QuotaBytes: new(int64(1 << 40))})
	grpcxtest.RequireStatus(t, err, codes.PermissionDenied, "internal call: not allowed")
}

// Every method refuses calls without valid credentials from an allowed
// caller (grpcxtest tries each kind of bad one on each method).
func TestEveryMethodChecksItsCaller(t *testing.T) {
	t.Parallel()
	b := uploadtest.Start(t, uploadtest.Local)
	grpcxtest.CheckAccess(t, b.GRPCAddr, uploadtest.Root, &uploadv1.UploadService_ServiceDesc)
}
