package app

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"strings"

	"github.com/vidhost/vidhost/gateway/internal/playback"
	"github.com/vidhost/vidhost/pkg/blob"
	"github.com/vidhost/vidhost/pkg/grpcx"
	"github.com/vidhost/vidhost/pkg/secrets"
	catalogv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/catalog/v1"
	identityv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/identity/v1"
)

// addPlayback builds the playback edge (docs/playback.md) over the blob
// store that holds the media. Without a store (the local driver and no
// VIDHOST_BLOB_DIR) the edge is left out and its paths are 404s, so the
// REST API runs on its own.
func (rt *routes) addPlayback(ctx context.Context, publicURL string) error {
	if (rt.cfg.Blob.Driver == "" || rt.cfg.Blob.Driver == "local") && rt.cfg.Blob.Dir == "" {
		rt.logger.Warn("playback edge off: no media store (set VIDHOST_BLOB_DIR or the S3 settings)")
		return nil
	}
	store, err := blob.Open(ctx, rt.cfg.Blob.Config())
	if err != nil {
		return fmt.Errorf("gateway: media store: %w", err)
	}
	tokenSecret, err := mediaTokenSecret(rt.cfg)
	if err != nil {
		return err
	}
	mediaBase := rt.cfg.MediaBaseURL
	if mediaBase == "" {
		mediaBase = strings.TrimSuffix(publicURL, "/") + "/media"
	}
	catalog := catalogv1.NewCatalogServiceClient(connNamed(rt.conns, "catalog"))
	rt.playback, err = playback.New(playback.Options{
		Catalog:  catalog,
		Identity: identityv1.NewIdentityServiceClient(connNamed(rt.conns, identityBackend)),
		Store:    store, MediaBaseURL: mediaBase, PublicURL: publicURL,
		TokenSecret: tokenSecret, TokenTTL: rt.cfg.MediaTokenTTL,
		CacheTTL: rt.cfg.PlaybackCacheTTL, ViewerJWTMaxLifetime: rt.cfg.ViewerJWTMaxLifetime,
		// Gate submissions become leads in the catalog (docs/leads.md),
		// limited per client address as the API keys' allow-lists see it.
		Leads: playback.CatalogLeadSink{Catalog: catalog}, ClientIP: rt.clientIP.Of,
		ViewerTokens: &rt.tokens,
		// Signed-in users watch their account's private videos by the
		// session cookie (docs/authentication.md).
		Sessions: rt.sessions,
		Logger:   rt.logger,
		Views:    rt.views, Countries: rt.countries,
		// View tickets have their own key: one can never pass for a media
		// token, a principal or a blob URL signature.
		ViewTicketKey: secrets.MustRoot(rt.cfg.InternalSecret).Derive(secrets.ViewTicket),
		// Live events' LL-HLS comes from the live service, which takes
		// requests signed as the gateway's internal calls are.
		LiveKey: secrets.MustRoot(rt.cfg.InternalSecret).Derive(secrets.InternalCall(grpcx.Gateway)),
	})
	return err
}

// mediaTokenSecret is VIDHOST_MEDIA_TOKEN_SECRET, or else the root secret's
// key for media tokens: its own purpose, so a media token can never double
// as a signed principal or a blob URL signature.
func mediaTokenSecret(cfg Config) ([]byte, error) {
	if cfg.MediaTokenSecret != "" {
		if err := secrets.Check("VIDHOST_MEDIA_TOKEN_SECRET", cfg.MediaTokenSecret); err != nil {
			return nil, fmt.Errorf("gateway: %w", err)
		}
		return []byte(cfg.MediaTokenSecret), nil
	}
	root, err := secrets.ParseRoot("VIDHOST_INTERNAL_SECRET", cfg.InternalSecret)
	if err != nil {
		return nil, fmt.Errorf("gateway: media token secret: %w", err)
	}
	return root.Derive(secrets.MediaToken), nil
}

func (c Config) validatePlayback() error {
	if c.MediaTokenSecret != "" && len(c.MediaTokenSecret) < 32 {
		return errors.New("VIDHOST_MEDIA_TOKEN_SECRET must be at least 32 bytes")
	}
	if c.MediaTokenTTL <= 0 || c.PlaybackCacheTTL < 0 || c.ViewerJWTMaxLifetime <= 0 {
		return errors.New("VIDHOST_MEDIA_TOKEN_TTL and VIDHOST_VIEWER_JWT_MAX_LIFETIME must be positive and VIDHOST_PLAYBACK_CACHE_TTL not negative")
	}
	if c.MediaBaseURL != "" {
		u, err := url.Parse(c.MediaBaseURL)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.RawQuery != "" {
			return fmt.Errorf("VIDHOST_MEDIA_BASE_URL %q must be an absolute http(s) URL without a query", c.MediaBaseURL)
		}
	}
	return nil
}
