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

func TestCreatePlayerEmitsDefaults(t *testing.T) {
	t.Parallel()
	b := setup(t)

	p := createPlayer(t, b, b.alice, "Main")

	assert.Equal(t, "Main", p.GetName())
	assert.Equal(t, "", p.GetAnalytics())
	assert.False(t, p.GetAutoplay())
	assert.False(t, p.GetMuted())
	assert.True(t, p.GetPlaysinline(), "playsinline defaults to true")
	assert.True(t, p.GetPreload(), "preload defaults to true")
	assert.False(t, p.GetShowName())
	assert.False(t, p.GetShowDuration())
	assert.Empty(t, p.GetControls())
	assert.Equal(t, "", p.GetColour())
	assert.Equal(t, "", p.GetQuality())
	assert.Equal(t, "", p.GetTrack())
	assert.Equal(t, "alice-user", p.GetCreatedBy())
	assert.NotEmpty(t, p.GetCreatedTime())
}

func TestCreatePlayerKeepsSentFields(t *testing.T) {
	t.Parallel()
	b := setup(t)

	p, err := b.client.CreatePlayer(as(t, b.alice), &catalogv1.CreatePlayerRequest{
		Name: "Kiosk", Analytics: proto.String("none"), Autoplay: proto.Bool(true), Muted: proto.Bool(true),
		Playsinline: proto.Bool(false), Preload: proto.Bool(false), ShowName: proto.Bool(true),
		ShowDuration: proto.Bool(true), Controls: []string{"play", "fullscreen"}, Colour: proto.String("#FF00aa"),
		Quality: proto.String("highest"), Track: proto.String("fr"),
	})
	require.NoError(t, err)

	got, err := b.client.GetPlayer(as(t, b.alice), &catalogv1.GetPlayerRequest{Id: p.GetId()})
	require.NoError(t, err)
	for _, player := range []*catalogv1.Player{p, got} {
		assert.Equal(t, "none", player.GetAnalytics())
		assert.True(t, player.GetAutoplay())
		assert.True(t, player.GetMuted())
		assert.False(t, player.GetPlaysinline(), "an explicit false beats the true default")
		assert.False(t, player.GetPreload())
		assert.True(t, player.GetShowName())
		assert.True(t, player.GetShowDuration())
		assert.Equal(t, []string{"play", "fullscreen"}, player.GetControls())
		assert.Equal(t, "#ff00aa", player.GetColour(), "stored in lower case")
		assert.Equal(t, "highest", player.GetQuality())
		assert.Equal(t, "fr", player.GetTrack())
	}
}

func TestCreatePlayerValidation(t *testing.T) {
	t.Parallel()
	b := setup(t)
	tests := []struct {
		name    string
		change  func(r *catalogv1.CreatePlayerRequest)
		message string
	}{
		{"empty name", func(r *catalogv1.CreatePlayerRequest) { r.Name = "" }, "name must be 1-50 characters"},
		{"long name", func(r *catalogv1.CreatePlayerRequest) { r.Name = strings.Repeat("n", 51) }, "name must be 1-50 characters"},
		{"analytics", func(r *catalogv1.CreatePlayerRequest) { r.Analytics = proto.String("some") }, `analytics must be empty or "none"`},
		{"unknown control", func(r *catalogv1.CreatePlayerRequest) { r.Controls = []string{"loop"} }, `controls contains unknown control "loop"`},
		{"repeated control", func(r *catalogv1.CreatePlayerRequest) { r.Controls = []string{"pip", "pip"} }, `controls contains "pip" more than once`},
		{"none and more", func(r *catalogv1.CreatePlayerRequest) { r.Controls = []string{"none", "play"} }, `controls may contain "none" only on its own`},
		{"colour", func(r *catalogv1.CreatePlayerRequest) { r.Colour = proto.String("red") }, "colour must be a hex colour like #rrggbb, or empty"},
		{"quality", func(r *catalogv1.CreatePlayerRequest) { r.Quality = proto.String("best") }, `quality must be "highest", "lowest" or empty`},
		{"track", func(r *catalogv1.CreatePlayerRequest) { r.Track = proto.String("english") }, `track must be a BCP 47 language tag, such as "en", "pt-BR" or "zh-Hant", or empty`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := &catalogv1.CreatePlayerRequest{Name: "Main"}
			tt.change(req)
			_, err := b.client.CreatePlayer(as(t, b.alice), req)
			grpcxtest.RequireStatusPrefix(t, err, codes.InvalidArgument, tt.message)
		})
	}
}

