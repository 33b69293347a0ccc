package rest

import (
	"log/slog"
	"net/http"
	"strings"

	"github.com/grpc-ecosystem/grpc-gateway/v2/runtime"

	"github.com/vidhost/vidhost/gateway/internal/middleware"
)

// Options configures NewMux.
type Options struct {
	// PublicURL is the base of links.next, e.g. "https://videos.example.com".
	PublicURL string
	Logger    *slog.Logger
}

// NewMux returns the grpc-gateway mux of the /v2 interface. Register the
// services' handlers on it, then serve it through Handler.
func NewMux(opts Options) *runtime.ServeMux {
	return runtime.NewServeMux(
		runtime.WithMarshalerOption(runtime.MIMEWildcard, Marshaler()),
		runtime.WithForwardResponseRewriter(Rewriter(opts.PublicURL)),
		runtime.WithErrorHandler(ErrorHandler(opts.Logger)),
		runtime.WithRoutingErrorHandler(RoutingErrorHandler),
		runtime.WithMetadata(Annotator),
		runtime.WithIncomingHeaderMatcher(noHeaders),
		runtime.WithOutgoingHeaderMatcher(noHeaders),
		runtime.WithOutgoingTrailerMatcher(noHeaders),
		// The method the auth middleware checked is the method served: no
		// POST-as-GET fallback, no X-HTTP-Method-Override.
		runtime.WithDisablePathLengthFallback(),
		runtime.WithDisableHTTPMethodOverride(),
		runtime.WithWriteContentLength(),
		// Metrics and traces name a call by its path template, not its path.
		runtime.WithMiddlewares(nameRoute),
	)
}

// nameRoute hands the matched path template ("/v2/videos/{id}") to the
// gateway's metrics middleware. The mux knows only the compiled pattern
// here, which prints single-segment variables as "{id=*}".
func nameRoute(next runtime.HandlerFunc) runtime.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request, params map[string]string) {
		if pattern, ok := runtime.HTTPPattern(r.Context()); ok {
			middleware.SetRoute(r.Context(), strings.ReplaceAll(pattern.String(), "=*}", "}"))
		}
		next(w, r, params)
	}
}
