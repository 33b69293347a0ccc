package testbackend

import (
	"context"

	catalogv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/catalog/v1"
)

// Player returns a player with default settings.
func Player(id string) *catalogv1.Player {
	return &catalogv1.Player{Id: id, Name: "player " + id, Playsinline: true, Controls: []string{}}
}

// NextCursor is the cursor of the second page of ListPlayers.
const NextCursor = "c2/+=" // characters that need escaping in a URL

// GetPlayer returns Player for the requested id, whatever it is.
func (f *Catalog) GetPlayer(ctx context.Context, req *catalogv1.GetPlayerRequest) (*catalogv1.Player, error) {
	f.record(ctx, nil)
	return Player(req.GetId()), nil
}

// ListPlayers has two pages: p1, p2 then p3.
func (f *Catalog) ListPlayers(ctx context.Context, req *catalogv1.ListPlayersRequest) (*catalogv1.ListPlayersResponse, error) {
	f.record(ctx, func(s *Seen) { s.Limit, s.Cursor = req.Limit, req.GetCursor() })
	if req.GetCursor() == NextCursor {
		return &catalogv1.ListPlayersResponse{Items: []*catalogv1.Player{Player("p3")}}, nil
	}
	return &catalogv1.ListPlayersResponse{Items: []*catalogv1.Player{Player("p1"), Player("p2")}, NextCursor: NextCursor}, nil
}

// CreatePlayer returns the player "new" with the requested name.
func (f *Catalog) CreatePlayer(ctx context.Context, req *catalogv1.CreatePlayerRequest) (*catalogv1.Player, error) {
	f.record(ctx, nil)
	p := Player("new")
	p.Name = req.GetName()
	return p, nil
}

// UpdatePlayer records the update mask and echoes the requested autoplay,
// so a test sees both the mask and the value reach the service.
func (f *Catalog) UpdatePlayer(ctx context.Context, req *catalogv1.UpdatePlayerRequest) (*catalogv1.Player, error) {
	f.record(ctx, func(s *Seen) { s.UpdateMask = req.GetUpdateMask().GetPaths() })
	p := Player(req.GetId())
	p.Autoplay = req.GetPlayer().GetAutoplay()
	return p, nil
}

// DeletePlayer always succeeds.
func (f *Catalog) DeletePlayer(ctx context.Context, _ *catalogv1.DeletePlayerRequest) (*catalogv1.DeletePlayerResponse, error) {
	f.record(ctx, nil)
	return &catalogv1.DeletePlayerResponse{}, nil
}

// ListCategories is always empty.
func (f *Catalog) ListCategories(ctx context.Context, _ *catalogv1.ListCategoriesRequest) (*catalogv1.ListCategoriesResponse, error) {
	f.record(ctx, nil)
	return &catalogv1.ListCategoriesResponse{}, nil
}

// GetCategory fails as CategoryErrors says for its id.
func (f *Catalog) GetCategory(ctx context.Context, req *catalogv1.GetCategoryRequest) (*catalogv1.Category, error) {
	f.record(ctx, nil)
	if req.GetId() == SlowCategory {
		<-ctx.Done()
		return nil, ctx.Err()
	}
	if err, ok := CategoryErrors[req.GetId()]; ok {
		return nil, err
	}
	return &catalogv1.Category{Id: req.GetId(), Name: "c"}, nil
}
