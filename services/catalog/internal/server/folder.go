package server

import (
	"context"

	catalogv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/catalog/v1"

	"github.com/vidhost/vidhost/pkg/page"
	"github.com/vidhost/vidhost/pkg/principal"
	"github.com/vidhost/vidhost/services/catalog/internal/catalog"
	"github.com/vidhost/vidhost/services/catalog/internal/protomap"
)

// CreateFolder adds a folder, at the top level or under ParentId. Writers
// only: a read-only key or member is refused before the domain is called.
func (s *Server) CreateFolder(ctx context.Context, in *catalogv1.CreateFolderRequest) (*catalogv1.Folder, error) {
	p, err := principal.RequireWriter(ctx)
	if err != nil {
		return nil, err
	}
	f, err := s.catalog.CreateFolder(ctx, p, catalog.Folder{Name: in.GetName(), ParentID: in.GetParentId()})
	return page.Item(f, err, protomap.Folder)
}

// ListFolders returns a page of the account's folders. Any principal of the
// account may call it; the domain scopes it to that account.
func (s *Server) ListFolders(ctx context.Context, in *catalogv1.ListFoldersRequest) (*catalogv1.ListFoldersResponse, error) {
	p, err := principal.Require(ctx)
	if err != nil {
		return nil, err
	}
	req, err := page.Parse(in.Limit, in.GetCursor())
	if err != nil {
		return nil, err
	}
	items, next, err := s.catalog.ListFolders(ctx, p, req)
	if err != nil {
		return nil, err
	}
	return &catalogv1.ListFoldersResponse{Items: page.Items(items, protomap.Folder), NextCursor: next}, nil
}

// GetFolder returns one folder by ID. Any principal of the account may call
// it; the domain scopes it to that account.
func (s *Server) GetFolder(ctx context.Context, in *catalogv1.GetFolderRequest) (*catalogv1.Folder, error) {
	p, err := principal.Require(ctx)
	if err != nil {
		return nil, err
	}
	f, err := s.catalog.GetFolder(ctx, p, in.GetId())
	return page.Item(f, err, protomap.Folder)
}

// UpdateFolder renames or moves a folder, per the update mask. Writers only:
// a read-only key or member is refused before the domain is called.
func (s *Server) UpdateFolder(ctx context.Context, in *catalogv1.UpdateFolderRequest) (*catalogv1.Folder, error) {
	p, err := principal.RequireWriter(ctx)
	if err != nil {
		return nil, err
	}
	patch := catalog.Patch[catalog.Folder]{Paths: in.GetUpdateMask().GetPaths(), Values: protomap.FolderValues(in.GetFolder())}
	f, err := s.catalog.UpdateFolder(ctx, p, in.GetId(), patch)
	return page.Item(f, err, protomap.Folder)
}

// DeleteFolder removes a folder. Writers only: a read-only key or member is
// refused before the domain is called.
func (s *Server) DeleteFolder(ctx context.Context, in *catalogv1.DeleteFolderRequest) (*catalogv1.DeleteFolderResponse, error) {
	p, err := principal.RequireWriter(ctx)
	if err != nil {
		return nil, err
	}
	if err := s.catalog.DeleteFolder(ctx, p, in.GetId()); err != nil {
		return nil, err
	}
	return &catalogv1.DeleteFolderResponse{}, nil
}
