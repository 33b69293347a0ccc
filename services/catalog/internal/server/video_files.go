package server

import (
	"context"

	catalogv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/catalog/v1"

	"github.com/vidhost/vidhost/pkg/page"
	"github.com/vidhost/vidhost/pkg/principal"
	"github.com/vidhost/vidhost/services/catalog/internal/protomap"
)

// CreateTrack attaches a subtitle or caption track to a video. Writers only:
// a read-only key or member is refused before the domain is called.
func (s *Server) CreateTrack(ctx context.Context, in *catalogv1.CreateTrackRequest) (*catalogv1.Track, error) {
	p, err := principal.RequireWriter(ctx)
	if err != nil {
		return nil, err
	}
	t, err := s.catalog.CreateTrack(ctx, p, in.GetVideoId(), protomap.TrackInput(in))
	return page.Item(t, err, protomap.Track)
}

// DeleteTrack removes a subtitle or caption track. Writers only: a read-only
// key or member is refused before the domain is called.
func (s *Server) DeleteTrack(ctx context.Context, in *catalogv1.DeleteTrackRequest) (*catalogv1.DeleteTrackResponse, error) {
	p, err := principal.RequireWriter(ctx)
	if err != nil {
		return nil, err
	}
	if err := s.catalog.DeleteTrack(ctx, p, in.GetVideoId(), in.GetId()); err != nil {
		return nil, err
	}
	return &catalogv1.DeleteTrackResponse{}, nil
}

// SetThumbnail sets the image shown for a video before it plays. Writers
// only: a read-only key or member is refused before the domain is called.
func (s *Server) SetThumbnail(ctx context.Context, in *catalogv1.SetThumbnailRequest) (*catalogv1.Thumbnail, error) {
	p, err := principal.RequireWriter(ctx)
	if err != nil {
		return nil, err
	}
	url, err := s.catalog.SetThumbnail(ctx, p, in.GetVideoId(), in.GetUrl())
	if err != nil {
		return nil, err
	}
	return &catalogv1.Thumbnail{Url: url}, nil
}
