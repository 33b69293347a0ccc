package server_test

import (
	"path"
	"strings"
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

func trackRequest(videoID, reference string) *catalogv1.CreateTrackRequest {
	return &catalogv1.CreateTrackRequest{VideoId: videoID, Label: "English", Language: "en", Kind: "captions", Url: reference}
}

func TestTrackIsStoredShownAndDeleted(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ctx := as(t, b.alice)
	updates := b.events(t, natsx.SubjectVideoUpdated)
	v := createVideo(t, b, b.alice, "Captioned")
	reference, uploadKey := b.uploads.upload(t, b.alice, "en.vtt", []byte(captions))

	track, err := b.client.CreateTrack(ctx, trackRequest(v.GetId(), reference))

	require.NoError(t, err)
	require.True(t, ids.Valid(track.GetId()))
	file := "tracks/" + track.GetId() + ".vtt"
	assert.True(t, proto.Equal(&catalogv1.Track{Id: track.GetId(), Kind: "captions", Label: "English", Language: "en",
		Url: mediaBase + "/" + v.GetId() + "/" + file}, track), "%v", track)
	stored, contentType := b.read(t, mediaFolder(b.alice, v.GetId())+file)
	assert.Equal(t, captions, string(stored), "the file is copied into the video's media folder")
	assert.Equal(t, "text/vtt; charset=utf-8", contentType)
	assert.Empty(t, b.keys(t, path.Dir(uploadKey)+"/"), "the consumed upload is deleted")
	assertProtos(t, []*catalogv1.Track{track}, getVideo(t, b, b.alice, v.GetId()).GetTracks(), "the video shows its track")
	var added eventsv1.VideoEvent
	decode(t, next(t, updates), natsx.SubjectVideoUpdated, &added)
	assertProtos(t, []*catalogv1.Track{track}, added.GetVideo().GetTracks(), "video.updated carries the track")
	playback, err := b.client.GetVideoForPlayback(t.Context(), &catalogv1.GetVideoForPlaybackRequest{VideoId: v.GetId()})
	require.NoError(t, err)
	require.Len(t, playback.GetTracks(), 1)
	assert.Equal(t, file, playback.GetTracks()[0].GetUrl(), "playback gets the path, to sign")

	_, err = b.client.DeleteTrack(ctx, &catalogv1.DeleteTrackRequest{VideoId: v.GetId(), Id: track.GetId()})

	require.NoError(t, err)
	assert.Empty(t, getVideo(t, b, b.alice, v.GetId()).GetTracks())
	assert.Empty(t, b.keys(t, mediaFolder(b.alice, v.GetId())), "the track's file is deleted with it")
	var removed eventsv1.VideoEvent
	decode(t, next(t, updates), natsx.SubjectVideoUpdated, &removed)
	assert.Empty(t, removed.GetVideo().GetTracks())
	_, err = b.client.DeleteTrack(ctx, &catalogv1.DeleteTrackRequest{VideoId: v.GetId(), Id: track.GetId()})
	grpcxtest.RequireStatus(t, err, codes.NotFound, "Not found")
}

// Requests refused before the upload is resolved leave the upload as it
// was, so the client can use it in a corrected request.
func TestTrackRequestsRefusedBeforeTheUploadIsUsed(t *testing.T) {
	t.Parallel()
	b := setup(t)
	v := createVideo(t, b, b.alice, "V")
	reference, uploadKey := b.uploads.upload(t, b.alice, "en.vtt", []byte(captions))
	languageRule := `language must be a BCP 47 language tag, such as "en", "pt-BR" or "zh-Hant"`
	tests := []struct {
		name    string
		change  func(r *catalogv1.CreateTrackRequest)
		code    codes.Code
		message string
	}{
		{"no kind", func(r *catalogv1.CreateTrackRequest) { r.Kind = "" }, codes.InvalidArgument, `kind must be "captions" or "subtitles"`},
		{"no label", func(r *catalogv1.CreateTrackRequest) { r.Label = "" }, codes.InvalidArgument, "label must be 1-50 characters"},
		{"long label", func(r *catalogv1.CreateTrackRequest) { r.Label = strings.Repeat("l", 51) }, codes.InvalidArgument, "label must be 1-50 characters"},
		{"unknown language", func(r *catalogv1.CreateTrackRequest) { r.Language = "xx" }, codes.InvalidArgument, languageRule},
		{"underscore", func(r *catalogv1.CreateTrackRequest) { r.Language = "en_GB" }, codes.InvalidArgument, languageRule},
		{"plain URL", func(r *catalogv1.CreateTrackRequest) { r.Url = "https://example.com/en.vtt" }, codes.InvalidArgument,
			"url must be an upload reference svc://uploads/<upload_id>: tracks cannot be pulled from a URL, upload the .vtt file first"},
		{"unknown video", func(r *catalogv1.CreateTrackRequest) { r.VideoId = ids.New() }, codes.NotFound, "Not found"},
		{"bad video id", func(r *catalogv1.CreateTrackRequest) { r.VideoId = "nope" }, codes.NotFound, "Not found"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			request := trackRequest(v.GetId(), reference)
			tt.change(request)
			_, err := b.client.CreateTrack(as(t, b.alice), request)
			grpcxtest.RequireStatus(t, err, tt.code, tt.message)
			assert.Equal(t, []string{uploadKey}, b.keys(t, path.Dir(uploadKey)+"/"), "the upload is untouched")
		})
	}
	_, err := b.client.CreateTrack(as(t, b.bob), trackRequest(v.GetId(), reference))
	grpcxtest.RequireStatus(t, err, codes.NotFound, "Not found")
	assert.Empty(t, getVideo(t, b, b.alice, v.GetId()).GetTracks())
	_, err = b.client.CreateTrack(as(t, b.alice), trackRequest(v.GetId(), reference))
	assert.NoError(t, err, "the upload still works")
}

