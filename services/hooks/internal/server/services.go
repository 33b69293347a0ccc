package server

import (
	"context"

	hooksv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/hooks/v1"

	"github.com/vidhost/vidhost/pkg/page"
	"github.com/vidhost/vidhost/pkg/principal"
	"github.com/vidhost/vidhost/services/hooks/internal/hooks"
	"github.com/vidhost/vidhost/services/hooks/internal/protomap"
)

// CreateService registers a service (a webhook target with its own signing
// secret). Writers only: a read-only key or member is refused before the
// domain is called.
func (s *Server) CreateService(ctx context.Context, in *hooksv1.CreateServiceRequest) (*hooksv1.Service, error) {
	p, err := principal.RequireWriter(ctx)
	if err != nil {
		return nil, err
	}
	created, err := s.svc.CreateService(ctx, p, protomap.NewService(in))
	// The one response, with rotate_secret's, that shows the secret.
	return page.Item(created, err, protomap.ServiceWithSecret)
}

// ListServices returns a page of the account's webhook services. Any
// principal of the account may call it; the domain scopes it to that
// account.
func (s *Server) ListServices(ctx context.Context, in *hooksv1.ListServicesRequest) (*hooksv1.ListServicesResponse, error) {
	p, err := principal.Require(ctx)
	if err != nil {
		return nil, err
	}
	req, err := page.Parse(in.Limit, in.GetCursor())
	if err != nil {
		return nil, err
	}
	items, next, err := s.svc.ListServices(ctx, p, req)
	if err != nil {
		return nil, err
	}
	return &hooksv1.ListServicesResponse{Items: page.Items(items, protomap.Service), NextCursor: next}, nil
}

// GetService returns one webhook service by ID. Any principal of the account
// may call it; the domain scopes it to that account.
func (s *Server) GetService(ctx context.Context, in *hooksv1.GetServiceRequest) (*hooksv1.Service, error) {
	p, err := principal.Require(ctx)
	if err != nil {
		return nil, err
	}
	got, err := s.svc.GetService(ctx, p, in.GetId())
	return page.Item(got, err, protomap.Service)
}

// UpdateService changes the fields of a webhook service named in the update
// mask. Writers only: a read-only key or member is refused before the domain
// is called.
func (s *Server) UpdateService(ctx context.Context, in *hooksv1.UpdateServiceRequest) (*hooksv1.Service, error) {
	p, err := principal.RequireWriter(ctx)
	if err != nil {
		return nil, err
	}
	patch := hooks.TargetPatch{Paths: in.GetUpdateMask().GetPaths(), Values: protomap.ServiceValues(in.GetService())}
	updated, err := s.svc.UpdateService(ctx, p, in.GetId(), patch)
	return page.Item(updated, err, protomap.Service)
}

// DeleteService removes a webhook service. Writers only: a read-only key or
// member is refused before the domain is called.
func (s *Server) DeleteService(ctx context.Context, in *hooksv1.DeleteServiceRequest) (*hooksv1.DeleteServiceResponse, error) {
	p, err := principal.RequireWriter(ctx)
	if err != nil {
		return nil, err
	}
	if err := s.svc.DeleteService(ctx, p, in.GetId()); err != nil {
		return nil, err
	}
	return &hooksv1.DeleteServiceResponse{}, nil
}

// RotateServiceSecret issues a new signing secret for a webhook service,
// replacing the old one. Writers only: a read-only key or member is refused
// before the domain is called.
func (s *Server) RotateServiceSecret(ctx context.Context, in *hooksv1.RotateServiceSecretRequest) (*hooksv1.Service, error) {
	p, err := principal.RequireWriter(ctx)
	if err != nil {
		return nil, err
	}
	rotated, err := s.svc.RotateServiceSecret(ctx, p, in.GetId())
	return page.Item(rotated, err, protomap.ServiceWithSecret)
}
