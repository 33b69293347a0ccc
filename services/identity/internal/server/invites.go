package server

import (
	"context"
	"time"

	"github.com/vidhost/vidhost/pkg/page"
	"github.com/vidhost/vidhost/pkg/principal"
	"github.com/vidhost/vidhost/pkg/timefmt"
	identityv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/identity/v1"
	"github.com/vidhost/vidhost/services/identity/internal/invites"
)

// WithInvites adds the invites domain to s.
func (s *Server) WithInvites(svc *invites.Service) *Server {
	s.invites = svc
	return s
}

// CreateInvite backs POST /invites.
func (s *Server) CreateInvite(ctx context.Context, in *identityv1.CreateInviteRequest) (*identityv1.Invite, error) {
	p, err := principal.RequireWriter(ctx)
	if err != nil {
		return nil, err
	}
	inv, err := s.invites.Create(ctx, p, invites.Input{
		Email: in.GetEmail(), Role: in.GetRole(), Name: in.GetName(), NameSet: in.Name != nil,
	})
	if err != nil {
		return nil, err
	}
	return inviteProto(inv), nil
}

// ListInvites backs GET /invites.
func (s *Server) ListInvites(ctx context.Context, in *identityv1.ListInvitesRequest) (*identityv1.ListInvitesResponse, error) {
	p, err := principal.Require(ctx)
	if err != nil {
		return nil, err
	}
	req, err := page.Parse(in.Limit, in.GetCursor())
	if err != nil {
		return nil, err
	}
	items, next, err := s.invites.List(ctx, p, req)
	if err != nil {
		return nil, err
	}
	out := &identityv1.ListInvitesResponse{Items: make([]*identityv1.Invite, len(items)), NextCursor: next}
	for i, inv := range items {
		out.Items[i] = inviteProto(inv)
	}
	return out, nil
}

// GetInvite backs GET /invites/{id}.
func (s *Server) GetInvite(ctx context.Context, in *identityv1.GetInviteRequest) (*identityv1.Invite, error) {
	p, err := principal.Require(ctx)
	if err != nil {
		return nil, err
	}
	inv, err := s.invites.Get(ctx, p, in.GetId())
	if err != nil {
		return nil, err
	}
	return inviteProto(inv), nil
}

// DeleteInvite backs DELETE /invites/{id}.
func (s *Server) DeleteInvite(ctx context.Context, in *identityv1.DeleteInviteRequest) (*identityv1.DeleteInviteResponse, error) {
	p, err := principal.RequireWriter(ctx)
	if err != nil {
		return nil, err
	}
	if err := s.invites.Delete(ctx, p, in.GetId()); err != nil {
		return nil, err
	}
	return &identityv1.DeleteInviteResponse{}, nil
}

// ResendInvite backs POST /invites/{id}/resend.
func (s *Server) ResendInvite(ctx context.Context, in *identityv1.ResendInviteRequest) (*identityv1.Invite, error) {
	p, err := principal.RequireWriter(ctx)
	if err != nil {
		return nil, err
	}
	inv, err := s.invites.Resend(ctx, p, in.GetId())
	if err != nil {
		return nil, err
	}
	return inviteProto(inv), nil
}

// AcceptInvite backs the gateway's POST /invites/accept. The invitee has
// no principal: the token is the credential.
func (s *Server) AcceptInvite(ctx context.Context, in *identityv1.AcceptInviteRequest) (*identityv1.AcceptInviteResponse, error) {
	joined, err := s.invites.Accept(ctx, invites.Acceptance{
		Token: in.GetToken(), Name: in.GetName(), Password: in.GetPassword(), ClientIP: in.GetClientIp()})
	if err != nil {
		return nil, err
	}
	return &identityv1.AcceptInviteResponse{AccountId: joined.AccountID, UserId: joined.UserID, Email: joined.Email}, nil
}

func inviteProto(inv invites.Invite) *identityv1.Invite {
	out := &identityv1.Invite{
		Id: inv.ID, Email: inv.Email, Role: inv.Role, Name: inv.Name, Status: inv.Status(time.Now()),
		ExpiresTime: timefmt.Format(inv.ExpiresTime),
		CreatedBy:   inv.CreatedBy, CreatedTime: timefmt.Format(inv.CreatedTime),
		UpdatedBy: inv.UpdatedBy, UpdatedTime: timefmt.Format(inv.UpdatedTime),
	}
	if !inv.AcceptedTime.IsZero() {
		out.AcceptedTime = timefmt.Format(inv.AcceptedTime)
	}
	return out
}
