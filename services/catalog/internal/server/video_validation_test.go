package server_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"google.golang.org/grpc/codes"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/fieldmaskpb"

	"github.com/vidhost/vidhost/pkg/grpcx/grpcxtest"
	catalogv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/catalog/v1"
)

func TestCreateVideoValidation(t *testing.T) {
	t.Parallel()
	b := setup(t)
	createCategory(t, b, b.alice, "Sport", "sport")
	tags := strings.Fields("a b c d e f g h i j k")
	tests := []struct {
		name    string
		change  func(r *catalogv1.CreateVideoRequest)
		message string
	}{
		{"empty name", func(r *catalogv1.CreateVideoRequest) { r.Name = "" }, "name must be 1-100 characters"},
		{"long name", func(r *catalogv1.CreateVideoRequest) { r.Name = strings.Repeat("n", 101) }, "name must be 1-100 characters"},
		{"type", func(r *catalogv1.CreateVideoRequest) { r.Type = proto.String("stream") }, `type must be "vod" or "event"`},
		{"no input", func(r *catalogv1.CreateVideoRequest) { r.Input = "" }, "input is required for a vod: a source URL or svc://uploads/<upload_id>"},
		{"input not http", func(r *catalogv1.CreateVideoRequest) { r.Input = "file:///etc/passwd" }, "input must be an http(s) URL or an upload reference svc://uploads/<upload_id>"},
		{"input too long", func(r *catalogv1.CreateVideoRequest) { r.Input = "https://e.com/" + strings.Repeat("a", 2040) }, "input must be at most 2048 characters"},
		{"bad upload reference", func(r *catalogv1.CreateVideoRequest) { r.Input = "svc://uploads/../../etc" }, "input must be an http(s) URL or an upload reference svc://uploads/<upload_id>"},
		{"clip without end", func(r *catalogv1.CreateVideoRequest) { r.Input = "https://e.com/a.mp4?svc_clip_start=00:00:01" }, "input must carry both svc_clip_start and svc_clip_end for a clip"},
		{"clip time-code", func(r *catalogv1.CreateVideoRequest) {
			r.Input = "https://e.com/a.mp4?svc_clip_start=0:01&svc_clip_end=00:00:09"
		}, "input svc_clip_start must be a time-code HH:MM:SS"},
		{"clip backwards", func(r *catalogv1.CreateVideoRequest) {
			r.Input = "https://e.com/a.mp4?svc_clip_start=00:01:00&svc_clip_end=00:00:09"
		}, "input svc_clip_start must be before svc_clip_end"},
		{"clip too long", func(r *catalogv1.CreateVideoRequest) {
			r.Input = "https://e.com/a.mp4?svc_clip_start=00:00:00&svc_clip_end=00:02:01"
		}, "input clip must last at most two minutes"},
		{"privacy", func(r *catalogv1.CreateVideoRequest) { r.Privacy = proto.String("hidden") }, `privacy must be "public", "private" or "unlisted"`},
		{"eleven tags", func(r *catalogv1.CreateVideoRequest) { r.Tags = tags }, "tags must hold at most 10 tags"},
		{"tag case", func(r *catalogv1.CreateVideoRequest) { r.Tags = []string{"Sport"} }, `tags contains "Sport"`},
		{"tag words", func(r *catalogv1.CreateVideoRequest) { r.Tags = []string{"two words"} }, `tags contains "two words"`},
		{"tag punctuation", func(r *catalogv1.CreateVideoRequest) { r.Tags = []string{"c++"} }, `tags contains "c++"`},
		{"unknown category", func(r *catalogv1.CreateVideoRequest) { r.Categories = []string{"sport", "cooking"} },
			`categories contains "cooking", which is not the value of one of the account's categories`},
		{"category of another account", func(r *catalogv1.CreateVideoRequest) { r.Categories = []string{"bobs"} },
			`categories contains "bobs", which is not the value of one of the account's categories`},
		{"projection", func(r *catalogv1.CreateVideoRequest) { r.Projection = "cubemap" }, `projection must be "equirectangular" or empty`},
		{"transcoder", func(r *catalogv1.CreateVideoRequest) { r.Transcoder = "custom" }, "transcoder must be one of standard, efficient or fixed"},
		{"long description", func(r *catalogv1.CreateVideoRequest) { r.Description = strings.Repeat("d", 5001) }, "description must be at most 5000 characters"},
		{"long metadata", func(r *catalogv1.CreateVideoRequest) { r.Metadata = strings.Repeat("é", 2049) }, "metadata must be at most 4096 bytes"},
	}
	createCategory(t, b, b.bob, "Bob's", "bobs")
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := &catalogv1.CreateVideoRequest{Name: "Valid", Input: sourceURL}
			tt.change(req)
			_, err := b.client.CreateVideo(as(t, b.alice), req)
			grpcxtest.RequireStatusPrefix(t, err, codes.InvalidArgument, tt.message)
		})
	}
	list, err := b.client.ListVideos(as(t, b.alice), &catalogv1.ListVideosRequest{})
	require.NoError(t, err)
	assert.Empty(t, list.GetItems(), "no refused request stored a video")
}

