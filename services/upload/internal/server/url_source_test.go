package server_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"google.golang.org/grpc/codes"

	uploadv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/upload/v1"

	"github.com/vidhost/vidhost/services/upload/internal/uploadtest"
)

// A URL source is counted like an upload: it takes the per-file limit (or
// what is left of the bytes quota) and a concurrency slot, is refused when
// the quota is full or uploads are off, and never shows in lists.
func TestURLSourcesCountAgainstUploadQuotas(t *testing.T) {
	b := uploadtest.Start(t, uploadtest.Local)
	setSettings(t, b, b.Alice, &uploadv1.SetAccountSettingsRequest{
		MaxFileBytes: new(int64(600)), QuotaBytes: new(int64(1000)), MaxConcurrent: new(int32(3)),
	})
	reserve := func() (*uploadv1.UrlSourceReservation, error) {
		return b.Client.ReserveUrlSource(as(t, b.Alice), &uploadv1.ReserveUrlSourceRequest{})
	}

	first, err := reserve()
	require.NoError(t, err)
	assert.Equal(t, int64(600), first.GetMaxBytes(), "the per-file limit")
	second, err := reserve()
	require.NoError(t, err)
	assert.Equal(t, int64(400), second.GetMaxBytes(), "what the bytes quota left")
	_, err = reserve()
	requireRefusal(t, err, codes.ResourceExhausted, "upload_quota_bytes", "this upload would take the account's uploads to 1001 bytes")
	requireRefusal(t, createErr(t, b, b.Alice, "a.mp4", 1), codes.ResourceExhausted, "upload_quota_bytes",
		"this upload would take the account's uploads to 1001 bytes")

	list, err := b.Client.ListUploads(as(t, b.Alice), &uploadv1.ListUploadsRequest{})
	require.NoError(t, err)
	assert.Empty(t, list.GetItems(), "reservations are not the client's uploads")
	_, err = b.Client.ReserveUrlSource(as(t, b.Bob), &uploadv1.ReserveUrlSourceRequest{})
	assert.NoError(t, err, "another account is not affected")

	setSettings(t, b, b.Alice, &uploadv1.SetAccountSettingsRequest{UploadsEnabled: new(false)})
	_, err = reserve()
	requireRefusal(t, err, codes.FailedPrecondition, "uploads_disabled", "uploads are disabled for this account")
}
