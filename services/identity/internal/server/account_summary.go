package server

import (
	"context"

	"github.com/vidhost/vidhost/pkg/principal"
	"github.com/vidhost/vidhost/pkg/timefmt"
	identityv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/identity/v1"
	"github.com/vidhost/vidhost/services/identity/internal/accounts"
)

// WithAccountSummaries adds GET /v2/account to s.
func (s *Server) WithAccountSummaries(svc *accounts.Summaries) *Server {
	s.summaries = svc
	return s
}

// GetAccountSummary backs GET /v2/account.
func (s *Server) GetAccountSummary(ctx context.Context, _ *identityv1.GetAccountSummaryRequest) (*identityv1.AccountSummary, error) {
	p, err := principal.Require(ctx)
	if err != nil {
		return nil, err
	}
	a, err := s.summaries.Get(ctx, p)
	if err != nil {
		return nil, err
	}
	l := a.Limits
	//nolint:gosec // the plans' user and event limits and one account's seats fit in int32
	return &identityv1.AccountSummary{
		Id: a.ID, Name: a.Name, Plan: a.Plan, MfaRequired: a.MfaRequired, CreatedTime: timefmt.Format(a.CreatedTime),
		Users: int32(a.Users), PendingInvites: int32(a.PendingInvites),
		Limits: &identityv1.PlanLimits{
			LiveStreaming: l.LiveStreaming, AuditLogs: l.AuditLogs, UploadQuotaBytes: l.UploadQuotaBytes,
			MaxUsers: int32(l.MaxUsers), MaxLiveEvents: int32(l.MaxLiveEvents), MaxIngestBitrate: l.MaxIngestBitrate,
			MaxRestreams: int32(l.MaxRestreams),
		},
	}, nil
}
