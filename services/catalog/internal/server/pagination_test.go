package server_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"google.golang.org/grpc/codes"
	"google.golang.org/protobuf/proto"

	"github.com/vidhost/vidhost/pkg/grpcx/grpcxtest"
	catalogv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/catalog/v1"
)

func TestCategoriesPaginate(t *testing.T) {
	t.Parallel()
	b := setup(t)
	var want []string
	for i := range 30 {
		want = append(want, createCategory(t, b, b.alice, fmt.Sprintf("C%02d", i), fmt.Sprintf("c%02d", i)).GetId())
	}
	createCategory(t, b, b.bob, "Bob's", "bob")

	var got []string
	var sizes []int
	cursor := ""
	for {
		resp, err := b.client.ListCategories(as(t, b.alice), &catalogv1.ListCategoriesRequest{Limit: proto.Int32(7), Cursor: cursor})
		require.NoError(t, err)
		sizes = append(sizes, len(resp.GetItems()))
		for _, c := range resp.GetItems() {
			got = append(got, c.GetId())
		}
		if cursor = resp.GetNextCursor(); cursor == "" {
			break
		}
		require.Less(t, len(sizes), 10, "pagination does not end")
	}

	assert.Equal(t, []int{7, 7, 7, 7, 2}, sizes, "the last page has no cursor")
	assert.Equal(t, want, got, "every item once, oldest first")
}

func TestPlayersPaginateWithDefaultLimit(t *testing.T) {
	t.Parallel()
	b := setup(t)
	for i := range 26 {
		createPlayer(t, b, b.alice, fmt.Sprintf("P%02d", i))
	}

	first, err := b.client.ListPlayers(as(t, b.alice), &catalogv1.ListPlayersRequest{})
	require.NoError(t, err)
	assert.Len(t, first.GetItems(), 25, "the default limit is 25")
	require.NotEmpty(t, first.GetNextCursor())

	second, err := b.client.ListPlayers(as(t, b.alice), &catalogv1.ListPlayersRequest{Cursor: first.GetNextCursor()})
	require.NoError(t, err)
	require.Len(t, second.GetItems(), 1)
	assert.Equal(t, "P25", second.GetItems()[0].GetName())
	assert.Empty(t, second.GetNextCursor())
}

func TestListRejectsBadLimitsAndCursors(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ctx := as(t, b.alice)
	tests := []struct {
		name    string
		limit   *int32
		cursor  string
		message string
	}{
		{"limit 0", proto.Int32(0), "", "limit must be an integer from 1 to 25"},
		{"limit 26", proto.Int32(26), "", "limit must be an integer from 1 to 25"},
		{"negative limit", proto.Int32(-1), "", "limit must be an integer from 1 to 25"},
		{"garbage cursor", nil, "not-a-cursor!", "cursor is not a cursor this service issued"},
		{"base64 of garbage", nil, "aGVsbG8", "cursor is not a cursor this service issued"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := b.client.ListCategories(ctx, &catalogv1.ListCategoriesRequest{Limit: tt.limit, Cursor: tt.cursor})
			grpcxtest.RequireStatus(t, err, codes.InvalidArgument, tt.message)
			_, err = b.client.ListPlayers(ctx, &catalogv1.ListPlayersRequest{Limit: tt.limit, Cursor: tt.cursor})
			grpcxtest.RequireStatus(t, err, codes.InvalidArgument, tt.message)
		})
	}
}