// A megabyte in any field is refused with a 400 naming the field, and the
// message does not echo the megabyte back.
func TestMegabyteFieldsAreRefused(t *testing.T) {
	t.Parallel()
	b := setup(t)
	junk := strings.Repeat("\x01junk\u00ff", 1<<20/7)
	tests := []struct {
		name    string
		req     *catalogv1.CreateVideoRequest
		message string
	}{
		{"name", &catalogv1.CreateVideoRequest{Name: junk, Input: sourceURL}, "name must be 1-100 characters"},
		{"input", &catalogv1.CreateVideoRequest{Name: "n", Input: junk}, "input must be at most 2048 characters"},
		{"description", &catalogv1.CreateVideoRequest{Name: "n", Input: sourceURL, Description: junk}, "description must be at most 5000 characters"},
		{"tag", &catalogv1.CreateVideoRequest{Name: "n", Input: sourceURL, Tags: []string{junk}}, "tags contains"},
		{"privacy", &catalogv1.CreateVideoRequest{Name: "n", Input: sourceURL, Privacy: proto.String(junk)}, "privacy must be"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := b.client.CreateVideo(as(t, b.alice), tt.req)
			grpcxtest.RequireStatusPrefix(t, err, codes.InvalidArgument, tt.message)
			assert.Less(t, len(err.Error()), 300, "the message does not carry the junk")
		})
	}
}

func TestUpdateVideoAppliesOnlyMaskedFields(t *testing.T) {
	t.Parallel()
	b := setup(t)
	createCategory(t, b, b.alice, "Sport", "sport")
	v := createVideo(t, b, b.alice, "Before")
	editor := b.alice
	editor.ActorID = "alice-editor"

	updated, err := b.client.UpdateVideo(as(t, editor), &catalogv1.UpdateVideoRequest{
		Id: v.GetId(),
		Video: &catalogv1.Video{Name: "After", Privacy: "public", Tags: []string{"new"}, Categories: []string{"sport"},
			Description: "not in the mask", Enabled: false},
		UpdateMask: &fieldmaskpb.FieldMask{Paths: []string{"name", "privacy", "tags", "categories"}},
	})
	require.NoError(t, err)

	assert.Equal(t, "After", updated.GetName())
	assert.Equal(t, "public", updated.GetPrivacy())
	assert.Equal(t, []string{"new"}, updated.GetTags())
	assert.Equal(t, []string{"sport"}, updated.GetCategories())
	assert.Empty(t, updated.GetDescription(), "description was not in the mask")
	assert.True(t, updated.GetEnabled(), "enabled was not in the mask")
	assert.Equal(t, "alice-editor", updated.GetUpdatedBy())
	assert.Equal(t, "alice-user", updated.GetCreatedBy())
	assert.Equal(t, updated.String(), getVideo(t, b, b.alice, v.GetId()).String())

	disabled, err := b.client.UpdateVideo(as(t, b.alice), &catalogv1.UpdateVideoRequest{
		Id: v.GetId(), Video: &catalogv1.Video{Enabled: false, Spherical: true, Projection: "equirectangular", Description: "d"},
		UpdateMask: &fieldmaskpb.FieldMask{Paths: []string{"enabled", "spherical", "projection", "description"}},
	})
	require.NoError(t, err)
	assert.False(t, disabled.GetEnabled())
	assert.True(t, disabled.GetSpherical())
	assert.Equal(t, "equirectangular", disabled.GetProjection())
	assert.Equal(t, "d", disabled.GetDescription())
}

