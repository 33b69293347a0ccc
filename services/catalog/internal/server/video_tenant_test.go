package server_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"google.golang.org/grpc/codes"
	"google.golang.org/protobuf/types/known/fieldmaskpb"

	"github.com/vidhost/vidhost/pkg/grpcx/grpcxtest"
	catalogv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/catalog/v1"
)

// Another account's videos, their overlays and folders behave exactly
// like ids that do not exist, and never appear in lists.
func TestVideoTenantIsolation(t *testing.T) {
	t.Parallel()
	b := setup(t)
	alice := as(t, b.alice)
	v := createVideo(t, b, b.alice, "Alice's")
	card, err := b.client.CreateCard(alice, cardRequest(v.GetId()))
	require.NoError(t, err)
	chapter, err := b.client.CreateChapter(alice, &catalogv1.CreateChapterRequest{VideoId: v.GetId(), Name: "C", Start: "00:00:01"})
	require.NoError(t, err)
	folder := createFolder(t, b, b.alice, "Alice's", "")
	_, err = b.client.AddFolderVideo(alice, &catalogv1.AddFolderVideoRequest{FolderId: folder.GetId(), VideoId: v.GetId()})
	require.NoError(t, err)
	bobsFolder := createFolder(t, b, b.bob, "Bob's", "")
	bob := as(t, b.bob)
	nameMask := &fieldmaskpb.FieldMask{Paths: []string{"name"}}

	calls := map[string]func() error{
		"get video": func() error { _, err := b.client.GetVideo(bob, &catalogv1.GetVideoRequest{Id: v.GetId()}); return err },
		"update video": func() error {
			_, err := b.client.UpdateVideo(bob, &catalogv1.UpdateVideoRequest{Id: v.GetId(), Video: &catalogv1.Video{Name: "Mine"}, UpdateMask: nameMask})
			return err
		},
		"delete video": func() error {
			_, err := b.client.DeleteVideo(bob, &catalogv1.DeleteVideoRequest{Id: v.GetId()})
			return err
		},
		"create card": func() error { _, err := b.client.CreateCard(bob, cardRequest(v.GetId())); return err },
		"update card": func() error {
			_, err := b.client.UpdateCard(bob, &catalogv1.UpdateCardRequest{VideoId: v.GetId(), Id: card.GetId(), Card: &catalogv1.Card{Name: "x"}, UpdateMask: nameMask})
			return err
		},
		"delete chapter": func() error {
			_, err := b.client.DeleteChapter(bob, &catalogv1.DeleteChapterRequest{VideoId: v.GetId(), Id: chapter.GetId()})
			return err
		},
		"get folder": func() error {
			_, err := b.client.GetFolder(bob, &catalogv1.GetFolderRequest{Id: folder.GetId()})
			return err
		},
		"folder videos": func() error {
			_, err := b.client.ListFolderVideos(bob, &catalogv1.ListFolderVideosRequest{FolderId: folder.GetId()})
			return err
		},
		"delete folder": func() error {
			_, err := b.client.DeleteFolder(bob, &catalogv1.DeleteFolderRequest{Id: folder.GetId()})
			return err
		},
		"file alice's video in bob's folder": func() error {
			_, err := b.client.AddFolderVideo(bob, &catalogv1.AddFolderVideoRequest{FolderId: bobsFolder.GetId(), VideoId: v.GetId()})
			return err
		},
		"take alice's video out of her folder": func() error {
			_, err := b.client.RemoveFolderVideo(bob, &catalogv1.RemoveFolderVideoRequest{FolderId: folder.GetId(), VideoId: v.GetId()})
			return err
		},
	}
	for name, call := range calls {
		t.Run(name, func(t *testing.T) {
			grpcxtest.RequireStatus(t, call(), codes.NotFound, "Not found")
		})
	}

	videos, err := b.client.ListVideos(bob, &catalogv1.ListVideosRequest{})
	require.NoError(t, err)
	assert.Empty(t, videos.GetItems())
	filtered, err := b.client.ListVideos(bob, &catalogv1.ListVideosRequest{Folder: folder.GetId()})
	require.NoError(t, err)
	assert.Empty(t, filtered.GetItems(), "another account's folder filters to nothing")
	folders, err := b.client.ListFolders(bob, &catalogv1.ListFoldersRequest{})
	require.NoError(t, err)
	assertProtos(t, []*catalogv1.Folder{bobsFolder}, folders.GetItems(), "bob sees his folder only")

	still := getVideo(t, b, b.alice, v.GetId())
	assert.Equal(t, "Alice's", still.GetName(), "bob's calls changed nothing")
	assert.Len(t, still.GetCards(), 1)
	assert.Len(t, still.GetChapters(), 1)
	inFolder, err := b.client.ListFolderVideos(alice, &catalogv1.ListFolderVideosRequest{FolderId: folder.GetId()})
	require.NoError(t, err)
	assert.Len(t, inFolder.GetItems(), 1)
}

func TestReadOnlyKeysCannotWriteVideos(t *testing.T) {
	t.Parallel()
	b := setup(t)
	v := createVideo(t, b, b.alice, "V")
	reader := b.alice
	reader.ReadOnly = true
	ctx := as(t, reader)

	_, err := b.client.GetVideo(ctx, &catalogv1.GetVideoRequest{Id: v.GetId()})
	require.NoError(t, err)
	_, err = b.client.ListFolders(ctx, &catalogv1.ListFoldersRequest{})
	require.NoError(t, err)
	for name, call := range map[string]func() error{
		"create video": func() error {
			_, err := b.client.CreateVideo(ctx, &catalogv1.CreateVideoRequest{Name: "x", Input: sourceURL})
			return err
		},
		"delete video": func() error {
			_, err := b.client.DeleteVideo(ctx, &catalogv1.DeleteVideoRequest{Id: v.GetId()})
			return err
		},
		"create card": func() error { _, err := b.client.CreateCard(ctx, cardRequest(v.GetId())); return err },
		"create folder": func() error {
			_, err := b.client.CreateFolder(ctx, &catalogv1.CreateFolderRequest{Name: "x"})
			return err
		},
	} {
		t.Run(name, func(t *testing.T) {
			grpcxtest.RequireStatus(t, call(), codes.PermissionDenied, "this API key is read-only")
		})
	}
}
