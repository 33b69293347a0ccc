package playback

import (
	"errors"
	"log/slog"
	"net/http"
	"net/netip"
	"strings"
	"time"

	"github.com/vidhost/vidhost/gateway/internal/beacons"
	"github.com/vidhost/vidhost/gateway/internal/tokens"
	"github.com/vidhost/vidhost/gateway/web"
	"github.com/vidhost/vidhost/pkg/blob"
	"github.com/vidhost/vidhost/pkg/viewticket"
	catalogv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/catalog/v1"
	identityv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/identity/v1"
)

// Options are what the playback edge is built from.
type Options struct {
	Catalog  catalogv1.CatalogServiceClient
	Identity identityv1.IdentityServiceClient
	// Store holds the media: videos/<account>/<video>/<path>.
	Store blob.Store
	// MediaBaseURL starts every media URL handed to players:
	// <MediaBaseURL>/<video_id>/<path> (the gateway's /media, or a CDN in
	// front of it). The catalog renders the same URLs.
	MediaBaseURL string
	// PublicURL is the gateway's own base ("https://videos.example.com"):
	// oEmbed answers and the watch page's share tags link pages under it.
	// Empty takes each request's scheme and host.
	PublicURL string
	// TokenSecret signs media tokens (see Tokens); TokenTTL is their life.
	TokenSecret []byte
	TokenTTL    time.Duration
	// CacheTTL bounds how long video, player and JWT key lookups are reused.
	CacheTTL time.Duration
	// ManifestCacheBytes bounds the memory holding small media files
	// (manifest_cache.go); 0 is DefaultManifestCacheBytes.
	ManifestCacheBytes int64
	// ViewerJWTMaxLifetime caps a viewer JWT's exp - max(iat, now); 0 is
	// DefaultViewerJWTMaxLifetime.
	ViewerJWTMaxLifetime time.Duration
	// ViewerTokens verifies the viewer tokens POST /v2/tokens mints, sent
	// like a viewer JWT (?jwt=); nil accepts none.
	ViewerTokens *tokens.Signer
	// Sessions recognises the dashboard's cookie; nil accepts none.
	Sessions SessionVerifier
	// Leads receives gate submissions; nil logs them (LogLeadSink).
	Leads LeadSink
	// LeadsPerMinute bounds gate submissions per client address; 0 is
	// DefaultLeadsPerMinute.
	LeadsPerMinute int
	// Views receives the enriched view events of /collect; nil drops them.
	Views ViewSink
	// ViewTicketKey signs the view tickets player pages hand their players
	// (viewticket.Signer; the gateway derives it with pkg/secrets, purpose
	// view-ticket); at least 32 bytes.
	ViewTicketKey []byte
	// Countries resolves client addresses to countries for view events;
	// nil reports every country as unknown.
	Countries *beacons.Countries
	// BeaconsPerMinute bounds /collect beacons per client address; 0 is
	// DefaultBeaconsPerMinute.
	BeaconsPerMinute int
	// LiveKey signs the edge's requests to the live service for live
	// events' LL-HLS streams (the gateway's internal-call key); nil leaves
	// them unserved (404).
	LiveKey []byte
	// ClientIP finds a request's client address (behind trusted proxies);
	// nil takes the connection's peer.
	ClientIP func(*http.Request) netip.Addr
	Logger   *slog.Logger
	// Now is the clock (tests); nil is time.Now.
	Now func() time.Time
}

// Handler serves the playback edge. Build it with New, mount it with Register.
type Handler struct {
	videos    *videos
	players   *players
	viewers   viewerJWTs
	tokens    Tokens
	store     blob.Store
	live      *liveOrigins // nil: no LL-HLS
	manifests *manifestCache
	media     mediaURLs
	publicURL string
	sessions  SessionVerifier
	platform  *tokens.Signer // viewer tokens; nil accepts none
	leads     LeadSink
	limiter   *leadLimiter
	logger    *slog.Logger

	views         ViewSink
	tickets       viewticket.Signer
	countries     *beacons.Countries
	beaconLimiter *leadLimiter
	ticketLimiter *ticketLimiter
	clientIP      func(*http.Request) netip.Addr
	drops         BeaconDrops
	now           func() time.Time
}

