package server_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"google.golang.org/grpc/codes"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/fieldmaskpb"

	catalogv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/catalog/v1"

	"github.com/vidhost/vidhost/pkg/grpcx/grpcxtest"
	"github.com/vidhost/vidhost/pkg/ids"
)

func TestHotspotShapes(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ctx := as(t, b.alice)
	v := createVideo(t, b, b.alice, "Hotspots")

	created, err := b.client.CreateHotspot(ctx, &catalogv1.CreateHotspotRequest{
		VideoId: v.GetId(), Name: "Spot", At: 75, Until: 90, X: 25, Y: 75, Link: "https://e.com/p", Opacity: 0.3,
	})
	require.NoError(t, err)
	assert.Equal(t, "_blank", created.GetTarget(), "the default target")
	assert.Equal(t, 0.3, created.GetOpacity())

	// Set B: time-codes and named opacity; the answer is in Set B too.
	updated, err := b.client.UpdateHotspot(ctx, &catalogv1.UpdateHotspotRequest{
		VideoId: v.GetId(), Id: created.GetId(),
		Hotspot:    &catalogv1.TimecodedHotspot{HideAt: "00:02:00", Target: "_parent", Action: "link"},
		UpdateMask: &fieldmaskpb.FieldMask{Paths: []string{"hide_at", "target", "action"}},
	})
	require.NoError(t, err)
	assertProtos(t, []*catalogv1.TimecodedHotspot{{Id: created.GetId(), Name: "Spot", ShowAt: "00:01:15", HideAt: "00:02:00",
		X: 25, Y: 75, Action: "link", Link: "https://e.com/p", Target: "_parent", Opacity: "translucent"}},
		[]*catalogv1.TimecodedHotspot{updated}, "the update shape")

	opaque, err := b.client.UpdateHotspot(ctx, &catalogv1.UpdateHotspotRequest{
		VideoId: v.GetId(), Id: created.GetId(), Hotspot: &catalogv1.TimecodedHotspot{Opacity: "opaque"},
		UpdateMask: &fieldmaskpb.FieldMask{Paths: []string{"opacity"}},
	})
	require.NoError(t, err)
	assert.Equal(t, "opaque", opaque.GetOpacity())

	// The video shows the stored hotspot in the create shape.
	got := getVideo(t, b, b.alice, v.GetId()).GetHotspots()
	require.Len(t, got, 1)
	assert.Equal(t, int32(120), got[0].GetUntil())
	assert.Equal(t, 1.0, got[0].GetOpacity())
	assert.Equal(t, "_parent", got[0].GetTarget())

	_, err = b.client.DeleteHotspot(ctx, &catalogv1.DeleteHotspotRequest{VideoId: v.GetId(), Id: created.GetId()})
	require.NoError(t, err)
	assert.Empty(t, getVideo(t, b, b.alice, v.GetId()).GetHotspots())
}

