package server

import (
	"context"

	catalogv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/catalog/v1"

	"github.com/vidhost/vidhost/pkg/page"
	"github.com/vidhost/vidhost/pkg/principal"
	"github.com/vidhost/vidhost/services/catalog/internal/protomap"
)

// SubmitLead needs no principal: the gateway's public playback edge passes
// on a viewer's gate submission once the viewer may see the video.
func (s *Server) SubmitLead(ctx context.Context, in *catalogv1.SubmitLeadRequest) (*catalogv1.Lead, error) {
	l, err := s.leads.Submit(ctx, protomap.LeadSubmission(in))
	return page.Item(l, err, protomap.Lead)
}

// ListLeads returns a page of the leads the account collected. Any principal
// of the account may call it; the domain scopes it to that account.
func (s *Server) ListLeads(ctx context.Context, in *catalogv1.ListLeadsRequest) (*catalogv1.ListLeadsResponse, error) {
	p, err := principal.Require(ctx)
	if err != nil {
		return nil, err
	}
	req, err := page.Parse(in.Limit, in.GetCursor())
	if err != nil {
		return nil, err
	}
	items, next, err := s.leads.List(ctx, p, in.GetVideoId(), req)
	if err != nil {
		return nil, err
	}
	return &catalogv1.ListLeadsResponse{Items: page.Items(items, protomap.Lead), NextCursor: next}, nil
}

// DeleteLead erases one collected lead. Writers only: a read-only key or
// member is refused before the domain is called.
func (s *Server) DeleteLead(ctx context.Context, in *catalogv1.DeleteLeadRequest) (*catalogv1.DeleteLeadResponse, error) {
	p, err := principal.RequireWriter(ctx)
	if err != nil {
		return nil, err
	}
	if err := s.leads.Delete(ctx, p, in.GetVideoId(), in.GetId()); err != nil {
		return nil, err
	}
	return &catalogv1.DeleteLeadResponse{}, nil
}
