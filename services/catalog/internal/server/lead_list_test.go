package server_test

import (
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"google.golang.org/grpc/codes"
	"google.golang.org/protobuf/proto"

	catalogv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/catalog/v1"

	"github.com/vidhost/vidhost/pkg/grpcx/grpcxtest"
	"github.com/vidhost/vidhost/pkg/ids"
)

func TestLeadsPaginateWithoutDuplicates(t *testing.T) {
	t.Parallel()
	b := setup(t)
	v, g := gatedVideo(t, b, b.alice)
	other, otherGate := gatedVideo(t, b, b.alice)
	submitLead(t, b, leadRequest(other, otherGate)) // another video's lead is not listed
	want := map[string]bool{}
	for range 5 {
		want[submitLead(t, b, leadRequest(v, g)).GetId()] = true
	}

	seen := map[string]bool{}
	var sizes []int
	for cursor := ""; ; {
		out, err := b.client.ListLeads(as(t, b.alice), &catalogv1.ListLeadsRequest{VideoId: v.GetId(), Limit: proto.Int32(2), Cursor: cursor})
		require.NoError(t, err)
		sizes = append(sizes, len(out.GetItems()))
		for _, l := range out.GetItems() {
			assert.False(t, seen[l.GetId()], "lead %s listed twice", l.GetId())
			seen[l.GetId()] = true
		}
		if cursor = out.GetNextCursor(); cursor == "" {
			break
		}
	}
	assert.Equal(t, []int{2, 2, 1}, sizes)
	assert.Equal(t, want, seen)

	_, err := b.client.ListLeads(as(t, b.alice), &catalogv1.ListLeadsRequest{VideoId: v.GetId(), Limit: proto.Int32(26)})
	grpcxtest.RequireStatusPrefix(t, err, codes.InvalidArgument, "limit")
}

// Another account's video and leads are Not found, and bob's own lists never
// show alice's leads.
func TestLeadsTenantIsolation(t *testing.T) {
	t.Parallel()
	b := setup(t)
	v, g := gatedVideo(t, b, b.alice)
	l := submitLead(t, b, leadRequest(v, g))
	bobVideo, bobGate := gatedVideo(t, b, b.bob)
	submitLead(t, b, leadRequest(bobVideo, bobGate))
	bob := as(t, b.bob)

	_, err := b.client.ListLeads(bob, &catalogv1.ListLeadsRequest{VideoId: v.GetId()})
	grpcxtest.RequireStatus(t, err, codes.NotFound, "Not found")
	_, err = b.client.DeleteLead(bob, &catalogv1.DeleteLeadRequest{VideoId: v.GetId(), Id: l.GetId()})
	grpcxtest.RequireStatus(t, err, codes.NotFound, "Not found")
	_, err = b.client.DeleteLead(bob, &catalogv1.DeleteLeadRequest{VideoId: bobVideo.GetId(), Id: l.GetId()})
	grpcxtest.RequireStatus(t, err, codes.NotFound, "Not found")
	bobsLeads := listLeads(t, b, b.bob, bobVideo.GetId())
	require.Len(t, bobsLeads, 1)
	assert.NotEqual(t, l.GetId(), bobsLeads[0].GetId())
	assert.Len(t, listLeads(t, b, b.alice, v.GetId()), 1, "bob's calls removed nothing")
}

func TestDeleteLeadErasesIt(t *testing.T) {
	t.Parallel()
	b := setup(t)
	v, g := gatedVideo(t, b, b.alice)
	erased := submitLead(t, b, leadRequest(v, g))
	kept := submitLead(t, b, leadRequest(v, g))
	reader := b.alice
	reader.ReadOnly = true

	_, err := b.client.DeleteLead(as(t, reader), &catalogv1.DeleteLeadRequest{VideoId: v.GetId(), Id: erased.GetId()})
	grpcxtest.RequireStatus(t, err, codes.PermissionDenied, "this API key is read-only")
	_, err = b.client.DeleteLead(as(t, b.alice), &catalogv1.DeleteLeadRequest{VideoId: v.GetId(), Id: erased.GetId()})
	require.NoError(t, err)
	leads := listLeads(t, b, b.alice, v.GetId())
	require.Len(t, leads, 1)
	assert.Equal(t, kept.GetId(), leads[0].GetId())

	for name, req := range map[string]*catalogv1.DeleteLeadRequest{
		"again":          {VideoId: v.GetId(), Id: erased.GetId()},
		"unknown":        {VideoId: v.GetId(), Id: ids.New()},
		"malformed":      {VideoId: v.GetId(), Id: "x"},
		"of other video": {VideoId: createVideo(t, b, b.alice, "Other").GetId(), Id: kept.GetId()},
	} {
		t.Run(name, func(t *testing.T) {
			_, err := b.client.DeleteLead(as(t, b.alice), req)
			grpcxtest.RequireStatus(t, err, codes.NotFound, "Not found")
		})
	}
}

// Deleting a video deletes its leads: nothing can list them any more, and
// personal data nobody can reach must not linger.
func TestDeletingAVideoDeletesItsLeads(t *testing.T) {
	t.Parallel()
	b := setup(t)
	v, g := gatedVideo(t, b, b.alice)
	submitLead(t, b, leadRequest(v, g))
	_, err := b.client.DeleteVideo(as(t, b.alice), &catalogv1.DeleteVideoRequest{Id: v.GetId()})
	require.NoError(t, err)

	var count int
	require.NoError(t, b.db.Pool(t).QueryRow(t.Context(), `SELECT count(*) FROM leads WHERE video_id = $1`, v.GetId()).Scan(&count))
	assert.Zero(t, count)
	_, err = b.client.ListLeads(as(t, b.alice), &catalogv1.ListLeadsRequest{VideoId: v.GetId()})
	grpcxtest.RequireStatus(t, err, codes.NotFound, "Not found")
}

// The REST mapping: GET and DELETE under /v2/videos/{video_id}/leads.
func TestRESTLeads(t *testing.T) {
	t.Parallel()
	b := setup(t)
	base := rest(t, b) + "/v2/videos/"
	v, g := gatedVideo(t, b, b.alice)
	l := submitLead(t, b, leadRequest(v, g))

	status, out := call(t, http.MethodGet, base+v.GetId()+"/leads?limit=1", "")
	require.Equal(t, http.StatusOK, status, out)
	items := out["items"].([]any)
	require.Len(t, items, 1)
	assert.Equal(t, map[string]any{"email": "ada@example.com", "first_name": "Ada"}, items[0].(map[string]any)["fields"])
	status, out = call(t, http.MethodDelete, base+v.GetId()+"/leads/"+l.GetId(), "")
	require.Equal(t, http.StatusOK, status, out)
	status, _ = call(t, http.MethodDelete, base+v.GetId()+"/leads/"+l.GetId(), "")
	assert.Equal(t, http.StatusNotFound, status)
}
