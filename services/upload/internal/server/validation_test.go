package server_test

import (
	"math"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"google.golang.org/grpc/codes"

	"github.com/vidhost/vidhost/pkg/grpcx/grpcxtest"
	uploadv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/upload/v1"

	"github.com/vidhost/vidhost/services/upload/internal/uploadtest"
)

func TestCreateUploadValidation(t *testing.T) {
	b := uploadtest.Start(t, uploadtest.Local)
	const badName = "name must end with .mp4, .mov, .mpg, .wmv, .mkv, .jpg or .vtt"
	const badSize = "size must be a whole number of bytes from 1 to 9007199254740992"
	tests := []struct {
		name, file string
		size       float64
		message    string
	}{
		{"no name", "", 10, "name must be 1-255 characters"},
		{"long name", strings.Repeat("a", 252) + ".mp4", 10, "name must be 1-255 characters"},
		{"control character", "a\nb.mp4", 10, "name must not contain control characters"},
		{"no extension", "movie", 10, badName},
		{"other extension", "movie.avi", 10, badName},
		{"jpeg spelling", "thumb.jpeg", 10, badName},
		{"extension only in the middle", "movie.mp4.exe", 10, badName},
		{"zero size", "a.mp4", 0, badSize},
		{"negative size", "a.mp4", -1, badSize},
		{"fractional size", "a.mp4", 1.5, badSize},
		{"huge size", "a.mp4", 1e300, badSize},
		{"not a number", "a.mp4", math.NaN(), badSize},
		{"infinite", "a.mp4", math.Inf(1), badSize},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := b.Client.CreateUpload(as(t, b.Alice), &uploadv1.CreateUploadRequest{Name: tt.file, Size: tt.size})
			grpcxtest.RequireStatus(t, err, codes.InvalidArgument, tt.message)
		})
	}
	list, err := b.Client.ListUploads(as(t, b.Alice), &uploadv1.ListUploadsRequest{})
	require.NoError(t, err)
	assert.Empty(t, list.GetItems(), "no refused upload was recorded")
}

func TestEveryAllowedExtensionIsAccepted(t *testing.T) {
	b := uploadtest.Start(t, uploadtest.Local)
	for _, name := range []string{"a.mp4", "a.mov", "a.mpg", "a.wmv", "a.mkv", "a.jpg", "a.vtt", "B.JPG", "Ünïcødé 名前.mkv"} {
		u := create(t, b, b.Alice, name, 1)
		assert.Equal(t, name, u.GetName())
	}
}

func TestCallsNeedAPrincipalAndWritesAWriter(t *testing.T) {
	b := uploadtest.Start(t, uploadtest.Local)
	_, err := b.Client.CreateUpload(t.Context(), &uploadv1.CreateUploadRequest{Name: "a.mp4", Size: 1})
	grpcxtest.RequireStatus(t, err, codes.PermissionDenied, "internal call: not allowed")

	readOnly := b.Alice
	readOnly.ReadOnly = true
	_, err = b.Client.CreateUpload(as(t, readOnly), &uploadv1.CreateUploadRequest{Name: "a.mp4", Size: 1})
	grpcxtest.RequireStatus(t, err, codes.PermissionDenied, "this API key is read-only")
	_, err = b.Client.DeleteUpload(as(t, readOnly), &uploadv1.DeleteUploadRequest{Id: create(t, b, b.Alice, "a.mp4", 1).GetId()})
	grpcxtest.RequireStatus(t, err, codes.PermissionDenied, "this API key is read-only")
	_, err = b.Client.ListUploads(as(t, readOnly), &uploadv1.ListUploadsRequest{})
	assert.NoError(t, err, "read-only keys may list")
}
