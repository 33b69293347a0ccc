package app

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httputil"
	"net/url"
	"slices"
	"strings"
	"time"

	"go.opentelemetry.io/contrib/instrumentation/net/http/otelhttp"

	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/envelope"
)

// WHIP ingest for browsers (docs/live.md, "Going live from the browser"):
// a page POSTs its SDP offer to /v2/videos/{video_id}/whip with the
// event's stream key as the bearer token, and DELETEs the session's
// Location to stop. The edge forwards both unchanged to the live
// service's WHIP listener, which checks the key against the catalog and
// answers CORS preflights itself: the edge authenticates nothing, and
// sends no cookie on (the credential is the bearer key, never a session).
const (
	whipPath        = "/v2/videos/{video_id}/whip"
	whipSessionPath = whipPath + "/{session}"
	// maxWHIPOffer bounds an SDP offer, as the live service does: a
	// browser's is a few KB, and the edge buffers it whole.
	maxWHIPOffer = 64 << 10
	// whipTimeout bounds the live service's answer: it waits for the key
	// check and gathers its candidates (5 s each at most).
	whipTimeout = 30 * time.Second
)

// errWHIPOff is the answer of an installation whose live service takes no
// WHIP offers (VIDHOST_LIVE_WHIP_URL empty).
const errWHIPOff = "WHIP ingest is not enabled on this installation"

// whipMethods are what each of the two paths takes; OPTIONS is the live
// service's CORS preflight.
var whipMethods = map[bool][]string{
	false: {http.MethodPost, http.MethodOptions},   // the endpoint
	true:  {http.MethodDelete, http.MethodOptions}, // a session
}

// addWHIP adds the WHIP routes' handler.
func (rt *routes) addWHIP() (err error) {
	rt.whip, err = whipHandler(rt.cfg.LiveWHIPURL, whipTimeout, rt.logger)
	return err
}

// whipHandler forwards WHIP requests to liveURL (an origin without a
// path: the live service builds each session's Location from the path it
// is sent, so the path goes on as the publisher sent it), or answers 404
// when liveURL is empty.
func whipHandler(liveURL string, timeout time.Duration, logger *slog.Logger) (http.Handler, error) {
	if liveURL == "" {
		return http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
			envelope.WriteError(w, apperr.CodeNotFound, errWHIPOff)
		}), nil
	}
	target, err := parseWHIPURL(liveURL)
	if err != nil {
		return nil, err
	}
	proxy := &httputil.ReverseProxy{
		Rewrite:      whipRewrite(target),
		ErrorHandler: proxyError(logger, "live service"),
		Transport:    otelhttp.NewTransport(http.DefaultTransport), // the request's trace goes on to the live service
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		allowed := whipMethods[r.PathValue("session") != ""]
		if !slices.Contains(allowed, r.Method) {
			w.Header().Set("Allow", strings.Join(allowed, ", "))
			envelope.WriteError(w, apperr.CodeMethodNotAllowed, whipMethodMessage(r.Method))
			return
		}
		if r.Method == http.MethodPost && !bufferOffer(w, r) {
			return
		}
		ctx, cancel := context.WithTimeout(r.Context(), timeout)
		defer cancel()
		proxy.ServeHTTP(w, r.WithContext(ctx))
	}), nil
}

// parseWHIPURL checks VIDHOST_LIVE_WHIP_URL: an http(s) origin, no path.
func parseWHIPURL(raw string) (*url.URL, error) {
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" ||
		strings.Trim(u.Path, "/") != "" || u.RawQuery != "" {
		return nil, fmt.Errorf("gateway: VIDHOST_LIVE_WHIP_URL %q must be an http(s) origin without a path (http://live:8889)", raw)
	}
	return u, nil
}

func whipMethodMessage(method string) string {
	if method == http.MethodPatch {
		return "trickle ICE and ICE restarts are not supported: send every candidate in the offer"
	}
	return "POST an SDP offer to /v2/videos/{video_id}/whip to start publishing, DELETE the session's Location to stop"
}

// bufferOffer reads the offer whole, so that one over 64 KiB is refused
// here, before the live service is asked; false when it answered.
func bufferOffer(w http.ResponseWriter, r *http.Request) bool {
	tooBig := func() bool {
		envelope.WriteError(w, apperr.CodeBodyTooLarge, "the SDP offer is larger than 64 KiB")
		return false
	}
	if r.ContentLength > maxWHIPOffer {
		return tooBig()
	}
	offer, err := io.ReadAll(io.LimitReader(r.Body, maxWHIPOffer+1))
	switch {
	case err != nil:
		envelope.WriteError(w, apperr.CodeCanceled, "")
		return false
	case len(offer) > maxWHIPOffer:
		return tooBig()
	}
	r.Body = io.NopCloser(bytes.NewReader(offer))
	r.ContentLength = int64(len(offer))
	return true
}

// whipRewrite points a request at the live service with its path as it
// came. Cookies stay at the edge (the key is the credential), and so do
// any X-Vidhost-* headers a client made up.
func whipRewrite(target *url.URL) func(*httputil.ProxyRequest) {
	return func(pr *httputil.ProxyRequest) {
		pr.SetURL(target)
		pr.SetXForwarded()
		pr.Out.Header.Del("Cookie")
		for name := range pr.Out.Header {
			if strings.HasPrefix(strings.ToLower(name), "x-vidhost-") {
				pr.Out.Header.Del(name)
			}
		}
	}
}
