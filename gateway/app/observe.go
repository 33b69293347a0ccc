package app

import (
	"net/http"

	"go.opentelemetry.io/contrib/instrumentation/net/http/otelhttp"
)

// traceHTTP starts a span per request (otelhttp, with the global provider
// and propagator pkg/telemetry installs). The gateway is a public
// endpoint: each request starts a new trace, linked to (not continuing) a
// traceparent the client sent, so no client can force sampling on or
// splice itself into Vidhost's traces. middleware.Metrics renames the
// span after the route once the route is known.
func traceHTTP(next http.Handler) http.Handler {
	return otelhttp.NewHandler(next, "http",
		otelhttp.WithPublicEndpointFn(func(*http.Request) bool { return true }),
		otelhttp.WithFilter(func(r *http.Request) bool { return r.URL.Path != "/healthz" }), // probes are not traffic
	)
}

// routePattern names a request outside grpc-gateway by the root mux's
// pattern that matched it ("/watch/", "/media/"), or "other".
func routePattern(root *http.ServeMux) func(*http.Request) string {
	return func(r *http.Request) string {
		if _, pattern := root.Handler(r); pattern != "" && pattern != "/" {
			return pattern
		}
		return "other"
	}
}
