package server_test

import (
	"fmt"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"google.golang.org/grpc/codes"
	"google.golang.org/protobuf/proto"

	"github.com/vidhost/vidhost/pkg/grpcx/grpcxtest"
	"github.com/vidhost/vidhost/pkg/ids"
	catalogv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/catalog/v1"
)

func TestVideoListFilters(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ctx := as(t, b.alice)
	createCategory(t, b, b.alice, "Sport", "sport")
	add := func(name, privacy string, tags, categories []string) {
		_, err := b.client.CreateVideo(ctx, &catalogv1.CreateVideoRequest{Name: name, Input: sourceURL,
			Privacy: proto.String(privacy), Tags: tags, Categories: categories})
		require.NoError(t, err)
	}
	add("Goal of the year", "public", []string{"football", "goal"}, []string{"sport"})
	add("Cat video", "private", []string{"cats"}, nil)
	add("100% real GOALS", "public", []string{"goal"}, nil)
	add("Under_score", "unlisted", nil, nil)
	_, err := b.client.CreateVideo(as(t, b.bob), &catalogv1.CreateVideoRequest{Name: "Bob's goal", Input: sourceURL,
		Privacy: proto.String("public"), Tags: []string{"goal"}})
	require.NoError(t, err)

	tests := []struct {
		name string
		req  *catalogv1.ListVideosRequest
		want []string
	}{
		{"all", &catalogv1.ListVideosRequest{}, []string{"Goal of the year", "Cat video", "100% real GOALS", "Under_score"}},
		{"privacy", &catalogv1.ListVideosRequest{Privacy: "public"}, []string{"Goal of the year", "100% real GOALS"}},
		{"tag", &catalogv1.ListVideosRequest{Tag: "goal"}, []string{"Goal of the year", "100% real GOALS"}},
		{"category", &catalogv1.ListVideosRequest{Category: "sport"}, []string{"Goal of the year"}},
		{"status", &catalogv1.ListVideosRequest{Status: "preparing"}, []string{"Goal of the year", "Cat video", "100% real GOALS", "Under_score"}},
		{"status nothing is in", &catalogv1.ListVideosRequest{Status: "ready"}, []string{}},
		{"search ignores case", &catalogv1.ListVideosRequest{Search: "goal"}, []string{"Goal of the year", "100% real GOALS"}},
		{"search with %", &catalogv1.ListVideosRequest{Search: "0%"}, []string{"100% real GOALS"}},
		{"search % is literal", &catalogv1.ListVideosRequest{Search: "y%"}, []string{}},
		{"search _ is literal", &catalogv1.ListVideosRequest{Search: "t_v"}, []string{}},
		{"search with _", &catalogv1.ListVideosRequest{Search: "r_s"}, []string{"Under_score"}},
		{"filters combine", &catalogv1.ListVideosRequest{Tag: "goal", Search: "year", Privacy: "public"}, []string{"Goal of the year"}},
		{"oldest first, named", &catalogv1.ListVideosRequest{Sort: "created_time"}, []string{"Goal of the year", "Cat video", "100% real GOALS", "Under_score"}},
		{"newest first", &catalogv1.ListVideosRequest{Sort: "-created_time"}, []string{"Under_score", "100% real GOALS", "Cat video", "Goal of the year"}},
		{"newest first, filtered", &catalogv1.ListVideosRequest{Sort: "-created_time", Tag: "goal"}, []string{"100% real GOALS", "Goal of the year"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			list, err := b.client.ListVideos(ctx, tt.req)
			require.NoError(t, err)
			assert.Equal(t, tt.want, videoNames(list.GetItems()))
		})
	}
}

func TestVideoListRejectsBadFilters(t *testing.T) {
	t.Parallel()
	b := setup(t)
	tests := []struct {
		name    string
		req     *catalogv1.ListVideosRequest
		message string
	}{
		{"status", &catalogv1.ListVideosRequest{Status: "finished"}, `status must be "preparing", "processing", "ready", "error", "live" or empty`},
		{"privacy", &catalogv1.ListVideosRequest{Privacy: "everyone"}, `privacy must be "public", "private", "unlisted" or empty`},
		{"tag", &catalogv1.ListVideosRequest{Tag: "Big Tag"}, "tag must be lowercase, single-word, alphanumeric and at most 50 characters"},
		{"folder", &catalogv1.ListVideosRequest{Folder: "nope"}, "folder must be a folder id"},
		{"limit", &catalogv1.ListVideosRequest{Limit: proto.Int32(26)}, "limit must be an integer from 1 to 25"},
		{"cursor", &catalogv1.ListVideosRequest{Cursor: "x"}, "cursor is not a cursor this service issued"},
		{"sort", &catalogv1.ListVideosRequest{Sort: "name"}, `sort must be "created_time", "-created_time" or empty`},
		{"type", &catalogv1.ListVideosRequest{Type: "live"}, `type must be "vod", "event" or empty`},
		{"id", &catalogv1.ListVideosRequest{Id: []string{"../x"}}, "id must be video ids"},
		{"too many ids", &catalogv1.ListVideosRequest{Id: slices.Repeat([]string{ids.New()}, 26)}, "id must name at most 25 videos"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := b.client.ListVideos(as(t, b.alice), tt.req)
			grpcxtest.RequireStatus(t, err, codes.InvalidArgument, tt.message)
		})
	}
}

