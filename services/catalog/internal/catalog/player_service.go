package catalog

import (
	"context"

	"github.com/vidhost/vidhost/pkg/ids"
	"github.com/vidhost/vidhost/pkg/page"
	"github.com/vidhost/vidhost/pkg/principal"
)

// CreatePlayer fills in the defaults of the fields in was sent without,
// validates and stores the player, and announces it with player.created.
func (s *Service) CreatePlayer(ctx context.Context, p principal.Principal, in PlayerInput) (Player, error) {
	player := in.Player()
	if err := player.Validate(); err != nil {
		return Player{}, err
	}
	player.ID = ids.New()
	return commit(ctx, s, p, Created, func(tx Tx) (Player, error) {
		return tx.InsertPlayer(ctx, p.AccountID, p.ActorID, player)
	})
}

// GetPlayer returns one player of the principal's account.
func (s *Service) GetPlayer(ctx context.Context, p principal.Principal, id string) (Player, error) {
	if err := CheckID(id); err != nil {
		return Player{}, err
	}
	return s.store.GetPlayer(ctx, p.AccountID, id)
}

// ListPlayers returns a page of the account's players, oldest first.
func (s *Service) ListPlayers(ctx context.Context, p principal.Principal, req page.Request) ([]Player, string, error) {
	return page.List(req,
		func() ([]Player, error) { return s.store.ListPlayers(ctx, p.AccountID, req) },
		func(pl Player) page.Cursor { return page.Cursor{Time: pl.CreatedTime, ID: pl.ID} })
}

// UpdatePlayer applies patch and announces the result with player.updated.
func (s *Service) UpdatePlayer(ctx context.Context, p principal.Principal, id string, patch Patch[Player]) (Player, error) {
	if err := patch.check(playerFields, "player"); err != nil {
		return Player{}, err
	}
	if err := CheckID(id); err != nil {
		return Player{}, err
	}
	return commit(ctx, s, p, Updated, func(tx Tx) (Player, error) {
		current, err := tx.LockPlayer(ctx, p.AccountID, id)
		if err != nil {
			return Player{}, err
		}
		next := patch.apply(current, playerFields).normalize()
		if err := next.Validate(); err != nil {
			return Player{}, err
		}
		return tx.UpdatePlayer(ctx, p.AccountID, p.ActorID, next)
	})
}

// DeletePlayer removes a player and announces its last state with
// player.deleted.
func (s *Service) DeletePlayer(ctx context.Context, p principal.Principal, id string) error {
	if err := CheckID(id); err != nil {
		return err
	}
	_, err := commit(ctx, s, p, Deleted, func(tx Tx) (Player, error) {
		return tx.DeletePlayer(ctx, p.AccountID, id)
	})
	return err
}
