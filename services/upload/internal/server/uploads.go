package server

import (
	"context"

	uploadv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/upload/v1"

	"github.com/vidhost/vidhost/pkg/page"
	"github.com/vidhost/vidhost/pkg/principal"
	"github.com/vidhost/vidhost/services/upload/internal/protomap"
	"github.com/vidhost/vidhost/services/upload/internal/upload"
)

// CreateUpload starts a resumable upload of a video's source file. Writers
// only: a read-only key or member is refused before the domain is called.
func (s *Server) CreateUpload(ctx context.Context, in *uploadv1.CreateUploadRequest) (*uploadv1.Upload, error) {
	p, err := principal.RequireWriter(ctx)
	if err != nil {
		return nil, err
	}
	u, err := s.uploads.CreateUpload(ctx, p, upload.NewUpload{
		Name: in.GetName(), Size: in.GetSize(), Transport: upload.TransportPut,
	})
	if err != nil {
		return nil, err
	}
	return protomap.Upload(u), nil
}

// ListUploads returns a page of the account's uploads with their state. Any
// principal of the account may call it; the domain scopes it to that
// account.
func (s *Server) ListUploads(ctx context.Context, in *uploadv1.ListUploadsRequest) (*uploadv1.ListUploadsResponse, error) {
	p, err := principal.Require(ctx)
	if err != nil {
		return nil, err
	}
	req, err := page.Parse(in.Limit, in.GetCursor())
	if err != nil {
		return nil, err
	}
	items, next, err := s.uploads.ListUploads(ctx, p, req)
	if err != nil {
		return nil, err
	}
	out := make([]*uploadv1.Upload, len(items))
	for i, u := range items {
		out[i] = protomap.Upload(u) // listed uploads carry no URL
	}
	return &uploadv1.ListUploadsResponse{Items: out, NextCursor: next}, nil
}

// DeleteUpload deletes an upload. Writers only: a read-only key or member is
// refused before the domain is called.
func (s *Server) DeleteUpload(ctx context.Context, in *uploadv1.DeleteUploadRequest) (*uploadv1.DeleteUploadResponse, error) {
	p, err := principal.RequireWriter(ctx)
	if err != nil {
		return nil, err
	}
	if err := s.uploads.DeleteUpload(ctx, p, in.GetId()); err != nil {
		return nil, err
	}
	return &uploadv1.DeleteUploadResponse{}, nil
}
