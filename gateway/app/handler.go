package app

import (
	"log/slog"
	"net/http"

	"github.com/grpc-ecosystem/grpc-gateway/v2/runtime"

	"github.com/vidhost/vidhost/gateway/internal/auth"
	"github.com/vidhost/vidhost/gateway/internal/beacons"
	"github.com/vidhost/vidhost/gateway/internal/middleware"
	"github.com/vidhost/vidhost/gateway/internal/playback"
	"github.com/vidhost/vidhost/gateway/internal/rest"
	"github.com/vidhost/vidhost/gateway/internal/session"
	"github.com/vidhost/vidhost/gateway/internal/tokens"
	"github.com/vidhost/vidhost/gateway/openapi"
	"github.com/vidhost/vidhost/gateway/web"
	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/blob"
	"github.com/vidhost/vidhost/pkg/envelope"
	"github.com/vidhost/vidhost/pkg/httpx"
	identityv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/identity/v1"
)

// routes are what newHandler serves.
type routes struct {
	cfg      Config
	logger   *slog.Logger
	gateway  *runtime.ServeMux
	auth     *auth.Authenticator
	sessions *session.Sessions // the session cookie (docs/authentication.md)
	clientIP auth.ClientIP
	conns    []conn
	tus      http.Handler  // resumable uploads, proxied to the upload service
	whip     http.Handler  // WHIP offers and sessions, proxied to the live service
	mint     http.Handler  // POST /v2/tokens
	tokens   tokens.Signer // upload and viewer tokens
	blob     http.Handler  // nil unless the blob store is a local directory

	// playback is nil when no blob store is configured.
	playback *playback.Handler
	// views queues the playback edge's view events for JetStream;
	// countries resolves their country (nil: unknown).
	views     *beacons.Publisher
	countries *beacons.Countries
	// idempotency applies Idempotency-Key to POSTs; a pass-through when
	// the gateway has no database.
	idempotency middleware.Middleware
}

