package server_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"google.golang.org/grpc/codes"
	"google.golang.org/protobuf/proto"

	catalogv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/catalog/v1"
	eventsv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/events/v1"

	"github.com/vidhost/vidhost/pkg/grpcx/grpcxtest"
	"github.com/vidhost/vidhost/pkg/ids"
	"github.com/vidhost/vidhost/pkg/natsx"
)

// The playback edge asks without a principal and gets media as paths.
func TestGetVideoForPlayback(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ctx := as(t, b.alice)
	v, err := b.client.CreateVideo(ctx, &catalogv1.CreateVideoRequest{Name: "Watch me", Input: sourceURL,
		Privacy: proto.String("private"), Spherical: true, Projection: "equirectangular"})
	require.NoError(t, err)
	_, err = b.client.CreateCard(ctx, cardRequest(v.GetId()))
	require.NoError(t, err)
	_, err = b.client.CreateChapter(ctx, &catalogv1.CreateChapterRequest{VideoId: v.GetId(), Name: "Intro", Start: "00:00:00"})
	require.NoError(t, err)
	b.report(t, natsx.SubjectTranscodeCompleted, &eventsv1.TranscodeCompleted{Meta: meta(b), VideoId: v.GetId(),
		Outputs: []*eventsv1.MediaOutput{{Label: "HLS", Path: "hls/master.m3u8"}}, Duration: 12,
		ThumbnailPath: "thumbs/poster.jpg", SpritePath: "thumbs/sprite.jpg", SpriteIndexPath: "thumbs/sprite.vtt", Width: 1920, Height: 960})

	got, err := b.client.GetVideoForPlayback(t.Context(), &catalogv1.GetVideoForPlaybackRequest{VideoId: v.GetId()})
	require.NoError(t, err)

	assert.Equal(t, v.GetId(), got.GetVideoId())
	assert.Equal(t, b.alice.AccountID, got.GetAccountId())
	assert.Equal(t, "private", got.GetPrivacy(), "the edge enforces privacy itself")
	assert.True(t, got.GetEnabled())
	assert.Equal(t, "ready", got.GetStatus())
	assert.Equal(t, "Watch me", got.GetName())
	assert.Equal(t, 12.0, got.GetDuration())
	assert.Equal(t, "hls/master.m3u8", got.GetOutputs()[0].GetPath(), "paths, for the edge to sign")
	assert.Equal(t, "thumbs/poster.jpg", got.GetThumbnailPath())
	assert.Equal(t, "thumbs/sprite.jpg", got.GetSpritePath())
	assert.Equal(t, "thumbs/sprite.vtt", got.GetSpriteIndexPath())
	assert.True(t, got.GetSpherical())
	assert.Equal(t, "equirectangular", got.GetProjection())
	assert.Equal(t, [2]int32{1920, 960}, [2]int32{got.GetWidth(), got.GetHeight()})
	assert.Len(t, got.GetCards(), 1)
	assert.Len(t, got.GetChapters(), 1)
	assert.Empty(t, got.GetTracks())

	for _, id := range []string{ids.New(), "bad"} {
		_, err = b.client.GetVideoForPlayback(t.Context(), &catalogv1.GetVideoForPlaybackRequest{VideoId: id})
		grpcxtest.RequireStatus(t, err, codes.NotFound, "Not found")
	}
}
