package server

import (
	"context"

	"github.com/vidhost/vidhost/pkg/principal"
	catalogv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/catalog/v1"
)

// GetVideoUsage backs GET /v2/account/videos.
func (s *Server) GetVideoUsage(ctx context.Context, _ *catalogv1.GetVideoUsageRequest) (*catalogv1.VideoUsage, error) {
	p, err := principal.Require(ctx)
	if err != nil {
		return nil, err
	}
	u, err := s.catalog.VideoUsage(ctx, p)
	if err != nil {
		return nil, err
	}
	//nolint:gosec // counts of one account's videos fit in int32
	return &catalogv1.VideoUsage{
		Videos: int32(u.Videos), ReadyVideos: int32(u.ReadyVideos), DurationSeconds: u.DurationSeconds,
		LiveEvents: int32(u.LiveEvents), LiveNow: int32(u.LiveNow),
	}, nil
}
