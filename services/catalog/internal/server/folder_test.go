package server_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"google.golang.org/grpc/codes"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/fieldmaskpb"

	catalogv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/catalog/v1"

	"github.com/vidhost/vidhost/pkg/grpcx/grpcxtest"
	"github.com/vidhost/vidhost/pkg/ids"
	"github.com/vidhost/vidhost/pkg/principal"
)

func createFolder(t *testing.T, b testBundle, p principal.Principal, name, parentID string) *catalogv1.Folder {
	t.Helper()
	f, err := b.client.CreateFolder(as(t, p), &catalogv1.CreateFolderRequest{Name: name, ParentId: parentID})
	require.NoError(t, err)
	return f
}

func moveFolder(b testBundle, t *testing.T, id, parentID string) error {
	_, err := b.client.UpdateFolder(as(t, b.alice), &catalogv1.UpdateFolderRequest{
		Id: id, Folder: &catalogv1.Folder{ParentId: parentID}, UpdateMask: &fieldmaskpb.FieldMask{Paths: []string{"parent_id"}},
	})
	return err
}

func TestFolderLifecycle(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ctx := as(t, b.alice)

	films := createFolder(t, b, b.alice, "Films", "")
	drama := createFolder(t, b, b.alice, "Drama", films.GetId())
	assert.Empty(t, films.GetParentId())
	assert.Equal(t, films.GetId(), drama.GetParentId())
	assert.Equal(t, "alice-user", drama.GetCreatedBy())

	renamed, err := b.client.UpdateFolder(ctx, &catalogv1.UpdateFolderRequest{
		Id: drama.GetId(), Folder: &catalogv1.Folder{Name: "Dramas"}, UpdateMask: &fieldmaskpb.FieldMask{Paths: []string{"name"}},
	})
	require.NoError(t, err)
	assert.Equal(t, "Dramas", renamed.GetName())
	assert.Equal(t, films.GetId(), renamed.GetParentId(), "parent_id was not in the mask")

	list, err := b.client.ListFolders(ctx, &catalogv1.ListFoldersRequest{})
	require.NoError(t, err)
	assertProtos(t, []*catalogv1.Folder{films, renamed}, list.GetItems(), "every folder, at any depth")

	_, err = b.client.DeleteFolder(ctx, &catalogv1.DeleteFolderRequest{Id: films.GetId()})
	grpcxtest.RequireStatus(t, err, codes.AlreadyExists, "folder has sub-folders: delete or move them first")
	require.NoError(t, moveFolder(b, t, drama.GetId(), ""), "to the top level")
	_, err = b.client.DeleteFolder(ctx, &catalogv1.DeleteFolderRequest{Id: films.GetId()})
	require.NoError(t, err)
	_, err = b.client.GetFolder(ctx, &catalogv1.GetFolderRequest{Id: films.GetId()})
	grpcxtest.RequireStatus(t, err, codes.NotFound, "Not found")
}

func TestFolderNestingRules(t *testing.T) {
	t.Parallel()
	b := setup(t)
	top := createFolder(t, b, b.alice, "Top", "")
	middle := createFolder(t, b, b.alice, "Middle", top.GetId())
	bottom := createFolder(t, b, b.alice, "Bottom", middle.GetId())
	bobs := createFolder(t, b, b.bob, "Bob's", "")

	grpcxtest.RequireStatus(t, moveFolder(b, t, top.GetId(), top.GetId()), codes.InvalidArgument,
		"parent_id must not be the folder itself or one of its sub-folders")
	grpcxtest.RequireStatus(t, moveFolder(b, t, top.GetId(), bottom.GetId()), codes.InvalidArgument,
		"parent_id must not be the folder itself or one of its sub-folders")
	grpcxtest.RequireStatus(t, moveFolder(b, t, top.GetId(), bobs.GetId()), codes.InvalidArgument,
		"parent_id must be the id of one of the account's folders, or empty")
	_, err := b.client.CreateFolder(as(t, b.alice), &catalogv1.CreateFolderRequest{Name: "Orphan", ParentId: ids.New()})
	grpcxtest.RequireStatus(t, err, codes.InvalidArgument, "parent_id must be the id of one of the account's folders, or empty")
	_, err = b.client.CreateFolder(as(t, b.alice), &catalogv1.CreateFolderRequest{Name: "", ParentId: ""})
	grpcxtest.RequireStatus(t, err, codes.InvalidArgument, "name must be 1-100 characters")
	require.NoError(t, moveFolder(b, t, bottom.GetId(), top.GetId()), "moving up is fine")
}

