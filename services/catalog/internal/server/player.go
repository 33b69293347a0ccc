package server

import (
	"context"

	catalogv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/catalog/v1"

	"github.com/vidhost/vidhost/pkg/page"
	"github.com/vidhost/vidhost/pkg/principal"
	"github.com/vidhost/vidhost/services/catalog/internal/catalog"
	"github.com/vidhost/vidhost/services/catalog/internal/protomap"
)

// CreatePlayer adds a player configuration (look and behaviour of the
// embed). Writers only: a read-only key or member is refused before the
// domain is called.
func (s *Server) CreatePlayer(ctx context.Context, in *catalogv1.CreatePlayerRequest) (*catalogv1.Player, error) {
	p, err := principal.RequireWriter(ctx)
	if err != nil {
		return nil, err
	}
	player, err := s.catalog.CreatePlayer(ctx, p, protomap.PlayerInput(in))
	return page.Item(player, err, protomap.Player)
}

// ListPlayers returns a page of the account's player configurations. Any
// principal of the account may call it; the domain scopes it to that
// account.
func (s *Server) ListPlayers(ctx context.Context, in *catalogv1.ListPlayersRequest) (*catalogv1.ListPlayersResponse, error) {
	p, err := principal.Require(ctx)
	if err != nil {
		return nil, err
	}
	req, err := page.Parse(in.Limit, in.GetCursor())
	if err != nil {
		return nil, err
	}
	items, next, err := s.catalog.ListPlayers(ctx, p, req)
	if err != nil {
		return nil, err
	}
	return &catalogv1.ListPlayersResponse{Items: page.Items(items, protomap.Player), NextCursor: next}, nil
}

// GetPlayer returns one player configuration by ID. Any principal of the
// account may call it; the domain scopes it to that account.
func (s *Server) GetPlayer(ctx context.Context, in *catalogv1.GetPlayerRequest) (*catalogv1.Player, error) {
	p, err := principal.Require(ctx)
	if err != nil {
		return nil, err
	}
	player, err := s.catalog.GetPlayer(ctx, p, in.GetId())
	return page.Item(player, err, protomap.Player)
}

// UpdatePlayer changes the fields of a player configuration named in the
// update mask. Writers only: a read-only key or member is refused before the
// domain is called.
func (s *Server) UpdatePlayer(ctx context.Context, in *catalogv1.UpdatePlayerRequest) (*catalogv1.Player, error) {
	p, err := principal.RequireWriter(ctx)
	if err != nil {
		return nil, err
	}
	patch := catalog.Patch[catalog.Player]{
		Paths:  in.GetUpdateMask().GetPaths(),
		Values: protomap.PlayerValues(in.GetPlayer()),
	}
	player, err := s.catalog.UpdatePlayer(ctx, p, in.GetId(), patch)
	return page.Item(player, err, protomap.Player)
}

// DeletePlayer removes a player configuration. Writers only: a read-only key
// or member is refused before the domain is called.
func (s *Server) DeletePlayer(ctx context.Context, in *catalogv1.DeletePlayerRequest) (*catalogv1.DeletePlayerResponse, error) {
	p, err := principal.RequireWriter(ctx)
	if err != nil {
		return nil, err
	}
	if err := s.catalog.DeletePlayer(ctx, p, in.GetId()); err != nil {
		return nil, err
	}
	return &catalogv1.DeletePlayerResponse{}, nil
}
