package server

import (
	"context"

	catalogv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/catalog/v1"

	"github.com/vidhost/vidhost/pkg/page"
	"github.com/vidhost/vidhost/pkg/principal"
	"github.com/vidhost/vidhost/services/catalog/internal/catalog"
	"github.com/vidhost/vidhost/services/catalog/internal/protomap"
)

// CreateCard adds an end-screen card to a video. Writers only: a read-only
// key or member is refused before the domain is called.
func (s *Server) CreateCard(ctx context.Context, in *catalogv1.CreateCardRequest) (*catalogv1.Card, error) {
	p, err := principal.RequireWriter(ctx)
	if err != nil {
		return nil, err
	}
	c, err := s.catalog.CreateCard(ctx, p, in.GetVideoId(), protomap.CardInput(in))
	return page.Item(c, err, protomap.Card)
}

// UpdateCard changes the fields of a card named in the update mask, leaving
// the rest as stored. Writers only: a read-only key or member is refused
// before the domain is called.
func (s *Server) UpdateCard(ctx context.Context, in *catalogv1.UpdateCardRequest) (*catalogv1.Card, error) {
	p, err := principal.RequireWriter(ctx)
	if err != nil {
		return nil, err
	}
	patch := catalog.Patch[catalog.Card]{Paths: in.GetUpdateMask().GetPaths(), Values: protomap.CardValues(in.GetCard())}
	c, err := s.catalog.UpdateCard(ctx, p, in.GetVideoId(), in.GetId(), patch)
	return page.Item(c, err, protomap.Card)
}

// DeleteCard removes a card from its video. Writers only: a read-only key or
// member is refused before the domain is called.
func (s *Server) DeleteCard(ctx context.Context, in *catalogv1.DeleteCardRequest) (*catalogv1.DeleteCardResponse, error) {
	p, err := principal.RequireWriter(ctx)
	if err != nil {
		return nil, err
	}
	if err := s.catalog.DeleteCard(ctx, p, in.GetVideoId(), in.GetId()); err != nil {
		return nil, err
	}
	return &catalogv1.DeleteCardResponse{}, nil
}

// CreateGate puts a gate on a video. Writers only: a read-only key or member
// is refused before the domain is called.
func (s *Server) CreateGate(ctx context.Context, in *catalogv1.CreateGateRequest) (*catalogv1.Gate, error) {
	p, err := principal.RequireWriter(ctx)
	if err != nil {
		return nil, err
	}
	g, err := s.catalog.CreateGate(ctx, p, in.GetVideoId(), protomap.GateInput(in))
	return page.Item(g, err, protomap.Gate)
}

// UpdateGate changes the fields of a gate named in the update mask. Writers
// only: a read-only key or member is refused before the domain is called.
func (s *Server) UpdateGate(ctx context.Context, in *catalogv1.UpdateGateRequest) (*catalogv1.Gate, error) {
	p, err := principal.RequireWriter(ctx)
	if err != nil {
		return nil, err
	}
	patch := catalog.Patch[catalog.Gate]{Paths: in.GetUpdateMask().GetPaths(), Values: protomap.GateValues(in.GetGate())}
	g, err := s.catalog.UpdateGate(ctx, p, in.GetVideoId(), in.GetId(), patch)
	return page.Item(g, err, protomap.Gate)
}

// DeleteGate removes a gate, so the video plays through again. Writers only:
// a read-only key or member is refused before the domain is called.
func (s *Server) DeleteGate(ctx context.Context, in *catalogv1.DeleteGateRequest) (*catalogv1.DeleteGateResponse, error) {
	p, err := principal.RequireWriter(ctx)
	if err != nil {
		return nil, err
	}
	if err := s.catalog.DeleteGate(ctx, p, in.GetVideoId(), in.GetId()); err != nil {
		return nil, err
	}
	return &catalogv1.DeleteGateResponse{}, nil
}