func TestTracksAreForVodsOnly(t *testing.T) {
	t.Parallel()
	b := setup(t)
	live := b.alice
	live.LiveEnabled = true
	event, err := b.client.CreateVideo(as(t, live), &catalogv1.CreateVideoRequest{Name: "Live", Type: proto.String("event")})
	require.NoError(t, err)
	reference, uploadKey := b.uploads.upload(t, b.alice, "en.vtt", []byte(captions))

	_, err = b.client.CreateTrack(as(t, live), trackRequest(event.GetId(), reference))

	grpcxtest.RequireStatus(t, err, codes.InvalidArgument, "tracks are supported only for videos of type vod")
	assert.Equal(t, []string{uploadKey}, b.keys(t, path.Dir(uploadKey)+"/"), "the upload is untouched")
}

// Bad files are refused with the reason; nothing is stored for the video,
// and the upload, consumed by resolving it, is deleted.
func TestTrackFilesThatAreNotWebVTT(t *testing.T) {
	t.Parallel()
	b := setup(t)
	v := createVideo(t, b, b.alice, "V")
	tooLarge := "WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nx\n\nNOTE " + strings.Repeat("x", 2<<20)
	tests := []struct {
		name, file, message string
	}{
		{"SubRip", "1\n00:00:01,000 --> 00:00:04,000\nHello\n", `url must reference a WebVTT file: it does not start with "WEBVTT"`},
		{"bad timing", "WEBVTT\n\n00:01 --> 00:04.000\nHello\n", "url must reference a WebVTT file: line 3: cue timings must look like"},
		{"cue ends first", "WEBVTT\n\n00:04.000 --> 00:01.000\nHello\n", "url must reference a WebVTT file: line 3: a cue must end after it starts"},
		{"no cue", "WEBVTT\n", "url must reference a WebVTT file: it holds no cue"},
		{"a JPEG", string(jpegOfSize(t, 2000)), "url must reference a WebVTT file: it is not UTF-8 text"},
		{"over 2 MiB", tooLarge, "url must reference a WebVTT file of at most 2 MiB"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			reference, uploadKey := b.uploads.upload(t, b.alice, "en.vtt", []byte(tt.file))

			_, err := b.client.CreateTrack(as(t, b.alice), trackRequest(v.GetId(), reference))

			grpcxtest.RequireStatusPrefix(t, err, codes.InvalidArgument, tt.message)
			assert.Empty(t, b.keys(t, mediaFolder(b.alice, v.GetId())), "nothing is stored for the video")
			assert.Empty(t, b.keys(t, path.Dir(uploadKey)+"/"), "the consumed upload is deleted")
			assert.Empty(t, getVideo(t, b, b.alice, v.GetId()).GetTracks())
		})
	}
}

func TestTrackReferences(t *testing.T) {
	t.Parallel()
	b := setup(t)
	alicesVideo := createVideo(t, b, b.alice, "Alice's")
	bobsVideo := createVideo(t, b, b.bob, "Bob's")
	reference, uploadKey := b.uploads.upload(t, b.alice, "en.vtt", []byte(captions))

	_, err := b.client.CreateTrack(as(t, b.bob), trackRequest(bobsVideo.GetId(), reference))

	grpcxtest.RequireStatus(t, err, codes.InvalidArgument, "url references an upload that does not exist")
	assert.Equal(t, []string{uploadKey}, b.keys(t, path.Dir(uploadKey)+"/"), "another account's upload is untouched")
	assert.Empty(t, b.keys(t, mediaFolder(b.bob, bobsVideo.GetId())))

	_, err = b.client.CreateTrack(as(t, b.alice), trackRequest(alicesVideo.GetId(), reference))
	require.NoError(t, err)
	_, err = b.client.CreateTrack(as(t, b.alice), trackRequest(alicesVideo.GetId(), reference))
	grpcxtest.RequireStatus(t, err, codes.InvalidArgument, "url references an upload that is not complete")
	assert.Len(t, getVideo(t, b, b.alice, alicesVideo.GetId()).GetTracks(), 1, "a consumed upload cannot be used twice")
}

func TestTracksPerVideoAreBounded(t *testing.T) {
	t.Parallel()
	b := setup(t)
	v := createVideo(t, b, b.alice, "Babel")
	for range 50 {
		reference, _ := b.uploads.upload(t, b.alice, "x.vtt", []byte(captions))
		_, err := b.client.CreateTrack(as(t, b.alice), trackRequest(v.GetId(), reference))
		require.NoError(t, err)
	}
	reference, uploadKey := b.uploads.upload(t, b.alice, "x.vtt", []byte(captions))

	_, err := b.client.CreateTrack(as(t, b.alice), trackRequest(v.GetId(), reference))

	grpcxtest.RequireStatus(t, err, codes.InvalidArgument, "tracks may hold at most 50 items per video")
	assert.Equal(t, []string{uploadKey}, b.keys(t, path.Dir(uploadKey)+"/"), "refused before the upload is used")
	assert.Len(t, b.keys(t, mediaFolder(b.alice, v.GetId())), 50)
}
