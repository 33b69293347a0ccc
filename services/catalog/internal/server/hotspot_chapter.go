package server

import (
	"context"

	catalogv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/catalog/v1"

	"github.com/vidhost/vidhost/pkg/page"
	"github.com/vidhost/vidhost/pkg/principal"
	"github.com/vidhost/vidhost/services/catalog/internal/catalog"
	"github.com/vidhost/vidhost/services/catalog/internal/protomap"
)

// CreateHotspot adds a clickable hotspot shown over a video during a time
// range. Writers only: a read-only key or member is refused before the
// domain is called.
func (s *Server) CreateHotspot(ctx context.Context, in *catalogv1.CreateHotspotRequest) (*catalogv1.Hotspot, error) {
	p, err := principal.RequireWriter(ctx)
	if err != nil {
		return nil, err
	}
	h, err := s.catalog.CreateHotspot(ctx, p, in.GetVideoId(), protomap.HotspotInput(in))
	return page.Item(h, err, protomap.Hotspot)
}

// UpdateHotspot changes the fields of a hotspot named in the update mask.
// Writers only: a read-only key or member is refused before the domain is
// called.
func (s *Server) UpdateHotspot(ctx context.Context, in *catalogv1.UpdateHotspotRequest) (*catalogv1.TimecodedHotspot, error) {
	p, err := principal.RequireWriter(ctx)
	if err != nil {
		return nil, err
	}
	patch := catalog.Patch[catalog.TimecodedHotspot]{
		Paths:  in.GetUpdateMask().GetPaths(),
		Values: protomap.TimecodedHotspotValues(in.GetHotspot()),
	}
	h, err := s.catalog.UpdateHotspot(ctx, p, in.GetVideoId(), in.GetId(), patch)
	return page.Item(h, err, protomap.TimecodedHotspot)
}

// DeleteHotspot removes a hotspot from its video. Writers only: a read-only
// key or member is refused before the domain is called.
func (s *Server) DeleteHotspot(ctx context.Context, in *catalogv1.DeleteHotspotRequest) (*catalogv1.DeleteHotspotResponse, error) {
	p, err := principal.RequireWriter(ctx)
	if err != nil {
		return nil, err
	}
	if err := s.catalog.DeleteHotspot(ctx, p, in.GetVideoId(), in.GetId()); err != nil {
		return nil, err
	}
	return &catalogv1.DeleteHotspotResponse{}, nil
}

// CreateChapter adds a chapter mark to a video's timeline. Writers only: a
// read-only key or member is refused before the domain is called.
func (s *Server) CreateChapter(ctx context.Context, in *catalogv1.CreateChapterRequest) (*catalogv1.Chapter, error) {
	p, err := principal.RequireWriter(ctx)
	if err != nil {
		return nil, err
	}
	c, err := s.catalog.CreateChapter(ctx, p, in.GetVideoId(), catalog.Chapter{Name: in.GetName(), Start: in.GetStart()})
	return page.Item(c, err, protomap.Chapter)
}

// UpdateChapter changes the fields of a chapter named in the update mask.
// Writers only: a read-only key or member is refused before the domain is
// called.
func (s *Server) UpdateChapter(ctx context.Context, in *catalogv1.UpdateChapterRequest) (*catalogv1.Chapter, error) {
	p, err := principal.RequireWriter(ctx)
	if err != nil {
		return nil, err
	}
	patch := catalog.Patch[catalog.Chapter]{Paths: in.GetUpdateMask().GetPaths(), Values: protomap.ChapterValues(in.GetChapter())}
	c, err := s.catalog.UpdateChapter(ctx, p, in.GetVideoId(), in.GetId(), patch)
	return page.Item(c, err, protomap.Chapter)
}

// DeleteChapter removes a chapter mark. Writers only: a read-only key or
// member is refused before the domain is called.
func (s *Server) DeleteChapter(ctx context.Context, in *catalogv1.DeleteChapterRequest) (*catalogv1.DeleteChapterResponse, error) {
	p, err := principal.RequireWriter(ctx)
	if err != nil {
		return nil, err
	}
	if err := s.catalog.DeleteChapter(ctx, p, in.GetVideoId(), in.GetId()); err != nil {
		return nil, err
	}
	return &catalogv1.DeleteChapterResponse{}, nil
}
