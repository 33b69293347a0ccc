package server

import (
	"context"

	"github.com/vidhost/vidhost/pkg/timefmt"
	identityv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/identity/v1"
	"github.com/vidhost/vidhost/services/identity/internal/sso"
)

// BeginSso backs the gateway's /sso/start. The person has no principal:
// the email only chooses the provider.
func (s *Server) BeginSso(ctx context.Context, in *identityv1.BeginSsoRequest) (*identityv1.BeginSsoResponse, error) {
	r, err := s.sso.Begin(ctx, sso.BeginInput{Email: in.GetEmail(), ClientIP: in.GetClientIp()})
	if err != nil {
		return nil, err
	}
	return &identityv1.BeginSsoResponse{AuthorizeUrl: r.AuthorizeURL, Flow: r.Flow, ExpiresTime: timefmt.Format(r.ExpiresTime)}, nil
}

// CompleteSso backs the gateway's /sso/callback: the sealed flow and the
// provider's signed ID token are the credentials.
func (s *Server) CompleteSso(ctx context.Context, in *identityv1.CompleteSsoRequest) (*identityv1.CompleteSsoResponse, error) {
	out, err := s.sso.Finish(ctx, sso.Callback{
		Code: in.GetCode(), State: in.GetState(), ProviderError: in.GetError(), Flow: in.GetFlow(),
		ClientIP: in.GetClientIp(), UserAgent: in.GetUserAgent(),
	})
	if err != nil {
		return nil, err
	}
	resp := &identityv1.CompleteSsoResponse{AccountId: out.User.AccountID, UserId: out.User.ID, Email: out.User.Email,
		Role: out.User.Role, Created: out.Created}
	if out.Session != nil {
		resp.SessionToken, resp.SessionExpiresTime = out.Session.Token, timefmt.Format(out.Session.ExpiresTime)
	}
	return resp, nil
}
