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
	"github.com/vidhost/vidhost/pkg/principal"
)

// gatedVideo is a video of p with one gate asking for email and first_name
// and showing a checkbox.
func gatedVideo(t *testing.T, b testBundle, p principal.Principal) (*catalogv1.Video, *catalogv1.Gate) {
	t.Helper()
	v := createVideo(t, b, p, "Gated")
	req := gateRequest(v.GetId())
	req.CheckboxText = proto.String("Send me news")
	g, err := b.client.CreateGate(as(t, p), req)
	require.NoError(t, err)
	return v, g
}

// leadRequest is a valid submission to gate g of video v.
func leadRequest(v *catalogv1.Video, g *catalogv1.Gate) *catalogv1.SubmitLeadRequest {
	return &catalogv1.SubmitLeadRequest{VideoId: v.GetId(), GateId: g.GetId(), Checkbox: true,
		Fields: map[string]string{"email": "ada@example.com", "first_name": "Ada"}}
}

// submitLead submits as the playback edge does: without a principal.
func submitLead(t *testing.T, b testBundle, req *catalogv1.SubmitLeadRequest) *catalogv1.Lead {
	t.Helper()
	l, err := b.client.SubmitLead(t.Context(), req)
	require.NoError(t, err)
	return l
}

func listLeads(t *testing.T, b testBundle, p principal.Principal, videoID string) []*catalogv1.Lead {
	t.Helper()
	out, err := b.client.ListLeads(as(t, p), &catalogv1.ListLeadsRequest{VideoId: videoID})
	require.NoError(t, err)
	return out.GetItems()
}

func TestSubmittedLeadIsListed(t *testing.T) {
	t.Parallel()
	b := setup(t)
	v, g := gatedVideo(t, b, b.alice)

	l := submitLead(t, b, leadRequest(v, g))
	assert.Len(t, l.GetId(), 21)
	assert.Equal(t, v.GetId(), l.GetVideoId())
	assert.Equal(t, g.GetId(), l.GetGateId())
	assert.Equal(t, map[string]string{"email": "ada@example.com", "first_name": "Ada"}, l.GetFields())
	assert.True(t, l.GetCheckbox())
	assert.Empty(t, l.GetCreatedBy(), "a viewer, not a user, created it")
	assert.NotEmpty(t, l.GetCreatedTime())
	assert.Equal(t, l.GetCreatedTime(), l.GetUpdatedTime())

	listed := listLeads(t, b, b.alice, v.GetId())
	require.Len(t, listed, 1)
	assert.True(t, proto.Equal(l, listed[0]), "listed as submitted: %v", listed[0])
}

func TestSubmitLeadRules(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ctx := as(t, b.alice)
	v, g := gatedVideo(t, b, b.alice)
	disabled, disabledGate := gatedVideo(t, b, b.alice)
	_, err := b.client.UpdateVideo(ctx, &catalogv1.UpdateVideoRequest{Id: disabled.GetId(),
		Video: &catalogv1.Video{Enabled: false}, UpdateMask: &fieldmaskpb.FieldMask{Paths: []string{"enabled"}}})
	require.NoError(t, err)
	deleted, deletedGate := gatedVideo(t, b, b.alice)
	_, err = b.client.DeleteVideo(ctx, &catalogv1.DeleteVideoRequest{Id: deleted.GetId()})
	require.NoError(t, err)

	tests := []struct {
		name    string
		req     *catalogv1.SubmitLeadRequest
		change  func(r *catalogv1.SubmitLeadRequest)
		code    codes.Code
		message string
	}{
		{"unknown video", leadRequest(v, g), func(r *catalogv1.SubmitLeadRequest) { r.VideoId = ids.New() }, codes.NotFound, "Not found"},
		{"malformed video id", leadRequest(v, g), func(r *catalogv1.SubmitLeadRequest) { r.VideoId = "../x" }, codes.NotFound, "Not found"},
		{"disabled video", leadRequest(disabled, disabledGate), nil, codes.NotFound, "Not found"},
		{"deleted video", leadRequest(deleted, deletedGate), nil, codes.NotFound, "Not found"},
		{"unknown gate", leadRequest(v, g), func(r *catalogv1.SubmitLeadRequest) { r.GateId = ids.New() },
			codes.InvalidArgument, "gate_id must name a gate of this video"},
		{"field the gate lacks", leadRequest(v, g), func(r *catalogv1.SubmitLeadRequest) { r.Fields["telephone"] = "123456" },
			codes.InvalidArgument, `fields must hold only the gate's fields ("telephone" is not one)`},
		{"missing field", leadRequest(v, g), func(r *catalogv1.SubmitLeadRequest) { delete(r.Fields, "first_name") },
			codes.InvalidArgument, "fields.first_name is required"},
		{"too long", leadRequest(v, g), func(r *catalogv1.SubmitLeadRequest) { r.Fields["first_name"] = strings.Repeat("a", 201) },
			codes.InvalidArgument, "fields.first_name must be at most 200 characters"},
		{"control character", leadRequest(v, g), func(r *catalogv1.SubmitLeadRequest) { r.Fields["first_name"] = "A\rda" },
			codes.InvalidArgument, "fields.first_name must not contain control characters"},
		{"bad email", leadRequest(v, g), func(r *catalogv1.SubmitLeadRequest) { r.Fields["email"] = "ada@" },
			codes.InvalidArgument, "fields.email must be an email address"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.change != nil {
				tt.change(tt.req)
			}
			_, err := b.client.SubmitLead(t.Context(), tt.req)
			grpcxtest.RequireStatus(t, err, tt.code, tt.message)
		})
	}
	assert.Empty(t, listLeads(t, b, b.alice, v.GetId()), "no refused submission was stored")
}

// A gate without checkbox text shows no checkbox, so a ticked one is not
// something a viewer could have sent.
func TestSubmitLeadCheckboxNeedsOne(t *testing.T) {
	t.Parallel()
	b := setup(t)
	v := createVideo(t, b, b.alice, "Gated")
	g, err := b.client.CreateGate(as(t, b.alice), gateRequest(v.GetId())) // checkbox_text ""
	require.NoError(t, err)
	req := leadRequest(v, g)
	_, err = b.client.SubmitLead(t.Context(), req)
	grpcxtest.RequireStatus(t, err, codes.InvalidArgument, "checkbox must be false: the gate has no checkbox")
	req.Checkbox = false
	assert.False(t, submitLead(t, b, req).GetCheckbox())
}
