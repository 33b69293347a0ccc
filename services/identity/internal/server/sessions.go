package server

import (
	"context"
	"encoding/base64"
	"errors"

	"google.golang.org/grpc"

	"github.com/vidhost/vidhost/pkg/principal"
	"github.com/vidhost/vidhost/pkg/timefmt"
	identityv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/identity/v1"
	"github.com/vidhost/vidhost/services/identity/internal/sessions"
	"github.com/vidhost/vidhost/services/identity/internal/signin"
)

// Sessions implements identityv1.SessionServiceServer: sign-in, sessions
// and the signed-in user's multi-factor codes.
type Sessions struct {
	identityv1.UnimplementedSessionServiceServer
	signIn   *signin.Service
	sessions *sessions.Service
}

// NewSessions returns the session service over its domains.
func NewSessions(signIn *signin.Service, sess *sessions.Service) *Sessions {
	return &Sessions{signIn: signIn, sessions: sess}
}

// WithSessions adds the session service, registered beside s.
func (s *Server) WithSessions(svc *Sessions) *Server {
	s.sessions = svc
	return s
}

// Register adds the session service to a gRPC server.
func (s *Sessions) Register(reg grpc.ServiceRegistrar) {
	identityv1.RegisterSessionServiceServer(reg, s)
}

// SignIn backs the gateway's POST /v2/session.
func (s *Sessions) SignIn(ctx context.Context, in *identityv1.SignInRequest) (*identityv1.SignInResponse, error) {
	started, err := s.signIn.SignIn(ctx, signin.Attempt{Email: in.GetEmail(), Password: in.GetPassword(), Code: in.GetCode(),
		ClientIP: in.GetClientIp(), UserAgent: in.GetUserAgent()})
	if err != nil {
		return nil, err
	}
	return &identityv1.SignInResponse{Token: started.Token, Session: sessionProto(started.Session)}, nil
}

// ResolveSession backs every request the gateway gets with a cookie.
func (s *Sessions) ResolveSession(ctx context.Context, in *identityv1.ResolveSessionRequest) (*identityv1.ResolveSessionResponse, error) {
	r, err := s.sessions.Resolve(ctx, in.GetToken())
	var ended *sessions.EndedError
	if errors.As(err, &ended) {
		if auditErr := s.signIn.AuditEndedSession(ctx, ended.Session, in.GetClientIp()); auditErr != nil {
			return nil, auditErr
		}
	}
	if err != nil {
		return nil, err
	}
	return &identityv1.ResolveSessionResponse{Session: sessionProto(r.Session), Email: r.Email, Role: r.Role,
		Plan: r.Plan, LiveEnabled: r.LiveEnabled, MfaEnrolmentRequired: r.MFAEnrolmentRequired}, nil
}

// SignOut backs the gateway's DELETE /v2/session and DELETE /v2/sessions.
func (s *Sessions) SignOut(ctx context.Context, in *identityv1.SignOutRequest) (*identityv1.SignOutResponse, error) {
	ended, err := s.sessions.SignOut(ctx, in.GetToken(), in.GetEverywhere())
	if err != nil {
		return nil, err
	}
	return &identityv1.SignOutResponse{Ended: ended}, nil
}

// ChangePassword backs the gateway's POST /v2/session/password.
func (s *Sessions) ChangePassword(ctx context.Context, in *identityv1.ChangePasswordRequest) (*identityv1.ChangePasswordResponse, error) {
	r, err := s.sessions.Resolve(ctx, in.GetToken())
	if err != nil {
		return nil, err
	}
	p := principal.Principal{AccountID: r.Session.AccountID, ActorID: r.Session.UserID, ActorType: principal.ActorUser,
		Role: r.Role, ClientIP: in.GetClientIp(), Plan: r.Plan}
	if err := s.signIn.ChangePassword(ctx, p, in.GetCurrentPassword(), in.GetNewPassword(), r.Session.ID); err != nil {
		return nil, err
	}
	return &identityv1.ChangePasswordResponse{}, nil
}

