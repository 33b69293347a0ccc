package playbacktest

import (
	"context"
	"log/slog"
	"net"
	"sync"
	"testing"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"

	"github.com/vidhost/vidhost/pkg/grpcx"
	"github.com/vidhost/vidhost/pkg/principal"
	"github.com/vidhost/vidhost/pkg/secrets"
	catalogv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/catalog/v1"
	identityv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/identity/v1"
)

// Backends serves the fakes on one gRPC server at Addr.
type Backends struct {
	Addr     string
	Catalog  *Catalog
	Identity *Identity
}

// StartBackends serves the fakes until t ends; the gateway's calls are
// verified with keys derived from root.
func StartBackends(t testing.TB, root secrets.Root) *Backends {
	t.Helper()
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatalf("playbacktest: listen: %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	b, done := ServeBackends(ctx, lis, root)
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("playbacktest: serve: %v", err)
		}
	})
	return b
}

// ServeBackends serves the fakes on lis until ctx is done; done receives
// the server's result. For programs (bench/delivery's edge) rather than tests.
func ServeBackends(ctx context.Context, lis net.Listener, root secrets.Root) (b *Backends, done <-chan error) {
	srv := grpcx.NewServer(grpcx.ServerOptions{Logger: slog.New(slog.DiscardHandler), Root: root})
	b = &Backends{Addr: lis.Addr().String(), Catalog: NewCatalog(), Identity: NewIdentity()}
	catalogv1.RegisterCatalogServiceServer(srv.Server, b.Catalog)
	identityv1.RegisterIdentityServiceServer(srv.Server, b.Identity)
	result := make(chan error, 1)
	go func() { result <- srv.Serve(ctx, lis, grpcx.DrainOptions{HardStop: time.Second}) }()
	return b, result
}

// Catalog fakes the catalog methods the edge calls (SubmitLead in leads.go).
type Catalog struct {
	catalogv1.UnimplementedCatalogServiceServer
	mu          sync.Mutex
	videos      map[string]*catalogv1.PlaybackVideo
	players     map[string]*catalogv1.Player // by account/id
	down        bool
	lookups     int
	playerCalls []string // account of each GetPlayer principal
	leads       []*catalogv1.SubmitLeadRequest
	leadAnswer  *status.Status // nil: OK
}

// NewCatalog returns an empty fake.
func NewCatalog() *Catalog {
	return &Catalog{videos: map[string]*catalogv1.PlaybackVideo{}, players: map[string]*catalogv1.Player{}}
}

// PutVideo adds or replaces a video.
func (c *Catalog) PutVideo(v *catalogv1.PlaybackVideo) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.videos[v.GetVideoId()] = proto.Clone(v).(*catalogv1.PlaybackVideo)
}

// RemoveVideo deletes a video.
func (c *Catalog) RemoveVideo(id string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	delete(c.videos, id)
}

// PutPlayer adds a player to an account.
func (c *Catalog) PutPlayer(accountID string, p *catalogv1.Player) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.players[accountID+"/"+p.GetId()] = p
}

// SetDown makes every call fail with Unavailable.
func (c *Catalog) SetDown(down bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.down = down
}

// Lookups counts GetVideoForPlayback calls.
func (c *Catalog) Lookups() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.lookups
}

// PlayerCalls lists the account of the principal of each GetPlayer call.
func (c *Catalog) PlayerCalls() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]string(nil), c.playerCalls...)
}

// GetVideoForPlayback needs no principal, like the real one.
func (c *Catalog) GetVideoForPlayback(_ context.Context, in *catalogv1.GetVideoForPlaybackRequest) (*catalogv1.PlaybackVideo, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.lookups++
	if c.down {
		return nil, status.Error(codes.Unavailable, "catalog is down")
	}
	v, ok := c.videos[in.GetVideoId()]
	if !ok {
		return nil, status.Error(codes.NotFound, "Not found")
	}
	return v, nil
}

// GetPlayer answers within the signed principal's account only.
func (c *Catalog) GetPlayer(ctx context.Context, in *catalogv1.GetPlayerRequest) (*catalogv1.Player, error) {
	p, err := principal.Require(ctx)
	if err != nil {
		return nil, status.Error(codes.Unauthenticated, err.Error())
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.playerCalls = append(c.playerCalls, p.AccountID)
	if player, ok := c.players[p.AccountID+"/"+in.GetId()]; ok {
		return player, nil
	}
	return nil, status.Error(codes.NotFound, "Not found")
}
