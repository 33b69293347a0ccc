package server_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"google.golang.org/grpc/codes"

	uploadv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/upload/v1"

	"github.com/vidhost/vidhost/services/upload/internal/uploadtest"
)

// A URL source obeys the account's upload limits: its download is bounded
// by the per-file limit or what the bytes quota has left, and it is refused
// when the quota is full or uploads are off.
func TestURLSourcesObeyUploadLimits(t *testing.T) {
	t.Parallel()
	b := uploadtest.Start(t, uploadtest.Local)
	setSettings(t, b, b.Alice, &uploadv1.SetAccountSettingsRequest{
		MaxFileBytes: new(int64(600)), QuotaBytes: new(int64(1000)),
	})
	allow := func() (*uploadv1.UrlSourceAllowance, error) {
		return b.Client.AllowUrlSource(uploadtest.AsCatalog(t, b.Alice), &uploadv1.AllowUrlSourceRequest{})
	}

	got, err := allow()
	require.NoError(t, err)
	assert.Equal(t, int64(600), got.GetMaxBytes(), "the per-file limit")
	create(t, b, b.Alice, "a.mp4", 500)
	got, err = allow()
	require.NoError(t, err)
	assert.Equal(t, int64(500), got.GetMaxBytes(), "what the bytes quota has left")
	create(t, b, b.Alice, "b.mp4", 500)
	_, err = allow()
	requireRefusal(t, err, codes.ResourceExhausted, "upload_quota_bytes", "this upload would take the account's uploads to 1001 bytes")
	_, err = b.Client.AllowUrlSource(uploadtest.AsCatalog(t, b.Bob), &uploadv1.AllowUrlSourceRequest{})
	assert.NoError(t, err, "another account is not affected")

	setSettings(t, b, b.Bob, &uploadv1.SetAccountSettingsRequest{UploadsEnabled: new(false)})
	_, err = b.Client.AllowUrlSource(uploadtest.AsCatalog(t, b.Bob), &uploadv1.AllowUrlSourceRequest{})
	requireRefusal(t, err, codes.FailedPrecondition, "uploads_disabled", "uploads are disabled for this account")
	list, err := b.Client.ListUploads(as(t, b.Alice), &uploadv1.ListUploadsRequest{})
	require.NoError(t, err)
	assert.Len(t, list.GetItems(), 2, "nothing is recorded for a URL source")
}
