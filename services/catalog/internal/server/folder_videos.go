package server

import (
	"context"

	catalogv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/catalog/v1"

	"github.com/vidhost/vidhost/pkg/page"
	"github.com/vidhost/vidhost/pkg/principal"
	"github.com/vidhost/vidhost/services/catalog/internal/protomap"
)

func (s *Server) ListFolderVideos(ctx context.Context, in *catalogv1.ListFolderVideosRequest) (*catalogv1.ListVideosResponse, error) {
	p, err := principal.Require(ctx)
	if err != nil {
		return nil, err
	}
	req, err := page.Parse(in.Limit, in.GetCursor())
	if err != nil {
		return nil, err
	}
	items, next, err := s.catalog.ListFolderVideos(ctx, p, in.GetFolderId(), req)
	if err != nil {
		return nil, err
	}
	return &catalogv1.ListVideosResponse{Items: page.Items(items, protomap.Video), NextCursor: next}, nil
}

func (s *Server) AddFolderVideo(ctx context.Context, in *catalogv1.AddFolderVideoRequest) (*catalogv1.AddFolderVideoResponse, error) {
	p, err := principal.RequireWriter(ctx)
	if err != nil {
		return nil, err
	}
	if err := s.catalog.AddFolderVideo(ctx, p, in.GetFolderId(), in.GetVideoId()); err != nil {
		return nil, err
	}
	return &catalogv1.AddFolderVideoResponse{}, nil
}

func (s *Server) RemoveFolderVideo(ctx context.Context, in *catalogv1.RemoveFolderVideoRequest) (*catalogv1.RemoveFolderVideoResponse, error) {
	p, err := principal.RequireWriter(ctx)
	if err != nil {
		return nil, err
	}
	if err := s.catalog.RemoveFolderVideo(ctx, p, in.GetFolderId(), in.GetVideoId()); err != nil {
		return nil, err
	}
	return &catalogv1.RemoveFolderVideoResponse{}, nil
}
