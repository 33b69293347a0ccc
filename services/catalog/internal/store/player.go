package store

import (
	"context"

	"github.com/vidhost/vidhost/pkg/page"
	"github.com/vidhost/vidhost/services/catalog/internal/catalog"
	"github.com/vidhost/vidhost/services/catalog/internal/store/db"
)

func (r reader) GetPlayer(ctx context.Context, accountID, id string) (catalog.Player, error) {
	row, err := r.q.GetPlayer(ctx, db.GetPlayerParams{AccountID: accountID, ID: id})
	return player(row), mapError(err, "get player")
}

func (r reader) ListPlayers(ctx context.Context, accountID string, req page.Request) ([]catalog.Player, error) {
	rows, err := r.q.ListPlayers(ctx, db.ListPlayersParams{
		AccountID: accountID,
		AfterTime: req.Cursor.Time,
		AfterID:   req.Cursor.ID,
		RowLimit:  req.FetchLimit(),
	})
	if err != nil {
		return nil, mapError(err, "list players")
	}
	return mapRows(rows, player), nil
}

func (w writer) InsertPlayer(ctx context.Context, accountID, actorID string, p catalog.Player) (catalog.Player, error) {
	row, err := w.q.InsertPlayer(ctx, db.InsertPlayerParams{
		AccountID: accountID, ID: p.ID, ActorID: actorID, Name: p.Name, Analytics: p.Analytics,
		Autoplay: p.Autoplay, Muted: p.Muted, Playsinline: p.Playsinline, Preload: p.Preload,
		ShowName: p.ShowName, ShowDuration: p.ShowDuration, Controls: p.Controls,
		Colour: p.Colour, Quality: p.Quality, Track: p.Track,
	})
	return player(row), mapError(err, "insert player")
}

func (w writer) LockPlayer(ctx context.Context, accountID, id string) (catalog.Player, error) {
	row, err := w.q.LockPlayer(ctx, db.LockPlayerParams{AccountID: accountID, ID: id})
	return player(row), mapError(err, "lock player")
}

func (w writer) UpdatePlayer(ctx context.Context, accountID, actorID string, p catalog.Player) (catalog.Player, error) {
	row, err := w.q.UpdatePlayer(ctx, db.UpdatePlayerParams{
		AccountID: accountID, ID: p.ID, ActorID: actorID, Name: p.Name, Analytics: p.Analytics,
		Autoplay: p.Autoplay, Muted: p.Muted, Playsinline: p.Playsinline, Preload: p.Preload,
		ShowName: p.ShowName, ShowDuration: p.ShowDuration, Controls: p.Controls,
		Colour: p.Colour, Quality: p.Quality, Track: p.Track,
	})
	return player(row), mapError(err, "update player")
}

func (w writer) DeletePlayer(ctx context.Context, accountID, id string) (catalog.Player, error) {
	row, err := w.q.DeletePlayer(ctx, db.DeletePlayerParams{AccountID: accountID, ID: id})
	return player(row), mapError(err, "delete player")
}

func player(row db.Player) catalog.Player {
	return catalog.Player{
		ID:           row.ID,
		Name:         row.Name,
		Analytics:    row.Analytics,
		Autoplay:     row.Autoplay,
		Muted:        row.Muted,
		Playsinline:  row.Playsinline,
		Preload:      row.Preload,
		ShowName:     row.ShowName,
		ShowDuration: row.ShowDuration,
		Controls:     row.Controls,
		Colour:       row.Colour,
		Quality:      row.Quality,
		Track:        row.Track,
		Audit:        audit(row.CreatedBy, row.CreatedTime, row.UpdatedBy, row.UpdatedTime),
	}
}
