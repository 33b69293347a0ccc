package server

import (
	"context"

	catalogv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/catalog/v1"

	"github.com/vidhost/vidhost/pkg/page"
	"github.com/vidhost/vidhost/pkg/principal"
	"github.com/vidhost/vidhost/services/catalog/internal/catalog"
	"github.com/vidhost/vidhost/services/catalog/internal/protomap"
)

// CreateVideo registers a video whose media is then uploaded or fetched.
// Writers only: a read-only key or member is refused before the domain is
// called.
func (s *Server) CreateVideo(ctx context.Context, in *catalogv1.CreateVideoRequest) (*catalogv1.Video, error) {
	p, err := principal.RequireWriter(ctx)
	if err != nil {
		return nil, err
	}
	v, err := s.catalog.CreateVideo(ctx, p, protomap.VideoInput(in))
	return page.Item(v, err, protomap.Video)
}

// ListVideos returns a page of the account's videos. Any principal of the
// account may call it; the domain scopes it to that account.
func (s *Server) ListVideos(ctx context.Context, in *catalogv1.ListVideosRequest) (*catalogv1.ListVideosResponse, error) {
	p, err := principal.Require(ctx)
	if err != nil {
		return nil, err
	}
	req, err := page.Parse(in.Limit, in.GetCursor())
	if err != nil {
		return nil, err
	}
	items, next, err := s.catalog.ListVideos(ctx, p, protomap.VideoFilter(in), req)
	if err != nil {
		return nil, err
	}
	return &catalogv1.ListVideosResponse{Items: page.Items(items, protomap.Video), NextCursor: next}, nil
}

// GetVideo returns one video by ID. Any principal of the account may call
// it; the domain scopes it to that account.
func (s *Server) GetVideo(ctx context.Context, in *catalogv1.GetVideoRequest) (*catalogv1.Video, error) {
	p, err := principal.Require(ctx)
	if err != nil {
		return nil, err
	}
	v, err := s.catalog.GetVideo(ctx, p, in.GetId())
	return page.Item(v, err, protomap.Video)
}

// UpdateVideo changes the metadata fields named in the update mask. Writers
// only: a read-only key or member is refused before the domain is called.
func (s *Server) UpdateVideo(ctx context.Context, in *catalogv1.UpdateVideoRequest) (*catalogv1.Video, error) {
	p, err := principal.RequireWriter(ctx)
	if err != nil {
		return nil, err
	}
	patch := catalog.Patch[catalog.Video]{
		Paths:  in.GetUpdateMask().GetPaths(),
		Values: protomap.VideoValues(in.GetVideo()),
	}
	v, err := s.catalog.UpdateVideo(ctx, p, in.GetId(), patch)
	return page.Item(v, err, protomap.Video)
}

// DeleteVideo deletes a video. Writers only: a read-only key or member is
// refused before the domain is called.
func (s *Server) DeleteVideo(ctx context.Context, in *catalogv1.DeleteVideoRequest) (*catalogv1.DeleteVideoResponse, error) {
	p, err := principal.RequireWriter(ctx)
	if err != nil {
		return nil, err
	}
	if err := s.catalog.DeleteVideo(ctx, p, in.GetId()); err != nil {
		return nil, err
	}
	return &catalogv1.DeleteVideoResponse{}, nil
}

// GetVideoForPlayback needs no principal: the gateway's public playback
// edge calls it for any viewer and enforces privacy and enabled itself.
func (s *Server) GetVideoForPlayback(ctx context.Context, in *catalogv1.GetVideoForPlaybackRequest) (*catalogv1.PlaybackVideo, error) {
	v, err := s.catalog.PlaybackVideo(ctx, in.GetVideoId())
	return page.Item(v, err, protomap.PlaybackVideo)
}
