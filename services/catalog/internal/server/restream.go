package server

import (
	"context"

	catalogv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/catalog/v1"

	"github.com/vidhost/vidhost/pkg/page"
	"github.com/vidhost/vidhost/pkg/principal"
	"github.com/vidhost/vidhost/pkg/simulcast"
	"github.com/vidhost/vidhost/services/catalog/internal/protomap"
	"github.com/vidhost/vidhost/services/catalog/internal/restreams"
)

// CreateRestream adds an output to a live event. Writers only: a read-only
// key or member is refused before the domain is called.
func (s *Server) CreateRestream(ctx context.Context, in *catalogv1.CreateRestreamRequest) (*catalogv1.Restream, error) {
	p, err := principal.RequireWriter(ctx)
	if err != nil {
		return nil, err
	}
	r, err := s.restreams.Create(ctx, p, in.GetVideoId(), protomap.RestreamInput(in))
	return page.Item(r, err, protomap.Restream)
}

// ListRestreams returns a page of a live event's outputs with their
// states. Any principal of the account may call it; no key is shown.
func (s *Server) ListRestreams(ctx context.Context, in *catalogv1.ListRestreamsRequest) (*catalogv1.ListRestreamsResponse, error) {
	p, err := principal.Require(ctx)
	if err != nil {
		return nil, err
	}
	req, err := page.Parse(in.Limit, in.GetCursor())
	if err != nil {
		return nil, err
	}
	items, next, err := s.restreams.List(ctx, p, in.GetVideoId(), req)
	if err != nil {
		return nil, err
	}
	return &catalogv1.ListRestreamsResponse{Items: page.Items(items, protomap.Restream), NextCursor: next}, nil
}

// GetRestream returns one output of a live event.
func (s *Server) GetRestream(ctx context.Context, in *catalogv1.GetRestreamRequest) (*catalogv1.Restream, error) {
	p, err := principal.Require(ctx)
	if err != nil {
		return nil, err
	}
	r, err := s.restreams.Get(ctx, p, in.GetVideoId(), in.GetId())
	return page.Item(r, err, protomap.Restream)
}

// UpdateRestream changes an output's fields named in the mask. Writers
// only.
func (s *Server) UpdateRestream(ctx context.Context, in *catalogv1.UpdateRestreamRequest) (*catalogv1.Restream, error) {
	p, err := principal.RequireWriter(ctx)
	if err != nil {
		return nil, err
	}
	r, err := s.restreams.Update(ctx, p, in.GetVideoId(), in.GetId(), protomap.RestreamPatch(in))
	return page.Item(r, err, protomap.Restream)
}

// DeleteRestream removes an output. Writers only.
func (s *Server) DeleteRestream(ctx context.Context, in *catalogv1.DeleteRestreamRequest) (*catalogv1.DeleteRestreamResponse, error) {
	p, err := principal.RequireWriter(ctx)
	if err != nil {
		return nil, err
	}
	if err := s.restreams.Delete(ctx, p, in.GetVideoId(), in.GetId()); err != nil {
		return nil, err
	}
	return &catalogv1.DeleteRestreamResponse{}, nil
}

// ReportRestreamStatus needs no principal: the live service reports an
// output of a grant it holds, naming the grant's account.
func (s *Server) ReportRestreamStatus(ctx context.Context, in *catalogv1.ReportRestreamStatusRequest) (*catalogv1.ReportRestreamStatusResponse, error) {
	err := s.restreams.ReportStatus(ctx, restreams.Status{AccountID: in.GetAccountId(), VideoID: in.GetVideoId(),
		ID: in.GetId(), State: simulcast.State(in.GetStatus()), Reason: in.GetReason()})
	if err != nil {
		return nil, err
	}
	return &catalogv1.ReportRestreamStatusResponse{}, nil
}