// New checks opts and returns the Handler.
func New(opts Options) (*Handler, error) {
	if opts.Catalog == nil || opts.Identity == nil || opts.Store == nil {
		return nil, errors.New("playback: Catalog, Identity and Store are required")
	}
	if len(opts.TokenSecret) < 32 || opts.TokenTTL <= 0 || opts.MediaBaseURL == "" {
		return nil, errors.New("playback: a TokenSecret of 32 bytes or more, a positive TokenTTL and MediaBaseURL are required")
	}
	if len(opts.ViewTicketKey) < 32 {
		return nil, errors.New("playback: a ViewTicketKey of 32 bytes or more is required")
	}
	now := opts.Now
	if now == nil {
		now = time.Now
	}
	logger := opts.Logger
	if logger == nil {
		logger = slog.New(slog.DiscardHandler)
	}
	maxLifetime := opts.ViewerJWTMaxLifetime
	if maxLifetime <= 0 {
		maxLifetime = DefaultViewerJWTMaxLifetime
	}
	beaconsPerMinute := opts.BeaconsPerMinute
	if beaconsPerMinute <= 0 {
		beaconsPerMinute = DefaultBeaconsPerMinute
	}
	clientIP := opts.ClientIP
	if clientIP == nil {
		clientIP = peerAddr
	}
	leads := opts.Leads
	if leads == nil {
		leads = LogLeadSink{Logger: logger}
	}
	var live *liveOrigins
	if opts.LiveKey != nil {
		live = newLiveOrigins(opts.Store, opts.LiveKey, now)
	}
	return &Handler{
		live:    live,
		videos:  newVideos(opts.Catalog, opts.CacheTTL, now),
		players: newPlayers(opts.Catalog, opts.CacheTTL, now),
		viewers: viewerJWTs{keys: newJWTKeys(opts.Identity, opts.CacheTTL, now), verified: newVerifiedJWTs(opts.CacheTTL, maxLifetime, now),
			now: now, maxLifetime: maxLifetime},
		tokens:    NewTokens(opts.TokenSecret, opts.TokenTTL, now),
		store:     opts.Store,
		manifests: newManifestCache(opts.Store, opts.ManifestCacheBytes, now),
		media:     mediaURLs{base: strings.TrimSuffix(opts.MediaBaseURL, "/")},
		publicURL: strings.TrimSuffix(opts.PublicURL, "/"),
		sessions:  opts.Sessions,
		platform:  opts.ViewerTokens,
		leads:     leads,
		limiter:   newLeadLimiter(opts.LeadsPerMinute, opts.ClientIP, now),
		logger:    logger,

		views:         opts.Views,
		tickets:       viewticket.NewSigner(opts.ViewTicketKey, now),
		countries:     opts.Countries,
		beaconLimiter: newLeadLimiter(beaconsPerMinute, opts.ClientIP, now),
		ticketLimiter: newTicketLimiter(),
		clientIP:      clientIP,
		now:           now,
	}, nil
}

// Register mounts the edge's routes on mux.
func (h *Handler) Register(mux *http.ServeMux) {
	mux.HandleFunc("GET /media/{video_id}/{path...}", h.serveMedia) // GET patterns match HEAD too
	mux.HandleFunc("GET "+lowLatencyRoute, h.serveLowLatency)       // more specific: wins for live/ll/<stream>/<file>
	mux.HandleFunc("OPTIONS /media/{video_id}/{path...}", preflight)
	mux.HandleFunc("GET /watch/{video_id}", h.page(web.ModeWatch))
	mux.HandleFunc("GET /embed/{video_id}", h.page(web.ModeEmbed))
	for _, p := range web.EmbedAPIPaths { // more specific than /embed/{video_id}
		mux.Handle("GET "+p, web.EmbedAPIHandler())
	}
	mux.HandleFunc("GET "+OEmbedPath, h.serveOEmbed)
	mux.HandleFunc("POST /leads/{video_id}", h.submitLead)
	mux.HandleFunc("POST "+CollectPath, h.collect)
	mux.Handle(web.StaticPath, web.StaticHandler())
}
