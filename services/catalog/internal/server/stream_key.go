package server

import (
	"context"

	catalogv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/catalog/v1"

	"github.com/vidhost/vidhost/pkg/page"
	"github.com/vidhost/vidhost/pkg/principal"
	"github.com/vidhost/vidhost/services/catalog/internal/protomap"
)

func (s *Server) GetStreamKey(ctx context.Context, in *catalogv1.GetStreamKeyRequest) (*catalogv1.StreamKey, error) {
	p, err := principal.Require(ctx)
	if err != nil {
		return nil, err
	}
	k, err := s.streamKeys.Get(ctx, p, in.GetVideoId())
	return page.Item(k, err, protomap.StreamKey)
}

func (s *Server) RotateStreamKey(ctx context.Context, in *catalogv1.RotateStreamKeyRequest) (*catalogv1.StreamKey, error) {
	p, err := principal.RequireWriter(ctx)
	if err != nil {
		return nil, err
	}
	k, err := s.streamKeys.Rotate(ctx, p, in.GetVideoId())
	return page.Item(k, err, protomap.StreamKey)
}

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
// publisher, whose stream key is the credential.
func (s *Server) AuthorizePublish(ctx context.Context, in *catalogv1.AuthorizePublishRequest) (*catalogv1.PublishGrant, error) {
	g, err := s.streamKeys.AuthorizePublish(ctx, in.GetKey())
	return page.Item(g, err, protomap.PublishGrant)
}
