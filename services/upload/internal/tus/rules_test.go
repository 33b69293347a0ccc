package tus_test

import (
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	uploadv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/upload/v1"

	"github.com/vidhost/vidhost/pkg/principal"
	"github.com/vidhost/vidhost/services/upload/internal/uploadtest"
)

func TestCreationFollowsTheUploadRules(t *testing.T) {
	b := uploadtest.Start(t, uploadtest.Local)
	c := tusClient(t, b, b.Alice)
	tests := []struct {
		name    string
		resp    func() *http.Response
		status  int
		message string
	}{
		{"no principal", func() *http.Response { return tusClient(t, b, principal.Principal{}).create("a.mp4", 10) },
			http.StatusUnauthorized, "a valid API key is required"},
		{"no file name", func() *http.Response { return c.create("", 10) },
			http.StatusBadRequest, "name must be 1-255 characters"},
		{"empty file", func() *http.Response { return c.create("a.mp4", 0) },
			http.StatusBadRequest, "size must be at least 1 byte: the file is empty"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resp := tt.resp()
			require.Equal(t, tt.status, resp.StatusCode)
			assert.Equal(t, tt.message, decodeFailure(t, resp).Errors[0].Message)
		})
	}
	t.Run("deferred length", func(t *testing.T) {
		resp := c.do(http.MethodPost, b.TusURL, http.Header{"Upload-Defer-Length": {"1"}}, nil)
		assert.GreaterOrEqual(t, resp.StatusCode, 400, "an upload must declare its size")
	})
	list, err := b.Client.ListUploads(uploadtest.As(t, b.Alice), &uploadv1.ListUploadsRequest{})
	require.NoError(t, err)
	assert.Empty(t, list.GetItems(), "no refused upload was recorded")
}

func TestQuotasApplyToTus(t *testing.T) {
	for _, d := range uploadtest.Drivers {
		t.Run(string(d), func(t *testing.T) {
			b := uploadtest.Start(t, d)
			setSettings(t, b, &uploadv1.SetAccountSettingsRequest{MaxConcurrent: new(int32(1))})
			c := tusClient(t, b, b.Alice)
			first := c.create("a.mp4", 10)
			require.Equal(t, http.StatusCreated, first.StatusCode)

			refused := c.create("b.mp4", 10)
			require.Equal(t, http.StatusTooManyRequests, refused.StatusCode)
			assert.Equal(t, "upload_concurrency", decodeFailure(t, refused).Errors[0].Code)

			done := c.patch(first.Header.Get("Location"), 0, randomBytes(t, 10))
			require.Equal(t, http.StatusNoContent, done.StatusCode)
			assert.Equal(t, http.StatusCreated, c.create("b.mp4", 10).StatusCode, "a finished upload frees its slot")
		})
	}
}

func TestSwitchAndSizeLimitApplyToTus(t *testing.T) {
	b := uploadtest.Start(t, uploadtest.Local)
	c := tusClient(t, b, b.Alice)
	setSettings(t, b, &uploadv1.SetAccountSettingsRequest{MaxFileBytes: new(int64(100))})
	tooLarge := c.create("a.mp4", 101)
	require.Equal(t, http.StatusConflict, tooLarge.StatusCode)
	assert.Equal(t, "upload_file_too_large", decodeFailure(t, tooLarge).Errors[0].Code)

	setSettings(t, b, &uploadv1.SetAccountSettingsRequest{UploadsEnabled: new(false)})
	disabled := c.create("a.mp4", 10)
	require.Equal(t, http.StatusConflict, disabled.StatusCode)
	assert.Equal(t, "uploads_disabled", decodeFailure(t, disabled).Errors[0].Code)
}

func setSettings(t *testing.T, b *uploadtest.Bundle, in *uploadv1.SetAccountSettingsRequest) {
	t.Helper()
	in.AccountId = b.Alice.AccountID
	_, err := b.Client.SetAccountSettings(uploadtest.AsOperator(t), in)
	require.NoError(t, err)
}
