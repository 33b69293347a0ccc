package server

import (
	"context"

	catalogv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/catalog/v1"

	"github.com/vidhost/vidhost/pkg/page"
	"github.com/vidhost/vidhost/pkg/principal"
	"github.com/vidhost/vidhost/services/catalog/internal/protomap"
)

// GetStreamKey returns a live video's stream key, the secret that lets its
// holder publish to it. Any principal of the account may call it; the domain
// scopes it to that account.
func (s *Server) GetStreamKey(ctx context.Context, in *catalogv1.GetStreamKeyRequest) (*catalogv1.StreamKey, error) {
	p, err := principal.Require(ctx)
	if err != nil {
		return nil, err
	}
	k, err := s.streamKeys.Get(ctx, p, in.GetVideoId())
	return page.Item(k, err, protomap.StreamKey)
}

// RotateStreamKey replaces a live video's stream key; the old one no longer
// works. Writers only: a read-only key or member is refused before the
// domain is called.
func (s *Server) RotateStreamKey(ctx context.Context, in *catalogv1.RotateStreamKeyRequest) (*catalogv1.StreamKey, error) {
	p, err := principal.RequireWriter(ctx)
	if err != nil {
		return nil, err
	}
	k, err := s.streamKeys.Rotate(ctx, p, in.GetVideoId())
	return page.Item(k, err, protomap.StreamKey)
}

// RevokeStreamKey withdraws a live video's stream key without issuing a new
// one. Writers only: a read-only key or member is refused before the domain
// is called.
func (s *Server) RevokeStreamKey(ctx context.Context, in *catalogv1.RevokeStreamKeyRequest) (*catalogv1.RevokeStreamKeyResponse, error) {
	p, err := principal.RequireWriter(ctx)
	if err != nil {
		return nil, err
	}
	if err := s.streamKeys.Revoke(ctx, p, in.GetVideoId()); err != nil {
		return nil, err
	}
	return &catalogv1.RevokeStreamKeyResponse{}, nil
}

// AuthorizePublish needs no principal: the live service calls it for a
// publisher, whose stream key is the credential. The grant carries the
// event's enabled restreams, keys in the clear, within the plan's number.
func (s *Server) AuthorizePublish(ctx context.Context, in *catalogv1.AuthorizePublishRequest) (*catalogv1.PublishGrant, error) {
	g, err := s.streamKeys.AuthorizePublish(ctx, in.GetKey())
	if err != nil {
		return nil, err
	}
	targets, err := s.restreams.Targets(ctx, g.AccountID, g.VideoID, g.MaxRestreams)
	if err != nil {
		return nil, err
	}
	grant := protomap.PublishGrant(g)
	grant.Restreams = protomap.RestreamTargets(targets)
	return grant, nil
}