// RequestPasswordReset backs the gateway's POST /reset-password/request.
func (s *Sessions) RequestPasswordReset(ctx context.Context, in *identityv1.RequestPasswordResetRequest) (*identityv1.RequestPasswordResetResponse, error) {
	if err := s.signIn.RequestReset(ctx, in.GetEmail(), in.GetClientIp()); err != nil {
		return nil, err
	}
	return &identityv1.RequestPasswordResetResponse{}, nil
}

// ResetPassword backs the gateway's POST /reset-password.
func (s *Sessions) ResetPassword(ctx context.Context, in *identityv1.ResetPasswordRequest) (*identityv1.ResetPasswordResponse, error) {
	if err := s.signIn.Reset(ctx, in.GetToken(), in.GetPassword(), in.GetClientIp()); err != nil {
		return nil, err
	}
	return &identityv1.ResetPasswordResponse{}, nil
}

// RecordRefusal backs the gateway's audit of a CSRF refusal.
func (s *Sessions) RecordRefusal(ctx context.Context, in *identityv1.RecordRefusalRequest) (*identityv1.RecordRefusalResponse, error) {
	err := s.signIn.RecordRefusal(ctx, in.GetToken(), signin.Refusal{Reason: in.GetReason(), Method: in.GetMethod(),
		Path: in.GetPath(), ClientIP: in.GetClientIp()})
	if err != nil {
		return nil, err
	}
	return &identityv1.RecordRefusalResponse{}, nil
}

// EnrolMfa backs POST /v2/users/me/mfa.
func (s *Sessions) EnrolMfa(ctx context.Context, _ *identityv1.EnrolMfaRequest) (*identityv1.MfaEnrolment, error) {
	p, err := principal.RequireWriter(ctx)
	if err != nil {
		return nil, err
	}
	e, err := s.signIn.Enrol(ctx, p)
	if err != nil {
		return nil, err
	}
	return &identityv1.MfaEnrolment{Secret: e.Secret, Uri: e.URI,
		QrCode: "data:image/png;base64," + base64.StdEncoding.EncodeToString(e.QRCodePNG)}, nil
}

// ConfirmMfa backs POST /v2/users/me/mfa/confirm.
func (s *Sessions) ConfirmMfa(ctx context.Context, in *identityv1.ConfirmMfaRequest) (*identityv1.ConfirmMfaResponse, error) {
	p, err := principal.RequireWriter(ctx)
	if err != nil {
		return nil, err
	}
	c, err := s.signIn.Confirm(ctx, p, in.GetCode())
	if err != nil {
		return nil, err
	}
	return &identityv1.ConfirmMfaResponse{RecoveryCodes: c.RecoveryCodes}, nil
}

// DisableMfa backs POST /v2/users/me/mfa/disable.
func (s *Sessions) DisableMfa(ctx context.Context, in *identityv1.DisableMfaRequest) (*identityv1.DisableMfaResponse, error) {
	p, err := principal.RequireWriter(ctx)
	if err != nil {
		return nil, err
	}
	if err := s.signIn.Disable(ctx, p, in.GetCode()); err != nil {
		return nil, err
	}
	return &identityv1.DisableMfaResponse{}, nil
}

// SetAccountMfaRequired backs PUT /v2/account/mfa_required.
func (s *Sessions) SetAccountMfaRequired(ctx context.Context, in *identityv1.SetAccountMfaRequiredRequest) (*identityv1.SetAccountMfaRequiredResponse, error) {
	p, err := principal.RequireWriter(ctx)
	if err != nil {
		return nil, err
	}
	if err := s.signIn.SetAccountRequirement(ctx, p, in.GetRequired()); err != nil {
		return nil, err
	}
	return &identityv1.SetAccountMfaRequiredResponse{MfaRequired: in.GetRequired()}, nil
}

func sessionProto(s sessions.Session) *identityv1.Session {
	return &identityv1.Session{Id: s.ID, AccountId: s.AccountID, UserId: s.UserID, Method: s.Method, CsrfToken: s.CSRFToken,
		CreatedTime: timefmt.Format(s.CreatedTime), IdleExpiresTime: timefmt.Format(s.IdleExpiresTime),
		ExpiresTime: timefmt.Format(s.ExpiresTime)}
}