// The Live section and `vidhost live ls` list an account's live events
// with ?type=event; ?type=vod lists the rest.
func TestVideoListByType(t *testing.T) {
	t.Parallel()
	b := setup(t)
	live := b.alice
	live.LiveEnabled = true
	_, err := b.client.CreateVideo(as(t, live), &catalogv1.CreateVideoRequest{Name: "Clip", Input: sourceURL})
	require.NoError(t, err)
	for _, name := range []string{"Launch", "Keynote"} {
		_, err := b.client.CreateVideo(as(t, live), &catalogv1.CreateVideoRequest{Name: name, Type: proto.String("event")})
		require.NoError(t, err)
	}
	_, err = b.client.CreateVideo(as(t, b.bob), &catalogv1.CreateVideoRequest{Name: "Bob's clip", Input: sourceURL})
	require.NoError(t, err)

	tests := []struct {
		name string
		req  *catalogv1.ListVideosRequest
		want []string
	}{
		{"events", &catalogv1.ListVideosRequest{Type: "event"}, []string{"Launch", "Keynote"}},
		{"events, newest first", &catalogv1.ListVideosRequest{Type: "event", Sort: "-created_time"}, []string{"Keynote", "Launch"}},
		{"vods", &catalogv1.ListVideosRequest{Type: "vod"}, []string{"Clip"}},
		{"events with another filter", &catalogv1.ListVideosRequest{Type: "event", Search: "key"}, []string{"Keynote"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			list, err := b.client.ListVideos(as(t, live), tt.req)
			require.NoError(t, err)
			assert.Equal(t, tt.want, videoNames(list.GetItems()))
		})
	}
}

// Issue 28: the analytics page names its top videos with one list by id;
// a deleted video's id, and another account's, are simply not listed.
func TestVideoListByID(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ctx := as(t, b.alice)
	kept := createVideo(t, b, b.alice, "Kept")
	other := createVideo(t, b, b.alice, "Other")
	gone := createVideo(t, b, b.alice, "Gone")
	_, err := b.client.DeleteVideo(ctx, &catalogv1.DeleteVideoRequest{Id: gone.GetId()})
	require.NoError(t, err)
	bobs := createVideo(t, b, b.bob, "Bob's")

	for _, sort := range []string{"", "-created_time"} {
		list, err := b.client.ListVideos(ctx, &catalogv1.ListVideosRequest{Sort: sort,
			Id: []string{gone.GetId(), kept.GetId(), bobs.GetId(), ids.New()}})
		require.NoError(t, err)
		assert.Equal(t, []string{"Kept"}, videoNames(list.GetItems()), sort)
	}
	list, err := b.client.ListVideos(ctx, &catalogv1.ListVideosRequest{Id: []string{other.GetId(), kept.GetId()}})
	require.NoError(t, err)
	assert.Equal(t, []string{"Kept", "Other"}, videoNames(list.GetItems()), "in the list's order, not the ids'")
}

func TestVideosPaginateWithFilters(t *testing.T) {
	t.Parallel()
	b := setup(t)
	var want []string
	for i := range 23 {
		tags := []string{"even"}
		if i%2 == 1 {
			tags = []string{"odd"}
		}
		v, err := b.client.CreateVideo(as(t, b.alice), &catalogv1.CreateVideoRequest{Name: fmt.Sprintf("V%02d", i), Input: sourceURL, Tags: tags})
		require.NoError(t, err)
		if i%2 == 0 {
			want = append(want, v.GetId())
		}
	}

	got, sizes := pageThrough(t, b, &catalogv1.ListVideosRequest{Limit: proto.Int32(5), Tag: "even"})
	assert.Equal(t, []int{5, 5, 2}, sizes)
	assert.Equal(t, want, got, "every matching video once, oldest first")

	got, sizes = pageThrough(t, b, &catalogv1.ListVideosRequest{Limit: proto.Int32(5), Tag: "even", Sort: "-created_time"})
	assert.Equal(t, []int{5, 5, 2}, sizes)
	slices.Reverse(want)
	assert.Equal(t, want, got, "every matching video once, newest first")
}

// pageThrough follows the cursors of req from the first page and returns
// the ids seen and the size of each page.
func pageThrough(t *testing.T, b testBundle, req *catalogv1.ListVideosRequest) (ids []string, sizes []int) {
	t.Helper()
	for {
		resp, err := b.client.ListVideos(as(t, b.alice), req)
		require.NoError(t, err)
		sizes = append(sizes, len(resp.GetItems()))
		for _, v := range resp.GetItems() {
			ids = append(ids, v.GetId())
		}
		if req.Cursor = resp.GetNextCursor(); req.Cursor == "" {
			return ids, sizes
		}
		require.Less(t, len(sizes), 10, "pagination does not end")
	}
}
