package server

import (
	"context"

	catalogv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/catalog/v1"

	"github.com/vidhost/vidhost/pkg/page"
	"github.com/vidhost/vidhost/pkg/principal"
	"github.com/vidhost/vidhost/services/catalog/internal/protomap"
	"github.com/vidhost/vidhost/services/catalog/internal/transcribes"
)

// CreateTranscribe asks for a transcript of a video in a language. Writers
// only: a read-only key or member is refused before the domain is called.
func (s *Server) CreateTranscribe(ctx context.Context, in *catalogv1.CreateTranscribeRequest) (*catalogv1.Transcribe, error) {
	p, err := principal.RequireWriter(ctx)
	if err != nil {
		return nil, err
	}
	t, err := s.transcribes.Create(ctx, p, protomap.TranscribeInput(in))
	return page.Item(t, err, protomap.Transcribe)
}

// ListTranscribes returns a page of a video's transcription requests with
// their state. Any principal of the account may call it; the domain scopes
// it to that account.
func (s *Server) ListTranscribes(ctx context.Context, in *catalogv1.ListTranscribesRequest) (*catalogv1.ListTranscribesResponse, error) {
	p, err := principal.Require(ctx)
	if err != nil {
		return nil, err
	}
	req, err := page.Parse(in.Limit, in.GetCursor())
	if err != nil {
		return nil, err
	}
	filter := transcribes.Filter{VideoID: in.GetVideoId(), Status: in.GetStatus()}
	items, next, err := s.transcribes.List(ctx, p, filter, req)
	if err != nil {
		return nil, err
	}
	return &catalogv1.ListTranscribesResponse{Items: page.Items(items, protomap.Transcribe), NextCursor: next}, nil
}

// GetTranscribe returns one transcription request by ID. Any principal of
// the account may call it; the domain scopes it to that account.
func (s *Server) GetTranscribe(ctx context.Context, in *catalogv1.GetTranscribeRequest) (*catalogv1.Transcribe, error) {
	p, err := principal.Require(ctx)
	if err != nil {
		return nil, err
	}
	t, err := s.transcribes.Get(ctx, p, in.GetId())
	return page.Item(t, err, protomap.Transcribe)
}

// DeleteTranscribe answers an empty result, as every delete does; a
// following GET tells a cancel (status error, error "cancelled") from a
// removal (Not found).
func (s *Server) DeleteTranscribe(ctx context.Context, in *catalogv1.DeleteTranscribeRequest) (*catalogv1.DeleteTranscribeResponse, error) {
	p, err := principal.RequireWriter(ctx)
	if err != nil {
		return nil, err
	}
	if _, err := s.transcribes.Delete(ctx, p, in.GetId()); err != nil {
		return nil, err
	}
	return &catalogv1.DeleteTranscribeResponse{}, nil
}
