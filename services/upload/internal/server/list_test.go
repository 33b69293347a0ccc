package server_test

import (
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"google.golang.org/grpc/codes"

	uploadv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/upload/v1"

	"github.com/vidhost/vidhost/pkg/grpcx/grpcxtest"
	"github.com/vidhost/vidhost/pkg/ids"
	"github.com/vidhost/vidhost/services/upload/app"
	"github.com/vidhost/vidhost/services/upload/internal/uploadtest"
)

func TestListPagesWithoutURLsOrDuplicates(t *testing.T) {
	t.Parallel()
	b := uploadtest.Start(t, uploadtest.Local)
	var created []string
	for _, name := range []string{"a.mp4", "b.jpg", "c.vtt", "d.mkv", "e.mov"} {
		created = append(created, create(t, b, b.Alice, name, 5).GetId())
	}
	create(t, b, b.Bob, "bob.mp4", 5)

	var listed []string
	cursor := ""
	for pages := 0; ; pages++ {
		require.Less(t, pages, 5, "pagination does not end")
		page, err := b.Client.ListUploads(as(t, b.Alice), &uploadv1.ListUploadsRequest{Limit: new(int32(2)), Cursor: cursor})
		require.NoError(t, err)
		assert.LessOrEqual(t, len(page.GetItems()), 2)
		for _, u := range page.GetItems() {
			assert.Empty(t, u.GetUrl(), "lists never carry URLs")
			assert.NotEmpty(t, u.GetKey())
			listed = append(listed, u.GetId())
		}
		if cursor = page.GetNextCursor(); cursor == "" {
			break
		}
	}
	assert.Equal(t, created, listed, "oldest first, each once, only Alice's")

	_, err := b.Client.ListUploads(as(t, b.Alice), &uploadv1.ListUploadsRequest{Limit: new(int32(26))})
	grpcxtest.RequireStatus(t, err, codes.InvalidArgument, "limit must be an integer from 1 to 25")
}

func TestDeleteRemovesRecordAndObject(t *testing.T) {
	t.Parallel()
	eachDriver(t, func(t *testing.T, b *uploadtest.Bundle) {
		u := uploaded(t, b, "a.mp4")

		_, err := b.Client.DeleteUpload(as(t, b.Bob), &uploadv1.DeleteUploadRequest{Id: u.GetId()})
		grpcxtest.RequireStatus(t, err, codes.NotFound, "Not found")
		_, err = b.Client.DeleteUpload(as(t, b.Alice), &uploadv1.DeleteUploadRequest{Id: u.GetId()})
		require.NoError(t, err)

		info, err := b.Objects.Stat(t.Context(), u.GetKey())
		require.NoError(t, err, "a tombstone holds the key")
		assert.Zero(t, info.Size, "the bytes are gone")
		list, err := b.Client.ListUploads(as(t, b.Alice), &uploadv1.ListUploadsRequest{})
		require.NoError(t, err)
		assert.Empty(t, list.GetItems())
		_, err = b.Client.DeleteUpload(as(t, b.Alice), &uploadv1.DeleteUploadRequest{Id: u.GetId()})
		grpcxtest.RequireStatus(t, err, codes.NotFound, "Not found")
		_, err = b.Client.DeleteUpload(as(t, b.Alice), &uploadv1.DeleteUploadRequest{Id: "not-an-id"})
		grpcxtest.RequireStatus(t, err, codes.NotFound, "Not found")
	})
}

func TestDeletingAReferencedUploadKeepsItsObject(t *testing.T) {
	t.Parallel()
	b := uploadtest.Start(t, uploadtest.Local)
	u := uploaded(t, b, "a.mp4")
	_, err := resolve(t, b, b.Alice, u.GetId(), uploadv1.UploadKind_UPLOAD_KIND_VIDEO)
	require.NoError(t, err)

	_, err = b.Client.DeleteUpload(as(t, b.Alice), &uploadv1.DeleteUploadRequest{Id: u.GetId()})
	require.NoError(t, err)

	_, err = b.Objects.Stat(t.Context(), u.GetKey())
	assert.NoError(t, err, "the consumer that resolved it owns the object")
}

func TestExpiredURLIsRefused(t *testing.T) {
	t.Parallel()
	for _, d := range uploadtest.Drivers {
		t.Run(string(d), func(t *testing.T) {
			b := uploadtest.Start(t, d, func(c *app.Config) { c.URLTTL = time.Second })
			u := create(t, b, b.Alice, "a.mp4", 10)

			// Both drivers sign expiry in whole seconds; after 2.5 s a
			// 1 s URL has expired however the second boundaries fall.
			time.Sleep(2500 * time.Millisecond)

			assert.Equal(t, http.StatusForbidden, put(t, u.GetUrl(), randomBytes(t, 10)))
			_, err := b.Objects.Stat(t.Context(), u.GetKey())
			assert.Error(t, err)
		})
	}
}

func TestOtherAccountsNeverSeeUploads(t *testing.T) {
	t.Parallel()
	b := uploadtest.Start(t, uploadtest.Local)
	create(t, b, b.Alice, "a.mp4", 5)

	list, err := b.Client.ListUploads(as(t, b.Bob), &uploadv1.ListUploadsRequest{})

	require.NoError(t, err)
	assert.Empty(t, list.GetItems())
	assert.True(t, ids.Valid(b.Bob.AccountID))
}
