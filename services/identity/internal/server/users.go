package server

import (
	"context"

	"github.com/vidhost/vidhost/pkg/page"
	"github.com/vidhost/vidhost/pkg/principal"
	"github.com/vidhost/vidhost/pkg/timefmt"
	identityv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/identity/v1"
	"github.com/vidhost/vidhost/services/identity/internal/users"
)

// WithUsers adds the users domain to s.
func (s *Server) WithUsers(svc *users.Service) *Server {
	s.users = svc
	return s
}

// ListUsers backs GET /users.
func (s *Server) ListUsers(ctx context.Context, in *identityv1.ListUsersRequest) (*identityv1.ListUsersResponse, error) {
	p, err := principal.Require(ctx)
	if err != nil {
		return nil, err
	}
	req, err := page.Parse(in.Limit, in.GetCursor())
	if err != nil {
		return nil, err
	}
	items, next, err := s.users.List(ctx, p, req)
	if err != nil {
		return nil, err
	}
	out := &identityv1.ListUsersResponse{Items: make([]*identityv1.User, len(items)), NextCursor: next}
	for i, u := range items {
		out.Items[i] = userProto(u)
	}
	return out, nil
}

// GetUser backs GET /users/{id}.
func (s *Server) GetUser(ctx context.Context, in *identityv1.GetUserRequest) (*identityv1.User, error) {
	p, err := principal.Require(ctx)
	if err != nil {
		return nil, err
	}
	u, err := s.users.Get(ctx, p, in.GetId())
	if err != nil {
		return nil, err
	}
	return userProto(u), nil
}

// UpdateUser backs PATCH /users/{id}: exactly the masked fields change.
func (s *Server) UpdateUser(ctx context.Context, in *identityv1.UpdateUserRequest) (*identityv1.User, error) {
	p, err := principal.RequireWriter(ctx)
	if err != nil {
		return nil, err
	}
	v := in.GetUser()
	u, err := s.users.Update(ctx, p, in.GetId(), users.Update{
		Paths: in.GetUpdateMask().GetPaths(),
		Values: users.User{
			Name: v.GetName(), Role: v.GetRole(), Notifications: v.GetNotifications(), Enabled: v.GetEnabled(),
		},
	})
	if err != nil {
		return nil, err
	}
	return userProto(u), nil
}

// DeleteUser backs DELETE /users/{id}.
func (s *Server) DeleteUser(ctx context.Context, in *identityv1.DeleteUserRequest) (*identityv1.DeleteUserResponse, error) {
	p, err := principal.RequireWriter(ctx)
	if err != nil {
		return nil, err
	}
	if err := s.users.Delete(ctx, p, in.GetId()); err != nil {
		return nil, err
	}
	return &identityv1.DeleteUserResponse{}, nil
}

func userProto(u users.User) *identityv1.User {
	return &identityv1.User{
		Id: u.ID, Name: u.Name, Email: u.Email, Role: u.Role, Authentication: u.Authentication,
		Notifications: u.Notifications, Enabled: u.Enabled, MfaRequired: u.MFARequired, VerifiedEmail: u.VerifiedEmail,
		CreatedBy: u.CreatedBy, CreatedTime: timefmt.Format(u.CreatedTime),
		UpdatedBy: u.UpdatedBy, UpdatedTime: timefmt.Format(u.UpdatedTime),
	}
}
