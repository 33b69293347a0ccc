package server

import (
	"context"

	"github.com/vidhost/vidhost/pkg/page"
	"github.com/vidhost/vidhost/pkg/principal"
	"github.com/vidhost/vidhost/pkg/timefmt"
	identityv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/identity/v1"
	"github.com/vidhost/vidhost/services/identity/internal/auditlog"
)

// WithAuditLog adds the audit log to s.
func (s *Server) WithAuditLog(svc *auditlog.Service) *Server {
	s.auditLog = svc
	return s
}

// ListAuditLogs backs GET /audit_logs.
func (s *Server) ListAuditLogs(ctx context.Context, in *identityv1.ListAuditLogsRequest) (*identityv1.ListAuditLogsResponse, error) {
	p, err := principal.Require(ctx)
	if err != nil {
		return nil, err
	}
	req, err := page.Parse(in.Limit, in.GetCursor())
	if err != nil {
		return nil, err
	}
	items, next, err := s.auditLog.List(ctx, p, auditlog.FilterInput{
		ActorType: in.GetActorType(), ActorID: in.GetActorId(), EntityType: in.GetEntityType(),
		EntityID: in.GetEntityId(), ActionType: in.GetActionType(), Start: in.GetStart(), End: in.GetEnd(),
	}, req)
	if err != nil {
		return nil, err
	}
	out := &identityv1.ListAuditLogsResponse{Items: make([]*identityv1.AuditLog, len(items)), NextCursor: next}
	for i, e := range items {
		out.Items[i] = auditLogProto(e)
	}
	return out, nil
}

func auditLogProto(e auditlog.Entry) *identityv1.AuditLog {
	return &identityv1.AuditLog{
		Id: e.ID, ActorType: e.ActorType, ActorId: e.ActorID, EntityType: e.EntityType, EntityId: e.EntityID,
		ActionType: e.ActionType, ActionData: e.ActionData, ActionIp: e.ActionIP, ActionTime: timefmt.Format(e.ActionTime),
	}
}
