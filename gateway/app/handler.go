package app

import (
	"log/slog"
	"net/http"

	"github.com/grpc-ecosystem/grpc-gateway/v2/runtime"

	"github.com/vidhost/vidhost/gateway/internal/auth"
	"github.com/vidhost/vidhost/gateway/internal/envelope"
	"github.com/vidhost/vidhost/gateway/internal/middleware"
	"github.com/vidhost/vidhost/gateway/internal/playback"
	"github.com/vidhost/vidhost/gateway/internal/rest"
	"github.com/vidhost/vidhost/pkg/blob"
)

// routes are what newHandler serves.
type routes struct {
	cfg      Config
	logger   *slog.Logger
	gateway  *runtime.ServeMux
	auth     *auth.Authenticator
	clientIP auth.ClientIP
	conns    []conn
	tus      http.Handler // resumable uploads, proxied to the upload service
	blob     http.Handler // nil unless the blob store is a local directory

	// playback is nil when no blob store is configured.
	playback *playback.Handler
}

// newHandler assembles the middleware chain:
//
//	recovery -> request id -> access log -> (/v2 only) body limit ->
//	content type -> deadline -> auth -> grpc-gateway.
func newHandler(rt routes) http.Handler {
	v2 := middleware.Chain(rest.Handler(rt.gateway),
		middleware.BodyLimit(rt.cfg.BodyLimit),        // 413 before anything reads the body
		middleware.RequireJSON(),                      // the only body format there is
		middleware.Timeout(rt.cfg.RequestTimeout),     // bounds auth and the backend call
		auth.Require(rt.auth, rt.clientIP, rt.logger), // principal into the context
	)
	root := http.NewServeMux()
	root.Handle("/healthz", healthHandler(rt.conns))
	root.Handle("/v2/", v2)
	root.Handle(tusPath, rt.tus) // before /v2/: no JSON rules, no body limit
	if rt.blob != nil {
		root.Handle(blob.HandlerPath, rt.blob) // the local driver's signed URLs
	}
	if rt.playback != nil {
		rt.playback.Register(root) // /watch, /embed, /media, /leads, /collect, /static
	}
	root.Handle("/", http.HandlerFunc(notFound))
	return middleware.Chain(root,
		middleware.Recover(rt.logger), // outermost: a panic anywhere becomes a 500
		middleware.RequestID(),        // every later log line carries the id
		middleware.AccessLog(rt.logger),
	)
}

func notFound(w http.ResponseWriter, _ *http.Request) {
	envelope.WriteError(w, http.StatusNotFound, envelope.MessageNotFound)
}
