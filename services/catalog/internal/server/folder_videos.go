package server

import (
	"context"

	catalogv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/catalog/v1"

	"github.com/vidhost/vidhost/pkg/page"
	"github.com/vidhost/vidhost/pkg/principal"
	"github.com/vidhost/vidhost/services/catalog/internal/protomap"
)

// ListFolderVideos returns a page of the videos filed in a folder. Any
// principal of the account may call it; the domain scopes it to that
// account.
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

// AddFolderVideo files a video in a folder. Writers only: a read-only key or
// member is refused before the domain is called.
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

// RemoveFolderVideo takes a video out of a folder without deleting it.
// Writers only: a read-only key or member is refused before the domain is
// called.
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