func TestFolderVideos(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ctx := as(t, b.alice)
	folder := createFolder(t, b, b.alice, "Mine", "")
	inside := createVideo(t, b, b.alice, "Inside")
	createVideo(t, b, b.alice, "Outside")
	also := createVideo(t, b, b.alice, "Also inside")

	for _, v := range []*catalogv1.Video{inside, also, inside} {
		_, err := b.client.AddFolderVideo(ctx, &catalogv1.AddFolderVideoRequest{FolderId: folder.GetId(), VideoId: v.GetId()})
		require.NoError(t, err, "adding twice is fine")
	}
	list, err := b.client.ListFolderVideos(ctx, &catalogv1.ListFolderVideosRequest{FolderId: folder.GetId()})
	require.NoError(t, err)
	assert.Equal(t, []string{"Inside", "Also inside"}, videoNames(list.GetItems()))
	filtered, err := b.client.ListVideos(ctx, &catalogv1.ListVideosRequest{Folder: folder.GetId()})
	require.NoError(t, err)
	assert.Equal(t, []string{"Inside", "Also inside"}, videoNames(filtered.GetItems()), "?folder= lists the same")

	_, err = b.client.RemoveFolderVideo(ctx, &catalogv1.RemoveFolderVideoRequest{FolderId: folder.GetId(), VideoId: inside.GetId()})
	require.NoError(t, err)
	_, err = b.client.RemoveFolderVideo(ctx, &catalogv1.RemoveFolderVideoRequest{FolderId: folder.GetId(), VideoId: inside.GetId()})
	grpcxtest.RequireStatus(t, err, codes.NotFound, "Not found")
	getVideo(t, b, b.alice, inside.GetId()) // the video stays

	_, err = b.client.DeleteVideo(ctx, &catalogv1.DeleteVideoRequest{Id: also.GetId()})
	require.NoError(t, err)
	list, err = b.client.ListFolderVideos(ctx, &catalogv1.ListFolderVideosRequest{FolderId: folder.GetId()})
	require.NoError(t, err)
	assert.Empty(t, list.GetItems(), "a deleted video leaves its folders")

	_, err = b.client.ListFolderVideos(ctx, &catalogv1.ListFolderVideosRequest{FolderId: ids.New()})
	grpcxtest.RequireStatus(t, err, codes.NotFound, "Not found")
	_, err = b.client.AddFolderVideo(ctx, &catalogv1.AddFolderVideoRequest{FolderId: folder.GetId(), VideoId: ids.New()})
	grpcxtest.RequireStatus(t, err, codes.NotFound, "Not found")
	_, err = b.client.AddFolderVideo(ctx, &catalogv1.AddFolderVideoRequest{FolderId: ids.New(), VideoId: inside.GetId()})
	grpcxtest.RequireStatus(t, err, codes.NotFound, "Not found")
}

func TestDeletingAFolderKeepsItsVideos(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ctx := as(t, b.alice)
	folder := createFolder(t, b, b.alice, "Temp", "")
	v := createVideo(t, b, b.alice, "Kept")
	_, err := b.client.AddFolderVideo(ctx, &catalogv1.AddFolderVideoRequest{FolderId: folder.GetId(), VideoId: v.GetId()})
	require.NoError(t, err)

	_, err = b.client.DeleteFolder(ctx, &catalogv1.DeleteFolderRequest{Id: folder.GetId()})
	require.NoError(t, err)

	getVideo(t, b, b.alice, v.GetId())
}

func TestFoldersPaginate(t *testing.T) {
	t.Parallel()
	b := setup(t)
	var want []string
	for i := range 7 {
		want = append(want, createFolder(t, b, b.alice, fmt.Sprintf("F%d", i), "").GetId())
	}
	var got []string
	cursor := ""
	for range 10 {
		resp, err := b.client.ListFolders(as(t, b.alice), &catalogv1.ListFoldersRequest{Limit: proto.Int32(3), Cursor: cursor})
		require.NoError(t, err)
		for _, f := range resp.GetItems() {
			got = append(got, f.GetId())
		}
		if cursor = resp.GetNextCursor(); cursor == "" {
			break
		}
	}
	assert.Equal(t, want, got, "every folder once, oldest first")
}

func videoNames(videos []*catalogv1.Video) []string {
	names := []string{}
	for _, v := range videos {
		names = append(names, v.GetName())
	}
	return names
}
