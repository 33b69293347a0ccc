package server_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"google.golang.org/grpc/codes"
	"google.golang.org/protobuf/proto"

	catalogv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/catalog/v1"

	"github.com/vidhost/vidhost/pkg/grpcx/grpcxtest"
	"github.com/vidhost/vidhost/pkg/ids"
	"github.com/vidhost/vidhost/pkg/principal"
	"github.com/vidhost/vidhost/pkg/timefmt"
)

const sourceURL = "https://user:secret@media.example.org/source.mp4?token=abc"

func createVideo(t *testing.T, b testBundle, p principal.Principal, name string) *catalogv1.Video {
	t.Helper()
	v, err := b.client.CreateVideo(as(t, p), &catalogv1.CreateVideoRequest{Name: name, Input: sourceURL})
	require.NoError(t, err)
	return v
}

func getVideo(t *testing.T, b testBundle, p principal.Principal, id string) *catalogv1.Video {
	t.Helper()
	v, err := b.client.GetVideo(as(t, p), &catalogv1.GetVideoRequest{Id: id})
	require.NoError(t, err)
	return v
}

func TestCreateVodStartsPreparing(t *testing.T) {
	t.Parallel()
	b := setup(t)

	v := createVideo(t, b, b.alice, "First")

	assert.True(t, ids.Valid(v.GetId()))
	assert.Equal(t, "vod", v.GetType())
	assert.Equal(t, "First", v.GetName())
	assert.Equal(t, "preparing", v.GetStatus())
	assert.Zero(t, v.GetProgress())
	assert.Empty(t, v.GetOutputs())
	assert.Empty(t, v.GetThumbnail())
	assert.Empty(t, v.GetSprite())
	assert.Zero(t, v.GetDuration())
	assert.Equal(t, "unlisted", v.GetPrivacy())
	assert.True(t, v.GetEnabled())
	assert.Empty(t, v.GetInput(), "a source URL may carry credentials and is never echoed")
	for _, list := range [][]any{toAny(v.GetTracks()), toAny(v.GetCards()), toAny(v.GetGates()), toAny(v.GetHotspots()), toAny(v.GetChapters())} {
		assert.Empty(t, list)
	}
	assert.Equal(t, "alice-user", v.GetCreatedBy())
	_, err := time.Parse(timefmt.Layout, v.GetCreatedTime())
	assert.NoError(t, err)

	got := getVideo(t, b, b.alice, v.GetId())
	assert.Equal(t, v.String(), got.String(), "GET shows what create returned")
}

func TestCreateVideoKeepsEveryField(t *testing.T) {
	t.Parallel()
	b := setup(t)
	createCategory(t, b, b.alice, "Sport", "sport")
	createCategory(t, b, b.alice, "News", "news")

	v, err := b.client.CreateVideo(as(t, b.alice), &catalogv1.CreateVideoRequest{
		Name: "Everything", Input: "https://e.com/a.mp4", Description: "About it", Privacy: proto.String("public"),
		Spherical: true, Projection: "equirectangular", Tags: []string{"one", "two2"}, Categories: []string{"news", "sport"},
		Enabled: proto.Bool(false),
	})
	require.NoError(t, err)

	got := getVideo(t, b, b.alice, v.GetId())
	for _, video := range []*catalogv1.Video{v, got} {
		assert.Equal(t, "About it", video.GetDescription())
		assert.Equal(t, "public", video.GetPrivacy())
		assert.True(t, video.GetSpherical())
		assert.Equal(t, "equirectangular", video.GetProjection())
		assert.Equal(t, []string{"one", "two2"}, video.GetTags())
		assert.Equal(t, []string{"news", "sport"}, video.GetCategories())
		assert.False(t, video.GetEnabled(), "an explicit false beats the true default")
		assert.Empty(t, video.GetTranscoder())
	}
}

func TestCreateLiveEvent(t *testing.T) {
	t.Parallel()
	b := setup(t)
	live := b.alice
	live.LiveEnabled = true

	v, err := b.client.CreateVideo(as(t, live), &catalogv1.CreateVideoRequest{Name: "Show", Type: proto.String("event")})
	require.NoError(t, err)
	assert.Equal(t, "event", v.GetType())
	assert.Equal(t, "preparing", v.GetStatus())
	assert.Regexp(t, `^rtmp://127\.0\.0\.1:1935/live/vhlive_[A-Za-z0-9_-]{43}$`, v.GetInput(), "the ingest URL, key included, for a read-write credential")

	_, err = b.client.CreateVideo(as(t, b.alice), &catalogv1.CreateVideoRequest{Name: "Show", Type: proto.String("event")})
	grpcxtest.RequireStatus(t, err, codes.PermissionDenied, `live streaming (a video of type "event") requires the pro plan or higher`)
	_, err = b.client.CreateVideo(as(t, live), &catalogv1.CreateVideoRequest{Name: "Show", Type: proto.String("event"), Input: sourceURL})
	grpcxtest.RequireStatus(t, err, codes.InvalidArgument, "input must not be sent for a live event: the ingest URL is assigned by the service")
}

func TestDeleteVideo(t *testing.T) {
	t.Parallel()
	b := setup(t)
	v := createVideo(t, b, b.alice, "Gone")

	_, err := b.client.DeleteVideo(as(t, b.alice), &catalogv1.DeleteVideoRequest{Id: v.GetId()})
	require.NoError(t, err)

	_, err = b.client.GetVideo(as(t, b.alice), &catalogv1.GetVideoRequest{Id: v.GetId()})
	grpcxtest.RequireStatus(t, err, codes.NotFound, "Not found")
	_, err = b.client.DeleteVideo(as(t, b.alice), &catalogv1.DeleteVideoRequest{Id: v.GetId()})
	grpcxtest.RequireStatus(t, err, codes.NotFound, "Not found")
}

func TestVideoFromUpload(t *testing.T) {
	t.Parallel()
	b := setup(t)

	v, err := b.client.CreateVideo(as(t, b.alice), &catalogv1.CreateVideoRequest{Name: "Uploaded", Input: "svc://uploads/" + ids.New()})
	require.NoError(t, err)
	assert.Equal(t, "preparing", v.GetStatus())

	_, err = b.client.CreateVideo(as(t, b.alice), &catalogv1.CreateVideoRequest{Name: "Lost", Input: "svc://uploads/" + missingUpload})
	grpcxtest.RequireStatus(t, err, codes.InvalidArgument, "input refers to no video upload of this account")
}

func toAny[T any](items []T) []any {
	out := make([]any, len(items))
	for i, item := range items {
		out[i] = item
	}
	return out
}