func TestUpdateVideoRefusals(t *testing.T) {
	t.Parallel()
	b := setup(t)
	v := createVideo(t, b, b.alice, "Video")
	tests := []struct {
		name    string
		paths   []string
		values  *catalogv1.Video
		message string
	}{
		{"empty mask", nil, nil, "request must change at least one field"},
		{"input", []string{"input"}, &catalogv1.Video{Input: "https://e.com/other.mp4"}, "input cannot be changed: create a new video for another source"},
		{"outputs", []string{"outputs"}, nil, "outputs is set by the service and cannot be changed"},
		{"progress", []string{"name", "progress"}, &catalogv1.Video{Name: "x", Progress: 100}, "progress is set by the service and cannot be changed"},
		{"status", []string{"status"}, &catalogv1.Video{Status: "ready"}, "status is set by the service and cannot be changed"},
		{"sprite", []string{"sprite"}, nil, "sprite is set by the service and cannot be changed"},
		{"status_reason", []string{"status_reason"}, nil, "status_reason is set by the service and cannot be changed"},
		{"duration", []string{"duration"}, nil, "duration is set by the service and cannot be changed"},
		{"thumbnail", []string{"thumbnail"}, nil, "thumbnail cannot be changed here: use POST /videos/{video_id}/thumbnail"},
		{"cards", []string{"cards"}, nil, "cards cannot be changed here: use /videos/{video_id}/cards"},
		{"hotspots", []string{"hotspots"}, nil, "hotspots cannot be changed here: use /videos/{video_id}/hotspots"},
		{"chapters", []string{"chapters"}, nil, "chapters cannot be changed here: use /videos/{video_id}/chapters"},
		{"tracks", []string{"tracks"}, nil, "tracks cannot be changed here: use /videos/{video_id}/tracks"},
		{"type", []string{"type"}, &catalogv1.Video{Type: "event"}, "type cannot be changed"},
		{"id", []string{"id"}, nil, "id cannot be changed"},
		{"created_time", []string{"created_time"}, nil, "created_time cannot be changed"},
		{"unknown", []string{"colour"}, nil, "colour is not a video field"},
		{"bad name", []string{"name"}, &catalogv1.Video{Name: ""}, "name must be 1-100 characters"},
		{"bad privacy", []string{"privacy"}, &catalogv1.Video{Privacy: "secret"}, `privacy must be "public", "private" or "unlisted"`},
		{"bad tags", []string{"tags"}, &catalogv1.Video{Tags: []string{"UP"}}, `tags contains "UP": each tag must be lowercase, single-word, alphanumeric and at most 50 characters`},
		{"unknown category", []string{"categories"}, &catalogv1.Video{Categories: []string{"none"}}, `categories contains "none", which is not the value of one of the account's categories`},
		{"projection", []string{"projection"}, &catalogv1.Video{Projection: "flat"}, `projection must be "equirectangular" or empty`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := b.client.UpdateVideo(as(t, b.alice), &catalogv1.UpdateVideoRequest{
				Id: v.GetId(), Video: tt.values, UpdateMask: &fieldmaskpb.FieldMask{Paths: tt.paths},
			})
			grpcxtest.RequireStatus(t, err, codes.InvalidArgument, tt.message)
		})
	}
	assert.Equal(t, v.String(), getVideo(t, b, b.alice, v.GetId()).String(), "refused updates change nothing")
}