func TestHotspotValidation(t *testing.T) {
	t.Parallel()
	b := setup(t)
	v := createVideo(t, b, b.alice, "Hotspots")
	valid := func() *catalogv1.CreateHotspotRequest {
		return &catalogv1.CreateHotspotRequest{VideoId: v.GetId(), Name: "S", At: 1, Until: 2, X: 50, Y: 50, Link: "https://e.com"}
	}
	for name, tt := range map[string]struct {
		change  func(r *catalogv1.CreateHotspotRequest)
		message string
	}{
		"until":   {func(r *catalogv1.CreateHotspotRequest) { r.Until = 1 }, "until must be greater than at"},
		"x":       {func(r *catalogv1.CreateHotspotRequest) { r.X = 120 }, "x must be a number from 0 to 100 (percent of the width)"},
		"y":       {func(r *catalogv1.CreateHotspotRequest) { r.Y = -3 }, "y must be a number from 0 to 100 (percent of the height)"},
		"opacity": {func(r *catalogv1.CreateHotspotRequest) { r.Opacity = 2 }, "opacity must be a number from 0 to 1"},
		"pitch":   {func(r *catalogv1.CreateHotspotRequest) { r.Pitch = 3 }, "pitch must be a number from -PI/2 to PI/2 (radians)"},
		"yaw":     {func(r *catalogv1.CreateHotspotRequest) { r.Yaw = -7 }, "yaw must be a number from -PI to PI (radians)"},
		"name":    {func(r *catalogv1.CreateHotspotRequest) { r.Name = strings.Repeat("n", 101) }, "name must be at most 100 characters"},
		"link":    {func(r *catalogv1.CreateHotspotRequest) { r.Link = "ftp://e.com" }, "link must be an http(s) URL"},
		"target":  {func(r *catalogv1.CreateHotspotRequest) { r.Target = proto.String("_top") }, `target must be "_blank" or "_parent"`},
	} {
		t.Run(name, func(t *testing.T) {
			req := valid()
			tt.change(req)
			_, err := b.client.CreateHotspot(as(t, b.alice), req)
			grpcxtest.RequireStatus(t, err, codes.InvalidArgument, tt.message)
		})
	}
	h, err := b.client.CreateHotspot(as(t, b.alice), valid())
	require.NoError(t, err)
	for name, tt := range map[string]struct {
		paths   []string
		values  *catalogv1.TimecodedHotspot
		message string
	}{
		"show_at":   {[]string{"show_at"}, &catalogv1.TimecodedHotspot{ShowAt: "5 s"}, "show_at must be a time-code HH:MM:SS"},
		"order":     {[]string{"show_at"}, &catalogv1.TimecodedHotspot{ShowAt: "00:00:09"}, "hide_at must be after show_at"},
		"opacity":   {[]string{"opacity"}, &catalogv1.TimecodedHotspot{Opacity: "half"}, `opacity must be "invisible", "translucent" or "opaque"`},
		"action":    {[]string{"action"}, &catalogv1.TimecodedHotspot{Action: "seek"}, `action must be "link"`},
		"target":    {[]string{"target"}, &catalogv1.TimecodedHotspot{Target: "_self"}, `target must be "_blank" or "_parent"`},
		"link":      {[]string{"link"}, &catalogv1.TimecodedHotspot{Link: "https://e.com/" + strings.Repeat("l", 100)}, "link must be at most 100 characters"},
		"set A key": {[]string{"until"}, nil, "until is not a hotspot field"},
	} {
		t.Run("update "+name, func(t *testing.T) {
			_, err := b.client.UpdateHotspot(as(t, b.alice), &catalogv1.UpdateHotspotRequest{
				VideoId: v.GetId(), Id: h.GetId(), Hotspot: tt.values, UpdateMask: &fieldmaskpb.FieldMask{Paths: tt.paths},
			})
			grpcxtest.RequireStatus(t, err, codes.InvalidArgument, tt.message)
		})
	}
}

func TestChapters(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ctx := as(t, b.alice)
	v := createVideo(t, b, b.alice, "Chaptered")
	add := func(name, start string) *catalogv1.Chapter {
		c, err := b.client.CreateChapter(ctx, &catalogv1.CreateChapterRequest{VideoId: v.GetId(), Name: name, Start: start})
		require.NoError(t, err)
		return c
	}
	outro := add("Outro", "00:10:00")
	add("Intro", "00:00:00")
	middle := add("Middle", "00:05:00")

	names := func() []string {
		var out []string
		for _, c := range getVideo(t, b, b.alice, v.GetId()).GetChapters() {
			out = append(out, c.GetName()+"@"+c.GetStart())
		}
		return out
	}
	assert.Equal(t, []string{"Intro@00:00:00", "Middle@00:05:00", "Outro@00:10:00"}, names(), "ordered by start")

	_, err := b.client.CreateChapter(ctx, &catalogv1.CreateChapterRequest{VideoId: v.GetId(), Name: "Again", Start: "00:05:00"})
	grpcxtest.RequireStatus(t, err, codes.AlreadyExists, "start is already used by another chapter of the video")
	_, err = b.client.CreateChapter(ctx, &catalogv1.CreateChapterRequest{VideoId: v.GetId(), Name: "Bad", Start: "5:00"})
	grpcxtest.RequireStatus(t, err, codes.InvalidArgument, "start must be a time-code HH:MM:SS")
	_, err = b.client.CreateChapter(ctx, &catalogv1.CreateChapterRequest{VideoId: v.GetId(), Name: "", Start: "00:01:00"})
	grpcxtest.RequireStatus(t, err, codes.InvalidArgument, "name must be 1-100 characters")

	moved, err := b.client.UpdateChapter(ctx, &catalogv1.UpdateChapterRequest{
		VideoId: v.GetId(), Id: middle.GetId(), Chapter: &catalogv1.Chapter{Start: "00:15:00"},
		UpdateMask: &fieldmaskpb.FieldMask{Paths: []string{"start"}},
	})
	require.NoError(t, err)
	assert.Equal(t, "Middle", moved.GetName())
	assert.Equal(t, []string{"Intro@00:00:00", "Outro@00:10:00", "Middle@00:15:00"}, names())

	_, err = b.client.DeleteChapter(ctx, &catalogv1.DeleteChapterRequest{VideoId: v.GetId(), Id: outro.GetId()})
	require.NoError(t, err)
	assert.Equal(t, []string{"Intro@00:00:00", "Middle@00:15:00"}, names())
}

