package app

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httputil"
	"net/url"
	"strings"

	"go.opentelemetry.io/contrib/instrumentation/net/http/otelhttp"

	"github.com/vidhost/vidhost/gateway/internal/auth"
	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/blob"
	"github.com/vidhost/vidhost/pkg/envelope"
	"github.com/vidhost/vidhost/pkg/grpcx"
	"github.com/vidhost/vidhost/pkg/principal"
	"github.com/vidhost/vidhost/pkg/secrets"
)

// tusPath is where resumable uploads live; the upload service serves the
// same base path, so requests pass through unchanged.
const tusPath = "/v2/uploads/tus/"

// addUploads adds the upload routes that bypass grpc-gateway.
func (rt *routes) addUploads() (err error) {
	if rt.blob, err = localBlobHandler(rt.cfg); err != nil {
		return err
	}
	rt.tus, err = tusHandler(*rt)
	return err
}

// localBlobHandler serves the local blob driver's signed PUT and GET URLs
// under /blob/, or returns nil when the store is S3 (clients then talk to
// S3 directly and no upload byte passes through Vidhost).
func localBlobHandler(cfg Config) (http.Handler, error) {
	if cfg.Blob.Driver != "" && cfg.Blob.Driver != "local" || cfg.Blob.Dir == "" {
		return nil, nil
	}
	store, err := blob.NewLocal(cfg.Blob.Config())
	if err != nil {
		return nil, fmt.Errorf("gateway: blob store: %w", err)
	}
	return store.Handler(), nil
}

// tusHandler authenticates resumable uploads like any /v2 request (key,
// upload token or session) and proxies them, bodies streamed, to the upload
// service with the principal signed into headers. It skips the JSON-only checks, the body limit and the
// request deadline: a tus PATCH carries gigabytes of octets.
func tusHandler(rt routes) (http.Handler, error) {
	target, err := url.Parse(rt.cfg.UploadTusURL)
	if err != nil || target.Host == "" {
		return nil, fmt.Errorf("gateway: VIDHOST_UPLOAD_TUS_URL %q is not a URL", rt.cfg.UploadTusURL)
	}
	proxy := &httputil.ReverseProxy{
		Rewrite:       signedRewrite(target, secrets.MustRoot(rt.cfg.InternalSecret).Derive(secrets.InternalCall(grpcx.Gateway))),
		FlushInterval: -1, // tus clients read progress headers as they come
		ErrorHandler:  proxyError(rt.logger, "upload service"),
		Transport:     otelhttp.NewTransport(http.DefaultTransport), // the request's trace goes on to the upload service
	}
	// A key, an upload token, or the dashboard's session cookie (with its
	// CSRF token on POST, PATCH and DELETE), as on every /v2 path.
	authed := auth.RequireKeyOrSession(rt.auth, rt.sessions, rt.clientIP, rt.logger)(proxy)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodOptions { // CORS preflight and tus discovery carry no credentials
			proxy.ServeHTTP(w, r)
			return
		}
		authed.ServeHTTP(w, r)
	}), nil
}

// signedRewrite points a request at the upload service, drops any client
// attempt at forging principal headers and signs the real principal as
// the gateway's call, for this HTTP method only (principal.TusMethod).
func signedRewrite(target *url.URL, gatewayKey []byte) func(*httputil.ProxyRequest) {
	return func(pr *httputil.ProxyRequest) {
		pr.SetURL(target)
		pr.SetXForwarded()
		pr.Out.Host = pr.In.Host // Location headers name the public host
		for name := range pr.Out.Header {
			if strings.HasPrefix(strings.ToLower(name), "x-vidhost-") {
				pr.Out.Header.Del(name)
			}
		}
		pr.Out.Header.Del("Authorization") // the bearer key stays at the edge
		if p, ok := principal.FromContext(pr.In.Context()); ok {
			call := principal.NewCall(grpcx.Gateway, principal.TusMethod(pr.Out.Method), p)
			principal.SignHeaders(pr.Out.Header, call, gatewayKey)
		}
	}
}

// proxyError answers a request the proxied service (named in the logs)
// did not: out of time is a 504 timeout like any other, a client gone a
// 499, anything else 503. A client that aborts a PATCH mid-body surfaces
// as an unexpected EOF while the proxy copies the body: that is the client
// leaving (tus clients do it on every pause), not an outage, so it is
// logged at debug.
func proxyError(logger *slog.Logger, service string) func(http.ResponseWriter, *http.Request, error) {
	return func(w http.ResponseWriter, r *http.Request, err error) {
		switch {
		case errors.Is(err, context.DeadlineExceeded):
			logger.WarnContext(r.Context(), service+" timed out", "error", err)
			envelope.WriteError(w, apperr.CodeTimeout, "")
		case errors.Is(err, context.Canceled), r.Context().Err() != nil, errors.Is(err, io.ErrUnexpectedEOF):
			logger.DebugContext(r.Context(), "client went away from the "+service, "error", err)
			envelope.WriteError(w, apperr.CodeCanceled, "")
		default:
			logger.ErrorContext(r.Context(), service+" unreachable", "error", err)
			envelope.WriteError(w, apperr.CodeUnavailable, "")
		}
	}
}
