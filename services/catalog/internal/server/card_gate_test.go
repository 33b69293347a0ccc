package server_test

import (
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

func cardRequest(videoID string) *catalogv1.CreateCardRequest {
	return &catalogv1.CreateCardRequest{
		VideoId: videoID, Name: proto.String("Shop"), At: proto.Int32(5), Until: proto.Int32(15), Skip: proto.Bool(true),
		TopText: proto.String("New"), BottomText: proto.String(""), Link: proto.String("https://shop.example.com"),
		LinkText: proto.String("Buy"), Icon: proto.String(""),
	}
}

func TestCardLifecycle(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ctx := as(t, b.alice)
	v := createVideo(t, b, b.alice, "With cards")

	card, err := b.client.CreateCard(ctx, cardRequest(v.GetId()))
	require.NoError(t, err)
	assert.True(t, ids.Valid(card.GetId()))
	assert.Equal(t, int32(15), card.GetUntil())
	assertProtos(t, []*catalogv1.Card{card}, getVideo(t, b, b.alice, v.GetId()).GetCards(), "the video shows its card")

	updated, err := b.client.UpdateCard(ctx, &catalogv1.UpdateCardRequest{
		VideoId: v.GetId(), Id: card.GetId(), Card: &catalogv1.Card{Until: 30, Name: "ignored"},
		UpdateMask: &fieldmaskpb.FieldMask{Paths: []string{"until"}},
	})
	require.NoError(t, err)
	assert.Equal(t, int32(30), updated.GetUntil())
	assert.Equal(t, "Shop", updated.GetName(), "name was not in the mask")
	assert.Equal(t, card.GetId(), updated.GetId())

	_, err = b.client.DeleteCard(ctx, &catalogv1.DeleteCardRequest{VideoId: v.GetId(), Id: card.GetId()})
	require.NoError(t, err)
	assert.Empty(t, getVideo(t, b, b.alice, v.GetId()).GetCards())
	_, err = b.client.DeleteCard(ctx, &catalogv1.DeleteCardRequest{VideoId: v.GetId(), Id: card.GetId()})
	grpcxtest.RequireStatus(t, err, codes.NotFound, "Not found")
}

func TestCardValidation(t *testing.T) {
	t.Parallel()
	b := setup(t)
	v := createVideo(t, b, b.alice, "Cards")
	tests := []struct {
		name    string
		change  func(r *catalogv1.CreateCardRequest)
		message string
	}{
		{"absent name", func(r *catalogv1.CreateCardRequest) { r.Name = nil }, "name is required (send it even if empty)"},
		{"absent bottom_text", func(r *catalogv1.CreateCardRequest) { r.BottomText = nil }, "bottom_text is required (send it even if empty)"},
		{"absent icon", func(r *catalogv1.CreateCardRequest) { r.Icon = nil }, "icon is required (send it even if empty)"},
		{"absent skip", func(r *catalogv1.CreateCardRequest) { r.Skip = nil }, "skip is required (send it even if empty)"},
		{"until before at", func(r *catalogv1.CreateCardRequest) { r.Until = proto.Int32(4) }, "until must be greater than at"},
		{"negative at", func(r *catalogv1.CreateCardRequest) { r.At = proto.Int32(-1) }, "at must be an integer from 0 to 359999 (seconds)"},
		{"link", func(r *catalogv1.CreateCardRequest) { r.Link = proto.String("javascript:alert(1)") }, "link must be an http(s) URL"},
		{"icon", func(r *catalogv1.CreateCardRequest) { r.Icon = proto.String("<svg>") }, "icon must be the name of an icon"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := cardRequest(v.GetId())
			tt.change(req)
			_, err := b.client.CreateCard(as(t, b.alice), req)
			grpcxtest.RequireStatusPrefix(t, err, codes.InvalidArgument, tt.message)
		})
	}
	card, err := b.client.CreateCard(as(t, b.alice), cardRequest(v.GetId()))
	require.NoError(t, err)
	_, err = b.client.UpdateCard(as(t, b.alice), &catalogv1.UpdateCardRequest{
		VideoId: v.GetId(), Id: card.GetId(), Card: &catalogv1.Card{At: 20},
		UpdateMask: &fieldmaskpb.FieldMask{Paths: []string{"at"}},
	})
	grpcxtest.RequireStatus(t, err, codes.InvalidArgument, "until must be greater than at")
	_, err = b.client.UpdateCard(as(t, b.alice), &catalogv1.UpdateCardRequest{
		VideoId: v.GetId(), Id: card.GetId(), UpdateMask: &fieldmaskpb.FieldMask{Paths: []string{"id"}},
	})
	grpcxtest.RequireStatus(t, err, codes.InvalidArgument, "id cannot be changed")
}

func gateRequest(videoID string) *catalogv1.CreateGateRequest {
	return &catalogv1.CreateGateRequest{
		VideoId: videoID, Name: proto.String("Signup"), At: proto.Int32(0), Skip: proto.Bool(false),
		TopText: proto.String("Join"), BottomText: proto.String(""), CheckboxText: proto.String(""),
		Fields: []string{"email", "first_name"},
	}
}

func TestGateLifecycleAndValidation(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ctx := as(t, b.alice)
	v := createVideo(t, b, b.alice, "Gated")

	gate, err := b.client.CreateGate(ctx, gateRequest(v.GetId()))
	require.NoError(t, err)
	assert.Equal(t, []string{"email", "first_name"}, gate.GetFields())
	updated, err := b.client.UpdateGate(ctx, &catalogv1.UpdateGateRequest{
		VideoId: v.GetId(), Id: gate.GetId(), Gate: &catalogv1.Gate{Fields: []string{"telephone"}},
		UpdateMask: &fieldmaskpb.FieldMask{Paths: []string{"fields"}},
	})
	require.NoError(t, err)
	assert.Equal(t, []string{"telephone"}, updated.GetFields())
	assertProtos(t, []*catalogv1.Gate{updated}, getVideo(t, b, b.alice, v.GetId()).GetGates(), "the video shows its gate")

	for name, tt := range map[string]struct {
		change  func(r *catalogv1.CreateGateRequest)
		message string
	}{
		"no fields":       {func(r *catalogv1.CreateGateRequest) { r.Fields = nil }, "fields must contain one or more of email, first_name, last_name, telephone"},
		"unknown field":   {func(r *catalogv1.CreateGateRequest) { r.Fields = []string{"address"} }, `fields contains unknown field "address"`},
		"absent top_text": {func(r *catalogv1.CreateGateRequest) { r.TopText = nil }, "top_text is required (send it even if empty)"},
		"absent at":       {func(r *catalogv1.CreateGateRequest) { r.At = nil }, "at is required (send it even if empty)"},
	} {
		t.Run(name, func(t *testing.T) {
			req := gateRequest(v.GetId())
			tt.change(req)
			_, err := b.client.CreateGate(ctx, req)
			grpcxtest.RequireStatusPrefix(t, err, codes.InvalidArgument, tt.message)
		})
	}

	_, err = b.client.DeleteGate(ctx, &catalogv1.DeleteGateRequest{VideoId: v.GetId(), Id: gate.GetId()})
	require.NoError(t, err)
	assert.Empty(t, getVideo(t, b, b.alice, v.GetId()).GetGates())
}
