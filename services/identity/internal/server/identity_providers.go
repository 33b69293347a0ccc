package server

import (
	"context"

	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/page"
	"github.com/vidhost/vidhost/pkg/principal"
	"github.com/vidhost/vidhost/pkg/timefmt"
	identityv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/identity/v1"
	"github.com/vidhost/vidhost/services/identity/internal/sso"
)

// WithSSO adds identity providers and single sign-on to s.
func (s *Server) WithSSO(svc *sso.Service) *Server {
	s.sso = svc
	return s
}

// CreateIdentityProvider backs POST /identity_providers.
func (s *Server) CreateIdentityProvider(ctx context.Context, in *identityv1.CreateIdentityProviderRequest) (*identityv1.IdentityProvider, error) {
	p, err := principal.RequireWriter(ctx)
	if err != nil {
		return nil, err
	}
	v, err := s.sso.Create(ctx, p, sso.Input{
		Name: sent(in.GetName()), IssuerURL: sent(in.GetIssuerUrl()), ClientID: sent(in.GetClientId()),
		ClientSecret: sent(in.GetClientSecret()), DefaultRole: sent(in.GetDefaultRole()),
		AllowedDomains: sentList(in.GetAllowedDomains()), Enabled: in.Enabled,
	})
	if err != nil {
		return nil, err
	}
	return providerProto(v), nil
}

// ListIdentityProviders backs GET /identity_providers.
func (s *Server) ListIdentityProviders(ctx context.Context, in *identityv1.ListIdentityProvidersRequest) (*identityv1.ListIdentityProvidersResponse, error) {
	p, err := principal.Require(ctx)
	if err != nil {
		return nil, err
	}
	req, err := page.Parse(in.Limit, in.GetCursor())
	if err != nil {
		return nil, err
	}
	items, next, err := s.sso.List(ctx, p, req)
	if err != nil {
		return nil, err
	}
	out := &identityv1.ListIdentityProvidersResponse{Items: make([]*identityv1.IdentityProvider, len(items)), NextCursor: next}
	for i, v := range items {
		out.Items[i] = providerProto(v)
	}
	return out, nil
}

// GetIdentityProvider backs GET /identity_providers/{id}.
func (s *Server) GetIdentityProvider(ctx context.Context, in *identityv1.GetIdentityProviderRequest) (*identityv1.IdentityProvider, error) {
	p, err := principal.Require(ctx)
	if err != nil {
		return nil, err
	}
	v, err := s.sso.Get(ctx, p, in.GetId())
	if err != nil {
		return nil, err
	}
	return providerProto(v), nil
}

// UpdateIdentityProvider backs PATCH /identity_providers/{id}: exactly the
// fields of the body change.
func (s *Server) UpdateIdentityProvider(ctx context.Context, in *identityv1.UpdateIdentityProviderRequest) (*identityv1.IdentityProvider, error) {
	p, err := principal.RequireWriter(ctx)
	if err != nil {
		return nil, err
	}
	patch, err := providerPatch(in.GetIdentityProvider(), in.GetUpdateMask().GetPaths())
	if err != nil {
		return nil, err
	}
	v, err := s.sso.Update(ctx, p, in.GetId(), patch)
	if err != nil {
		return nil, err
	}
	return providerProto(v), nil
}

// DeleteIdentityProvider backs DELETE /identity_providers/{id}.
func (s *Server) DeleteIdentityProvider(ctx context.Context, in *identityv1.DeleteIdentityProviderRequest) (*identityv1.DeleteIdentityProviderResponse, error) {
	p, err := principal.RequireWriter(ctx)
	if err != nil {
		return nil, err
	}
	if err := s.sso.Delete(ctx, p, in.GetId()); err != nil {
		return nil, err
	}
	return &identityv1.DeleteIdentityProviderResponse{}, nil
}

// VerifyIdentityProviderDomain backs POST /identity_providers/{id}/verify.
func (s *Server) VerifyIdentityProviderDomain(ctx context.Context, in *identityv1.VerifyIdentityProviderDomainRequest) (*identityv1.IdentityProvider, error) {
	p, err := principal.RequireWriter(ctx)
	if err != nil {
		return nil, err
	}
	if in.GetDomain() == "" {
		return nil, apperr.InvalidField("domain", "is required")
	}
	v, err := s.sso.VerifyDomain(ctx, p, in.GetId(), in.GetDomain())
	if err != nil {
		return nil, err
	}
	return providerProto(v), nil
}

// providerPatch turns the masked fields of v into a patch.
func providerPatch(v *identityv1.IdentityProviderInput, paths []string) (sso.Input, error) {
	var in sso.Input
	for _, path := range paths {
		switch path {
		case "name":
			in.Name = &v.Name
		case "issuer_url":
			in.IssuerURL = &v.IssuerUrl
		case "client_id":
			in.ClientID = &v.ClientId
		case "client_secret":
			in.ClientSecret = &v.ClientSecret
		case "allowed_domains":
			in.AllowedDomains = &v.AllowedDomains
		case "default_role":
			in.DefaultRole = &v.DefaultRole
		case "enabled":
			enabled := v.GetEnabled()
			in.Enabled = &enabled
		case "":
		default:
			return sso.Input{}, apperr.InvalidField(path, "cannot be changed")
		}
	}
	return in, nil
}

// sent is a create's string field: empty is not sent.
func sent(v string) *string {
	if v == "" {
		return nil
	}
	return &v
}

// sentList is a create's list field: empty is not sent.
func sentList(v []string) *[]string {
	if len(v) == 0 {
		return nil
	}
	return &v
}

func providerProto(v sso.Provider) *identityv1.IdentityProvider {
	domains := v.AllowedDomains
	if domains == nil {
		domains = []string{}
	}
	return &identityv1.IdentityProvider{
		Id: v.ID, Name: v.Name, IssuerUrl: v.IssuerURL, ClientId: v.ClientID, AllowedDomains: domains,
		DefaultRole: v.DefaultRole, Enabled: v.Enabled, OwnerTrusted: v.OwnerTrusted,
		CreatedBy: v.CreatedBy, CreatedTime: timefmt.Format(v.CreatedTime),
		UpdatedBy: v.UpdatedBy, UpdatedTime: timefmt.Format(v.UpdatedTime),
		Domains: domainsProto(v.Domains),
	}
}

// domainsProto shows each claim and the TXT record that verifies it.
func domainsProto(domains []sso.Domain) []*identityv1.IdentityProviderDomain {
	out := make([]*identityv1.IdentityProviderDomain, len(domains))
	for i, d := range domains {
		out[i] = &identityv1.IdentityProviderDomain{Domain: d.Name, Status: d.Status(),
			TxtRecordName: d.RecordName(), TxtRecordValue: d.RecordValue()}
		if d.Verified() {
			out[i].VerifiedTime = timefmt.Format(d.VerifiedTime)
		}
	}
	return out
}