func TestUpdatePlayerAppliesOnlyMaskedFields(t *testing.T) {
	t.Parallel()
	b := setup(t)
	p := createPlayer(t, b, b.alice, "Main")

	// What PATCH {"autoplay": true} becomes: every other field of the
	// message is its zero value (playsinline false), but outside the mask.
	updated, err := b.client.UpdatePlayer(as(t, b.alice), &catalogv1.UpdatePlayerRequest{
		Id: p.GetId(), Player: &catalogv1.Player{Autoplay: true},
		UpdateMask: &fieldmaskpb.FieldMask{Paths: []string{"autoplay"}},
	})
	require.NoError(t, err)

	assert.True(t, updated.GetAutoplay())
	assert.True(t, updated.GetPlaysinline(), "playsinline was not in the mask")
	assert.True(t, updated.GetPreload())
	assert.Equal(t, "Main", updated.GetName())
}

func TestUpdatePlayerFields(t *testing.T) {
	t.Parallel()
	b := setup(t)
	p := createPlayer(t, b, b.alice, "Main")

	updated, err := b.client.UpdatePlayer(as(t, b.alice), &catalogv1.UpdatePlayerRequest{
		Id: p.GetId(),
		Player: &catalogv1.Player{
			Name: "Renamed", Playsinline: false, Controls: []string{"none"}, Colour: "#ABCDEF", Track: "de",
		},
		UpdateMask: &fieldmaskpb.FieldMask{Paths: []string{"name", "playsinline", "controls", "colour", "track"}},
	})
	require.NoError(t, err)

	assert.Equal(t, "Renamed", updated.GetName())
	assert.False(t, updated.GetPlaysinline())
	assert.Equal(t, []string{"none"}, updated.GetControls())
	assert.Equal(t, "#abcdef", updated.GetColour())
	assert.Equal(t, "de", updated.GetTrack())
	assert.True(t, updated.GetPreload(), "unmasked fields keep their values")
}

func TestUpdatePlayerMaskRules(t *testing.T) {
	t.Parallel()
	b := setup(t)
	p := createPlayer(t, b, b.alice, "Main")
	tests := []struct {
		name    string
		paths   []string
		message string
	}{
		{"empty mask", nil, "request must change at least one field"},
		{"id", []string{"id"}, "id cannot be changed"},
		{"created_by", []string{"autoplay", "created_by"}, "created_by cannot be changed"},
		{"created_time", []string{"created_time"}, "created_time cannot be changed"},
		{"updated_by", []string{"updated_by"}, "updated_by cannot be changed"},
		{"updated_time", []string{"updated_time"}, "updated_time cannot be changed"},
		{"unknown", []string{"value"}, "value is not a player field"},
		{"invalid result", []string{"quality"}, `quality must be "highest", "lowest" or empty`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := b.client.UpdatePlayer(as(t, b.alice), &catalogv1.UpdatePlayerRequest{
				Id: p.GetId(), Player: &catalogv1.Player{Autoplay: true, Quality: "max"},
				UpdateMask: &fieldmaskpb.FieldMask{Paths: tt.paths},
			})
			grpcxtest.RequireStatus(t, err, codes.InvalidArgument, tt.message)
		})
	}
	got, err := b.client.GetPlayer(as(t, b.alice), &catalogv1.GetPlayerRequest{Id: p.GetId()})
	require.NoError(t, err)
	assert.False(t, got.GetAutoplay(), "refused updates change nothing")
}

func TestDeletePlayer(t *testing.T) {
	t.Parallel()
	b := setup(t)
	p := createPlayer(t, b, b.alice, "Main")

	_, err := b.client.DeletePlayer(as(t, b.alice), &catalogv1.DeletePlayerRequest{Id: p.GetId()})
	require.NoError(t, err)

	_, err = b.client.GetPlayer(as(t, b.alice), &catalogv1.GetPlayerRequest{Id: p.GetId()})
	grpcxtest.RequireStatus(t, err, codes.NotFound, "Not found")
}
