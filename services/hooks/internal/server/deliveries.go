package server

import (
	"context"

	hooksv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/hooks/v1"

	"github.com/vidhost/vidhost/pkg/page"
	"github.com/vidhost/vidhost/pkg/principal"
	"github.com/vidhost/vidhost/services/hooks/internal/protomap"
)

func (s *Server) ListDeliveries(ctx context.Context, in *hooksv1.ListDeliveriesRequest) (*hooksv1.ListDeliveriesResponse, error) {
	p, err := principal.Require(ctx)
	if err != nil {
		return nil, err
	}
	req, err := page.Parse(in.Limit, in.GetCursor())
	if err != nil {
		return nil, err
	}
	items, next, err := s.svc.ListDeliveries(ctx, p, in.GetHookId(), req)
	if err != nil {
		return nil, err
	}
	return &hooksv1.ListDeliveriesResponse{Items: page.Items(items, protomap.Delivery), NextCursor: next}, nil
}

func (s *Server) RetryDelivery(ctx context.Context, in *hooksv1.RetryDeliveryRequest) (*hooksv1.Delivery, error) {
	p, err := principal.RequireWriter(ctx)
	if err != nil {
		return nil, err
	}
	d, err := s.svc.RetryDelivery(ctx, p, in.GetHookId(), in.GetId())
	return page.Item(d, err, protomap.Delivery)
}
