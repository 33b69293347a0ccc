package server

import (
	"context"

	hooksv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/hooks/v1"

	"github.com/vidhost/vidhost/pkg/page"
	"github.com/vidhost/vidhost/pkg/principal"
	"github.com/vidhost/vidhost/services/hooks/internal/hooks"
	"github.com/vidhost/vidhost/services/hooks/internal/protomap"
)

// CreateHook subscribes a webhook URL to events of the account. Writers
// only: a read-only key or member is refused before the domain is called.
func (s *Server) CreateHook(ctx context.Context, in *hooksv1.CreateHookRequest) (*hooksv1.Hook, error) {
	p, err := principal.RequireWriter(ctx)
	if err != nil {
		return nil, err
	}
	created, err := s.svc.CreateHook(ctx, p, protomap.NewHook(in))
	return page.Item(created, err, protomap.Hook)
}

// ListHooks returns a page of the account's webhooks. Any principal of the
// account may call it; the domain scopes it to that account.
func (s *Server) ListHooks(ctx context.Context, in *hooksv1.ListHooksRequest) (*hooksv1.ListHooksResponse, error) {
	p, err := principal.Require(ctx)
	if err != nil {
		return nil, err
	}
	req, err := page.Parse(in.Limit, in.GetCursor())
	if err != nil {
		return nil, err
	}
	items, next, err := s.svc.ListHooks(ctx, p, req)
	if err != nil {
		return nil, err
	}
	return &hooksv1.ListHooksResponse{Items: page.Items(items, protomap.Hook), NextCursor: next}, nil
}

// GetHook returns one webhook by ID. Any principal of the account may call
// it; the domain scopes it to that account.
func (s *Server) GetHook(ctx context.Context, in *hooksv1.GetHookRequest) (*hooksv1.Hook, error) {
	p, err := principal.Require(ctx)
	if err != nil {
		return nil, err
	}
	got, err := s.svc.GetHook(ctx, p, in.GetId())
	return page.Item(got, err, protomap.Hook)
}

// UpdateHook changes the fields of a webhook named in the update mask.
// Writers only: a read-only key or member is refused before the domain is
// called.
func (s *Server) UpdateHook(ctx context.Context, in *hooksv1.UpdateHookRequest) (*hooksv1.Hook, error) {
	p, err := principal.RequireWriter(ctx)
	if err != nil {
		return nil, err
	}
	patch := hooks.HookPatch{Paths: in.GetUpdateMask().GetPaths(), Values: protomap.HookValues(in.GetHook())}
	updated, err := s.svc.UpdateHook(ctx, p, in.GetId(), patch)
	return page.Item(updated, err, protomap.Hook)
}

// DeleteHook removes a webhook; no further events are delivered to it.
// Writers only: a read-only key or member is refused before the domain is
// called.
func (s *Server) DeleteHook(ctx context.Context, in *hooksv1.DeleteHookRequest) (*hooksv1.DeleteHookResponse, error) {
	p, err := principal.RequireWriter(ctx)
	if err != nil {
		return nil, err
	}
	if err := s.svc.DeleteHook(ctx, p, in.GetId()); err != nil {
		return nil, err
	}
	return &hooksv1.DeleteHookResponse{}, nil
}
