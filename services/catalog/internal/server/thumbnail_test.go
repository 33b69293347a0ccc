package server_test

import (
	"path"
	"regexp"
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

func setThumbnail(t *testing.T, b testBundle, videoID, reference string) (*catalogv1.Thumbnail, error) {
	t.Helper()
	return b.client.SetThumbnail(as(t, b.alice), &catalogv1.SetThumbnailRequest{VideoId: videoID, Url: reference})
}

func TestThumbnailIsReplacedAndOutlivesTranscoding(t *testing.T) {
	t.Parallel()
	b := setup(t)
	updates := b.events(t, natsx.SubjectVideoUpdated)
	v := createVideo(t, b, b.alice, "Poster")
	folder := mediaFolder(b.alice, v.GetId())
	urlPattern := regexp.MustCompile(`^` + regexp.QuoteMeta(mediaBase+"/"+v.GetId()+"/") + `(thumbs/custom-[0-9A-Za-z_-]{21}\.jpg)$`)
	image := jpegOfSize(t, 100*1024-1) // the largest allowed
	reference, uploadKey := b.uploads.upload(t, b.alice, "poster.jpg", image)

	first, err := setThumbnail(t, b, v.GetId(), reference)

	require.NoError(t, err)
	match := urlPattern.FindStringSubmatch(first.GetUrl())
	require.NotNil(t, match, first.GetUrl())
	stored, contentType := b.read(t, folder+match[1])
	assert.Equal(t, image, stored)
	assert.Equal(t, "image/jpeg", contentType)
	assert.Empty(t, b.keys(t, path.Dir(uploadKey)+"/"), "the consumed upload is deleted")
	assert.Equal(t, first.GetUrl(), getVideo(t, b, b.alice, v.GetId()).GetThumbnail())
	var event eventsv1.VideoEvent
	decode(t, next(t, updates), natsx.SubjectVideoUpdated, &event)
	assert.Equal(t, first.GetUrl(), event.GetVideo().GetThumbnail())

	again, _ := b.uploads.upload(t, b.alice, "poster.jpg", jpegOfSize(t, 3000))
	second, err := setThumbnail(t, b, v.GetId(), again)
	require.NoError(t, err)
	match = urlPattern.FindStringSubmatch(second.GetUrl())
	require.NotNil(t, match, second.GetUrl())
	assert.NotEqual(t, first.GetUrl(), second.GetUrl(), "a new name, so no cache serves the old one")
	assert.Equal(t, []string{folder + match[1]}, b.keys(t, folder), "the replaced thumbnail is deleted")

	b.report(t, natsx.SubjectTranscodeCompleted, &eventsv1.TranscodeCompleted{Meta: meta(b), VideoId: v.GetId(),
		ThumbnailPath: "thumbs/thumbnail.jpg", Duration: 10})
	ready := getVideo(t, b, b.alice, v.GetId())
	assert.Equal(t, "ready", ready.GetStatus())
	assert.Equal(t, second.GetUrl(), ready.GetThumbnail(), "the transcoder's frame does not replace a custom thumbnail")
	playback, err := b.client.GetVideoForPlayback(t.Context(), &catalogv1.GetVideoForPlaybackRequest{VideoId: v.GetId()})
	require.NoError(t, err)
	assert.Equal(t, match[1], playback.GetThumbnailPath())
}

// Bad files are refused with the reason; the video keeps its thumbnail,
// nothing is stored, and the consumed upload is deleted.
func TestThumbnailFilesThatAreRefused(t *testing.T) {
	t.Parallel()
	b := setup(t)
	v := createVideo(t, b, b.alice, "V")
	valid := jpegOfSize(t, 4000)
	tooLarge := "url must reference a JPEG image under 100 KB (at most 102399 bytes)"
	notJPEG := "url must reference a JPEG image: the file is not a valid JPEG"
	tests := []struct {
		name    string
		file    []byte
		message string
	}{
		{"PNG named .jpg", pngFile(t), notJPEG},
		{"101 KB JPEG", jpegOfSize(t, 101*1024), tooLarge},
		{"exactly 100 KB", jpegOfSize(t, 100*1024), tooLarge},
		{"truncated JPEG", valid[:len(valid)-100], notJPEG},
		{"text", []byte(captions), notJPEG},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			reference, uploadKey := b.uploads.upload(t, b.alice, "poster.jpg", tt.file)

			_, err := setThumbnail(t, b, v.GetId(), reference)

			grpcxtest.RequireStatus(t, err, codes.InvalidArgument, tt.message)
			assert.Empty(t, b.keys(t, mediaFolder(b.alice, v.GetId())), "nothing is stored for the video")
			assert.Empty(t, b.keys(t, path.Dir(uploadKey)+"/"), "the consumed upload is deleted")
			assert.Empty(t, getVideo(t, b, b.alice, v.GetId()).GetThumbnail())
		})
	}
}

// Requests refused before the upload is resolved leave it as it was.
func TestThumbnailRequestsRefusedBeforeTheUploadIsUsed(t *testing.T) {
	t.Parallel()
	b := setup(t)
	v := createVideo(t, b, b.alice, "V")
	bobsVideo := createVideo(t, b, b.bob, "Bob's")
	reference, uploadKey := b.uploads.upload(t, b.alice, "poster.jpg", jpegOfSize(t, 3000))
	tests := []struct {
		name, videoID, reference string
		code                     codes.Code
		message                  string
	}{
		{"plain URL", v.GetId(), "https://example.com/poster.jpg", codes.InvalidArgument,
			"url must be an upload reference svc://uploads/<upload_id>: upload the .jpg file first"},
		{"unknown video", ids.New(), reference, codes.NotFound, "Not found"},
		{"another account's video", bobsVideo.GetId(), reference, codes.NotFound, "Not found"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := setThumbnail(t, b, tt.videoID, tt.reference)
			grpcxtest.RequireStatus(t, err, tt.code, tt.message)
			assert.Equal(t, []string{uploadKey}, b.keys(t, path.Dir(uploadKey)+"/"), "the upload is untouched")
		})
	}

	_, err := b.client.SetThumbnail(as(t, b.bob), &catalogv1.SetThumbnailRequest{VideoId: bobsVideo.GetId(), Url: reference})

	grpcxtest.RequireStatus(t, err, codes.InvalidArgument, "url references an upload that does not exist")
	assert.Equal(t, []string{uploadKey}, b.keys(t, path.Dir(uploadKey)+"/"), "another account's upload is untouched")
	assert.Empty(t, getVideo(t, b, b.bob, bobsVideo.GetId()).GetThumbnail())
}

// The interface restricts tracks, cards and hotspots to vods, not
// thumbnails: a live event may have one.
func TestThumbnailOfALiveEvent(t *testing.T) {
	t.Parallel()
	b := setup(t)
	live := b.alice
	live.LiveEnabled = true
	event, err := b.client.CreateVideo(as(t, live), &catalogv1.CreateVideoRequest{Name: "Live", Type: proto.String("event")})
	require.NoError(t, err)
	reference, _ := b.uploads.upload(t, b.alice, "poster.jpg", jpegOfSize(t, 3000))

	thumbnail, err := setThumbnail(t, b, event.GetId(), reference)

	require.NoError(t, err)
	assert.Equal(t, thumbnail.GetUrl(), getVideo(t, b, b.alice, event.GetId()).GetThumbnail())
}
