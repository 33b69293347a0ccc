package server

import (
	"context"

	hooksv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/hooks/v1"

	"github.com/vidhost/vidhost/pkg/page"
	"github.com/vidhost/vidhost/pkg/principal"
	"github.com/vidhost/vidhost/services/hooks/internal/protomap"
)

// ListDeliveries returns a page of a hook's delivery attempts, so a
// receiver's failures can be seen. Any principal of the account may call it;
// the domain scopes it to that account.
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

// RetryDelivery sends a failed delivery again. Writers only: a read-only key
// or member is refused before the domain is called.
func (s *Server) RetryDelivery(ctx context.Context, in *hooksv1.RetryDeliveryRequest) (*hooksv1.Delivery, error) {
	p, err := principal.RequireWriter(ctx)
	if err != nil {
		return nil, err
	}
	d, err := s.svc.RetryDelivery(ctx, p, in.GetHookId(), in.GetId())
	return page.Item(d, err, protomap.Delivery)
}
