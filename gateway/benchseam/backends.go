package benchseam

import (
	"context"
	"net"
	"time"

	"github.com/vidhost/vidhost/gateway/internal/playback"
	"github.com/vidhost/vidhost/gateway/internal/playback/playbacktest"
	"github.com/vidhost/vidhost/pkg/secrets"
	catalogv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/catalog/v1"
)

// Backends are fakes of the catalog and identity methods the playback edge
// calls, on one gRPC server at Addr: every backend address of the gateway's
// configuration points there.
type Backends struct {
	Addr  string
	fakes *playbacktest.Backends
}

// ServeBackends serves the fakes on lis until ctx is done; done receives the
// server's result. The gateway's calls are verified with keys derived from
// root, so the gateway must run with the same internal secret.
func ServeBackends(ctx context.Context, lis net.Listener, root secrets.Root) (b *Backends, done <-chan error) {
	fakes, done := playbacktest.ServeBackends(ctx, lis, root)
	return &Backends{Addr: fakes.Addr, fakes: fakes}, done
}

// PutVideo adds or replaces a video the edge can look up.
func (b *Backends) PutVideo(v *catalogv1.PlaybackVideo) { b.fakes.Catalog.PutVideo(v) }

// PutViewerKey registers the public half (PKIX PEM) of an account's viewer
// JWT key, as POST /v2/jwt_keys would.
func (b *Backends) PutViewerKey(accountID, keyID, algorithm, publicPEM string) {
	b.fakes.Identity.PutKey(accountID, playbacktest.ViewerKey{ID: keyID, Algorithm: algorithm, PublicPEM: publicPEM})
}

// MediaToken mints a media token for videoID, valid for ttl, as a gateway
// whose internal secret derives root would: the gateway derives its media
// token secret from the root secret.
func MediaToken(root secrets.Root, videoID string, ttl time.Duration) string {
	return playback.NewTokens(root.Derive(secrets.MediaToken), ttl, time.Now).Mint(videoID)
}
