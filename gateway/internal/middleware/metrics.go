package middleware

import (
	"context"
	"net/http"
	"strconv"
	"time"

	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/trace"

	"github.com/vidhost/vidhost/pkg/metrics"
)

type routeKey struct{}

// route is filled in by the handler that matched the request.
type route struct{ template string }

// SetRoute names the route template of the request ctx belongs to
// ("/v2/videos/{video_id}"), for Metrics' labels and the span's name. The
// grpc-gateway mux calls it with its path pattern; other routes are named
// after the ServeMux pattern that matched them.
func SetRoute(ctx context.Context, template string) {
	if r, ok := ctx.Value(routeKey{}).(*route); ok {
		r.template = template
	}
}

// Metrics counts and times every request by route template, method and
// status (pkg/metrics), and names the request's span after its route. A
// template, never the raw path: paths hold ids, and one series per video
// would grow without bound. pattern names the route when no handler
// called SetRoute (the root ServeMux's matching pattern).
func Metrics(pattern func(*http.Request) string) Middleware {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			start := time.Now()
			matched := &route{}
			rec := &statusRecorder{ResponseWriter: w}
			next.ServeHTTP(rec, r.WithContext(context.WithValue(r.Context(), routeKey{}, matched)))
			template := matched.template
			if template == "" {
				template = pattern(r)
			}
			method := methodLabel(r.Method)
			metrics.HTTPRequests.WithLabelValues(template, method, strconv.Itoa(rec.statusCode())).Inc()
			metrics.HTTPDuration.WithLabelValues(template, method).Observe(time.Since(start).Seconds())
			span := trace.SpanFromContext(r.Context())
			span.SetName(method + " " + template)
			span.SetAttributes(attribute.String("http.route", template))
		})
	}
}

// methodLabel keeps a client's made-up methods from minting series.
func methodLabel(method string) string {
	switch method {
	case http.MethodGet, http.MethodHead, http.MethodPost, http.MethodPut, http.MethodPatch,
		http.MethodDelete, http.MethodOptions:
		return method
	}
	return "OTHER"
}
