package server

import (
	"context"

	catalogv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/catalog/v1"

	"github.com/vidhost/vidhost/pkg/page"
	"github.com/vidhost/vidhost/pkg/principal"
	"github.com/vidhost/vidhost/services/catalog/internal/catalog"
	"github.com/vidhost/vidhost/services/catalog/internal/protomap"
)

// CreateCategory adds a category videos can be filed under. Writers only: a
// read-only key or member is refused before the domain is called.
func (s *Server) CreateCategory(ctx context.Context, in *catalogv1.CreateCategoryRequest) (*catalogv1.Category, error) {
	p, err := principal.RequireWriter(ctx)
	if err != nil {
		return nil, err
	}
	c, err := s.catalog.CreateCategory(ctx, p, catalog.Category{Name: in.GetName(), Value: in.GetValue()})
	return page.Item(c, err, protomap.Category)
}

// ListCategories returns a page of the account's categories. Any principal
// of the account may call it; the domain scopes it to that account.
func (s *Server) ListCategories(ctx context.Context, in *catalogv1.ListCategoriesRequest) (*catalogv1.ListCategoriesResponse, error) {
	p, err := principal.Require(ctx)
	if err != nil {
		return nil, err
	}
	req, err := page.Parse(in.Limit, in.GetCursor())
	if err != nil {
		return nil, err
	}
	items, next, err := s.catalog.ListCategories(ctx, p, req)
	if err != nil {
		return nil, err
	}
	return &catalogv1.ListCategoriesResponse{Items: page.Items(items, protomap.Category), NextCursor: next}, nil
}

// GetCategory returns one category by ID. Any principal of the account may
// call it; the domain scopes it to that account.
func (s *Server) GetCategory(ctx context.Context, in *catalogv1.GetCategoryRequest) (*catalogv1.Category, error) {
	p, err := principal.Require(ctx)
	if err != nil {
		return nil, err
	}
	c, err := s.catalog.GetCategory(ctx, p, in.GetId())
	return page.Item(c, err, protomap.Category)
}

// UpdateCategory changes the fields of a category named in the update mask.
// Writers only: a read-only key or member is refused before the domain is
// called.
func (s *Server) UpdateCategory(ctx context.Context, in *catalogv1.UpdateCategoryRequest) (*catalogv1.Category, error) {
	p, err := principal.RequireWriter(ctx)
	if err != nil {
		return nil, err
	}
	patch := catalog.Patch[catalog.Category]{
		Paths:  in.GetUpdateMask().GetPaths(),
		Values: protomap.CategoryValues(in.GetCategory()),
	}
	c, err := s.catalog.UpdateCategory(ctx, p, in.GetId(), patch)
	return page.Item(c, err, protomap.Category)
}

// DeleteCategory removes a category. Writers only: a read-only key or member
// is refused before the domain is called.
func (s *Server) DeleteCategory(ctx context.Context, in *catalogv1.DeleteCategoryRequest) (*catalogv1.DeleteCategoryResponse, error) {
	p, err := principal.RequireWriter(ctx)
	if err != nil {
		return nil, err
	}
	if err := s.catalog.DeleteCategory(ctx, p, in.GetId()); err != nil {
		return nil, err
	}
	return &catalogv1.DeleteCategoryResponse{}, nil
}
