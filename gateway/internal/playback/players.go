package playback

import (
	"context"
	"fmt"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/vidhost/vidhost/gateway/web"
	"github.com/vidhost/vidhost/pkg/ids"
	"github.com/vidhost/vidhost/pkg/principal"
	catalogv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/catalog/v1"
)

// edgeActor is who the edge's GetPlayer calls are recorded as.
const edgeActor = "playback-edge"

// players reads Player resources for embeds. GetPlayer is an account-scoped
// method, so the edge, which the services trust to assert principals, acts
// as a read-only principal of the video's account (the connection signs it
// as the gateway's call): a player id of another account is then simply
// not found, and the defaults apply.
type players struct {
	catalog catalogv1.CatalogServiceClient
	cache   *ttlCache[web.Player]
}

func newPlayers(catalog catalogv1.CatalogServiceClient, ttl time.Duration, now func() time.Time) *players {
	return &players{catalog: catalog, cache: newTTLCache[web.Player](ttl, 10_000, now)}
}

// get returns the settings of player playerID of accountID, or the defaults
// when playerID is empty or names no player of that account. err is set
// only when the catalog could not be asked (the defaults come with it).
func (p *players) get(ctx context.Context, accountID, playerID string) (web.Player, error) {
	if !ids.Valid(playerID) {
		return web.DefaultPlayer(), nil
	}
	cacheKey := accountID + "/" + playerID
	if cached, ok := p.cache.get(cacheKey); ok {
		return cached, nil
	}
	ctx, cancel := context.WithTimeout(ctx, backendTimeout)
	defer cancel()
	ctx = principal.NewContext(ctx, principal.Principal{
		AccountID: accountID, KeyID: edgeActor, ActorID: edgeActor, ReadOnly: true,
	})
	resp, err := p.catalog.GetPlayer(ctx, &catalogv1.GetPlayerRequest{Id: playerID})
	switch {
	case status.Code(err) == codes.NotFound:
		p.cache.put(cacheKey, web.DefaultPlayer())
		return web.DefaultPlayer(), nil
	case err != nil:
		return web.DefaultPlayer(), fmt.Errorf("catalog: get player %s: %w", playerID, err)
	}
	player := playerSettings(resp)
	p.cache.put(cacheKey, player)
	return player, nil
}

func playerSettings(p *catalogv1.Player) web.Player {
	return web.Player{
		ID: p.GetId(), Analytics: p.GetAnalytics(), Autoplay: p.GetAutoplay(), Muted: p.GetMuted(),
		PlaysInline: p.GetPlaysinline(), Preload: p.GetPreload(), ShowName: p.GetShowName(),
		ShowDuration: p.GetShowDuration(), Controls: p.GetControls(), Colour: p.GetColour(),
		Quality: p.GetQuality(), Track: p.GetTrack(),
	}
}