// Cards, gates and hotspots are for vods only; chapters are allowed on a
// live event.
func TestOverlaysOnLiveEvents(t *testing.T) {
	t.Parallel()
	b := setup(t)
	live := b.alice
	live.LiveEnabled = true
	ctx := as(t, live)
	event, err := b.client.CreateVideo(ctx, &catalogv1.CreateVideoRequest{Name: "Live", Type: proto.String("event")})
	require.NoError(t, err)

	_, err = b.client.CreateCard(ctx, cardRequest(event.GetId()))
	grpcxtest.RequireStatus(t, err, codes.InvalidArgument, "cards are supported only for videos of type vod")
	_, err = b.client.CreateGate(ctx, gateRequest(event.GetId()))
	grpcxtest.RequireStatus(t, err, codes.InvalidArgument, "gates are supported only for videos of type vod")
	_, err = b.client.CreateHotspot(ctx, &catalogv1.CreateHotspotRequest{VideoId: event.GetId(), At: 1, Until: 2, Link: "https://e.com"})
	grpcxtest.RequireStatus(t, err, codes.InvalidArgument, "hotspots are supported only for videos of type vod")
	_, err = b.client.CreateChapter(ctx, &catalogv1.CreateChapterRequest{VideoId: event.GetId(), Name: "Start", Start: "00:00:00"})
	assert.NoError(t, err)
}

func TestOverlaysOfUnknownVideosAndItems(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ctx := as(t, b.alice)
	v := createVideo(t, b, b.alice, "V")

	_, err := b.client.CreateCard(ctx, cardRequest(ids.New()))
	grpcxtest.RequireStatus(t, err, codes.NotFound, "Not found")
	_, err = b.client.CreateCard(ctx, cardRequest("bad id"))
	grpcxtest.RequireStatus(t, err, codes.NotFound, "Not found")
	_, err = b.client.UpdateChapter(ctx, &catalogv1.UpdateChapterRequest{VideoId: v.GetId(), Id: ids.New(),
		Chapter: &catalogv1.Chapter{Name: "x"}, UpdateMask: &fieldmaskpb.FieldMask{Paths: []string{"name"}}})
	grpcxtest.RequireStatus(t, err, codes.NotFound, "Not found")
	_, err = b.client.DeleteHotspot(ctx, &catalogv1.DeleteHotspotRequest{VideoId: v.GetId(), Id: ids.New()})
	grpcxtest.RequireStatus(t, err, codes.NotFound, "Not found")
}

// assertProtos asserts two lists of messages are equal, message by message.
func assertProtos[M proto.Message](t *testing.T, want, got []M, msg string) {
	t.Helper()
	require.Len(t, got, len(want), msg)
	for i := range want {
		assert.True(t, proto.Equal(want[i], got[i]), "%s: want %v, got %v", msg, want[i], got[i])
	}
}
