package app_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/vidhost/vidhost/pkg/grpcx/grpcxtest"
	"github.com/vidhost/vidhost/pkg/principal"
	identityv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/identity/v1"
)

func TestPagination(t *testing.T) {
	t.Parallel()
	tb := setup(t)
	var created []string
	for i := range 30 {
		created = append(created, tb.createKey(t, tb.ownerB, fmt.Sprintf("key %02d", i)))
	}
	// Keys made while paging land after the cursor, so they do not disturb it.
	var seen []string
	var pages []int
	cursor := ""
	for {
		resp, err := tb.client.ListApiKeys(as(t, tb.ownerB), &identityv1.ListApiKeysRequest{Limit: new(int32(7)), Cursor: cursor})
		require.NoError(t, err)
		pages = append(pages, len(resp.GetItems()))
		for _, k := range resp.GetItems() {
			seen = append(seen, k.GetId())
		}
		if cursor = resp.GetNextCursor(); cursor == "" {
			break
		}
		require.Less(t, len(pages), 10, "paging does not end")
	}
	assert.Equal(t, []int{7, 7, 7, 7, 2}, pages)
	assert.Equal(t, created, seen, "every key once, oldest first")

	summaries := tb.summaryIDs(t, tb.ownerB, 7)
	assert.Equal(t, created, summaries, "GET /api_keys pages the same way")
}

func TestListDefaultsAndLastPage(t *testing.T) {
	t.Parallel()
	tb := setup(t)
	for i := range 25 {
		tb.createKey(t, tb.ownerB, fmt.Sprint(i))
	}
	resp, err := tb.client.ListApiKeys(as(t, tb.ownerB), &identityv1.ListApiKeysRequest{})
	require.NoError(t, err)
	assert.Len(t, resp.GetItems(), 25, "default limit 25")
	assert.Empty(t, resp.GetNextCursor(), "exactly 25: no next page")
}

func TestListValidation(t *testing.T) {
	t.Parallel()
	tb := setup(t)
	for _, tt := range []struct {
		limit   *int32
		cursor  string
		message string
	}{
		{new(int32(0)), "", "limit must be an integer from 1 to 25"},
		{new(int32(26)), "", "limit must be an integer from 1 to 25"},
		{nil, "garbage!", "cursor is not a cursor this service issued"},
	} {
		t.Run(tt.message, func(t *testing.T) {
			_, err := tb.client.ListApiKeys(as(t, tb.ownerA), &identityv1.ListApiKeysRequest{Limit: tt.limit, Cursor: tt.cursor})
			grpcxtest.RequireStatus(t, err, codes.InvalidArgument, tt.message)
			_, err = tb.client.ListApiKeySummaries(as(t, tb.ownerA), &identityv1.ListApiKeySummariesRequest{Limit: tt.limit, Cursor: tt.cursor})
			grpcxtest.RequireStatus(t, err, codes.InvalidArgument, tt.message)
		})
	}
}

func TestSummariesHaveNoIPs(t *testing.T) {
	t.Parallel()
	tb := setup(t)
	_, err := tb.client.CreateApiKey(as(t, tb.ownerB), &identityv1.CreateApiKeyRequest{
		Type: "api", Name: "ro", Permissions: []string{"fetch"}, Ips: []string{"192.0.2.9"},
	})
	require.NoError(t, err)
	resp, err := tb.client.ListApiKeySummaries(as(t, tb.ownerB), &identityv1.ListApiKeySummariesRequest{})
	require.NoError(t, err)
	require.Len(t, resp.GetItems(), 1)
	s := resp.GetItems()[0]
	assert.Equal(t, "ro", s.GetName())
	assert.Equal(t, "api", s.GetType())
	assert.Equal(t, []string{"fetch"}, s.GetPermissions())
	assert.NotEmpty(t, s.GetCreatedTime())
	assert.Nil(t, s.ProtoReflect().Descriptor().Fields().ByName("ips"), "ApiKeySummary has no ips field")
}

// listIDs pages through p's keys with GET /keys.
func (tb *testBundle) listIDs(t *testing.T, p principal.Principal, limit int32) []string {
	t.Helper()
	var out []string
	cursor := ""
	for {
		resp, err := tb.client.ListApiKeys(as(t, p), &identityv1.ListApiKeysRequest{Limit: &limit, Cursor: cursor})
		require.NoError(t, err)
		for _, k := range resp.GetItems() {
			out = append(out, k.GetId())
		}
		if cursor = resp.GetNextCursor(); cursor == "" {
			return out
		}
	}
}

// summaryIDs pages through p's keys with GET /api_keys.
func (tb *testBundle) summaryIDs(t *testing.T, p principal.Principal, limit int32) []string {
	t.Helper()
	var out []string
	cursor := ""
	for {
		resp, err := tb.client.ListApiKeySummaries(as(t, p), &identityv1.ListApiKeySummariesRequest{Limit: &limit, Cursor: cursor})
		require.NoError(t, err)
		for _, k := range resp.GetItems() {
			out = append(out, k.GetId())
		}
		if cursor = resp.GetNextCursor(); cursor == "" {
			return out
		}
	}
}

func statusCode(err error) codes.Code {
	return status.Code(err)
}
