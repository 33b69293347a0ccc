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
	t.Parallel()
	b := uploadtest.Start(t, uploadtest.Local)
	const badSize = "size must be a whole number of bytes from 1 to 9007199254740992"
	tests := []struct {
		name, file string
		size       float64
		message    string
	}{
		{"no name", "", 10, "name must be 1-255 characters"},
		{"long name", strings.Repeat("a", 252) + ".mp4", 10, "name must be 1-255 characters"},
		{"control character", "a\nb.mp4", 10, "name must not contain control characters"},
		{"zero size", "a.mp4", 0, "size must be at least 1 byte: the file is empty"},
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

// A video's name is not checked against a list: the transcode worker reads
// the content, so .webm, .ts or no extension at all are uploads like .mp4.
func TestAnyNameIsAccepted(t *testing.T) {
	t.Parallel()
	b := uploadtest.Start(t, uploadtest.Local)
	names := []string{"a.mp4", "a.mov", "a.mpg", "a.wmv", "a.mkv", "a.jpg", "a.vtt", "B.JPG", "Ünïcødé 名前.mkv",
		"a.webm", "a.m4v", "a.avi", "a.flv", "a.ts", "a.3gp", "a.ogv", "movie", "movie.mp4.exe"}
	for _, name := range names {
		u := create(t, b, b.Alice, name, 1)
		assert.Equal(t, name, u.GetName())
		// Out of the way of the account's limit of uploads in progress.
		_, err := b.Client.DeleteUpload(as(t, b.Alice), &uploadv1.DeleteUploadRequest{Id: u.GetId()})
		require.NoError(t, err)
	}
}

func TestCallsNeedAPrincipalAndWritesAWriter(t *testing.T) {
	t.Parallel()
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
