package server

import (
	"context"

	catalogv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/catalog/v1"

	"github.com/vidhost/vidhost/pkg/page"
	"github.com/vidhost/vidhost/pkg/principal"
	"github.com/vidhost/vidhost/services/catalog/internal/protomap"
)

// CreateClip makes an instant clip of a live event: a new vod. Writers
// only, as for creating a video; the domain scopes the event to the
// caller's account.
func (s *Server) CreateClip(ctx context.Context, in *catalogv1.CreateClipRequest) (*catalogv1.Video, error) {
	p, err := principal.RequireWriter(ctx)
	if err != nil {
		return nil, err
	}
	v, err := s.clips.Create(ctx, p, protomap.ClipRequest(in))
	return page.Item(v, err, protomap.Video)
}