// newHandler assembles the middleware chain:
//
//	recovery -> request id -> nosniff -> access log ->
//	(/v2 only) no dot segments -> known query parameters -> allowed methods -> deadline -> auth (API key, or session cookie + CSRF) ->
//	body limit -> content type -> Idempotency-Key -> revocations -> grpc-gateway.
//
// Authentication comes before anything that reads the body: a caller
// without a valid key costs one lookup, never a buffered megabyte.
// /v2/session itself (sign-in, sign-out) is the gateway's own route.
func newHandler(rt routes) http.Handler {
	revoke := revocations{auth: rt.auth, playback: rt.playback, sessions: rt.sessions}
	v2 := middleware.Chain(rest.Handler(rt.gateway),
		middleware.Timeout(rt.cfg.RequestTimeout),                              // bounds auth and the backend call
		auth.RequireKeyOrSession(rt.auth, rt.sessions, rt.clientIP, rt.logger), // principal into the context; reads no body
		middleware.BodyLimit(rt.cfg.BodyLimit),                                 // 413 before grpc-gateway reads the body
		middleware.RequireJSON(),                                               // the only body format there is
		rt.idempotency,                                                         // a caller's repeat is answered here, if it may still make the call
		revoke.middleware,                                                      // a change is evicted before its answer leaves
	)
	root := http.NewServeMux()
	root.Handle("/healthz", healthHandler(rt.conns))
	root.Handle("/v2/", v2)
	root.Handle(openapi.Path, openapi.Handler())          // the interface's description: public, no key
	root.Handle(analyticsVideosPath, analyticsVideos(v2)) // type=videos implied
	crossOrigin := uploadCORS()                           // a page elsewhere uploads with an upload token
	root.Handle("/v2/uploads", crossOrigin(v2))           // exactly: lists and deletes stay same-origin
	root.Handle("/v2/videos", crossOrigin(v2))            // the video made from the token's upload
	root.Handle(tokensPath, middleware.Chain(rt.mint,     // minted by a backend with its key, never cross-origin
		middleware.Timeout(rt.cfg.RequestTimeout),
		// Or by a signed-in person (the dashboard's share links), with the CSRF token.
		auth.RequireKeyOrSession(rt.auth, rt.sessions, rt.clientIP, rt.logger),
		middleware.BodyLimit(rt.cfg.BodyLimit),
		middleware.RequireJSON(),
	))
	// Uploads stream gigabytes: past the server's read and write timeouts
	// they live as long as bytes move (httpx.OnProgress).
	root.Handle(tusPath, httpx.OnProgress(httpx.DefaultProgressTimeout, rt.tus)) // before /v2/: no JSON rules, no body limit
	// WHIP takes SDP, not JSON, with the stream key as the bearer: the live
	// service checks it, so no key or session rules apply here.
	root.Handle(whipPath, rt.whip)
	root.Handle(whipSessionPath, rt.whip)
	if rt.blob != nil {
		root.Handle(blob.HandlerPath, crossOrigin(httpx.OnProgress(httpx.DefaultProgressTimeout, rt.blob))) // the local driver's signed URLs
	}
	if rt.playback != nil {
		rt.playback.Register(root) // /watch, /embed, /media, /leads, /collect, /static
	} else {
		root.Handle(web.StaticPath, web.StaticHandler()) // the API reference's bundle
	}
	// /docs/api: Redoc over /v2/openapi.json, public like the document.
	root.Handle("GET "+web.APIReferencePath, web.APIReferenceHandler())
	invitePage{ // /invites/accept: no API key, the invite's token is the credential
		identity: identityv1.NewIdentityServiceClient(connNamed(rt.conns, identityBackend)), sessions: rt.sessions,
		clientIP: rt.clientIP, timeout: rt.cfg.RequestTimeout, logger: rt.logger,
	}.register(root)
	session.SSOPages{ // /sso: no API key, the flow cookie and the provider's ID token are the credentials
		Identity: identityv1.NewIdentityServiceClient(connNamed(rt.conns, identityBackend)),
		ClientIP: rt.clientIP, Timeout: rt.cfg.RequestTimeout, Logger: rt.logger,
		Secure: session.SecurePublicURL(rt.cfg.PublicURL), Sessions: rt.sessions,
	}.Register(root)
	session.Endpoints{ // /v2/session, /signin, /signout: the cookie is set and cleared here
		Sessions: rt.sessions, ClientIP: rt.clientIP, Timeout: rt.cfg.RequestTimeout, Logger: rt.logger,
	}.Register(root)
	dashboard := web.DashboardHandler(func(r *http.Request) bool { // the SPA; /signin first without a session
		if rt.sessions == nil {
			return false
		}
		_, ok := rt.sessions.Token(r)
		return ok
	}, session.SignInPath)
	for _, route := range web.DashboardRoutes {
		root.Handle("GET "+route, dashboard)
	}
	root.Handle("/", http.HandlerFunc(notFound))
	return middleware.Chain(root,
		traceHTTP,                              // a span per request, continuing the caller's trace
		middleware.Metrics(routePattern(root)), // RED metrics per route template; sees Recover's 500s
		middleware.Recover(rt.logger),          // a panic anywhere becomes a 500
		middleware.RequestID(),                 // every later log line carries the id
		middleware.NoSniff(),                   // on every response, errors and 404s included
		middleware.AccessLog(rt.logger, mediaLogPolicy(rt.cfg)), // media as VIDHOST_MEDIA_ACCESS_LOG says
		// A /v2 path with a "." or empty segment is no route's: 404, not
		// cleaned into another route or a redirect.
		middleware.RefuseDotSegments("/v2/"),
		// Every /v2 route, the gateway's own too: a query parameter the
		// OpenAPI document does not give the route is a 400, not ignored.
		middleware.KnownQuery("/v2/", openapi.QueryParameters().Lookup),
		// A method the document does not give a /v2 path is a 405 with Allow.
		middleware.AllowMethods("/v2/", openapi.QueryParameters().Methods),
	)
}

func notFound(w http.ResponseWriter, _ *http.Request) {
	envelope.WriteError(w, apperr.CodeNotFound, "")
}

// mediaLogPolicy keeps /media requests out of the access log unless
// VIDHOST_MEDIA_ACCESS_LOG asks for them (a player's segment requests
// would be most of the log); every other request is logged.
func mediaLogPolicy(cfg Config) func(*http.Request) bool {
	mode, _ := middleware.ParseAccessLogMode(cfg.MediaAccessLog) // validated at start
	return middleware.LogPolicy("/media/", mode, cfg.MediaAccessLogSampleRate)
}
