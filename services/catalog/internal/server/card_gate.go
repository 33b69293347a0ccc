package server

import (
	"context"

	catalogv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/catalog/v1"

	"github.com/vidhost/vidhost/pkg/page"
	"github.com/vidhost/vidhost/pkg/principal"
	"github.com/vidhost/vidhost/services/catalog/internal/catalog"
	"github.com/vidhost/vidhost/services/catalog/internal/protomap"
)

func (s *Server) CreateCard(ctx context.Context, in *catalogv1.CreateCardRequest) (*catalogv1.Card, error) {
	p, err := principal.RequireWriter(ctx)
	if err != nil {
		return nil, err
	}
	c, err := s.catalog.CreateCard(ctx, p, in.GetVideoId(), protomap.CardInput(in))
	return page.Item(c, err, protomap.Card)
}

func (s *Server) UpdateCard(ctx context.Context, in *catalogv1.UpdateCardRequest) (*catalogv1.Card, error) {
	p, err := principal.RequireWriter(ctx)
	if err != nil {
		return nil, err
	}
	patch := catalog.Patch[catalog.Card]{Paths: in.GetUpdateMask().GetPaths(), Values: protomap.CardValues(in.GetCard())}
	c, err := s.catalog.UpdateCard(ctx, p, in.GetVideoId(), in.GetId(), patch)
	return page.Item(c, err, protomap.Card)
}

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

func (s *Server) CreateGate(ctx context.Context, in *catalogv1.CreateGateRequest) (*catalogv1.Gate, error) {
	p, err := principal.RequireWriter(ctx)
	if err != nil {
		return nil, err
	}
	g, err := s.catalog.CreateGate(ctx, p, in.GetVideoId(), protomap.GateInput(in))
	return page.Item(g, err, protomap.Gate)
}

func (s *Server) UpdateGate(ctx context.Context, in *catalogv1.UpdateGateRequest) (*catalogv1.Gate, error) {
	p, err := principal.RequireWriter(ctx)
	if err != nil {
		return nil, err
	}
	patch := catalog.Patch[catalog.Gate]{Paths: in.GetUpdateMask().GetPaths(), Values: protomap.GateValues(in.GetGate())}
	g, err := s.catalog.UpdateGate(ctx, p, in.GetVideoId(), in.GetId(), patch)
	return page.Item(g, err, protomap.Gate)
}

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
