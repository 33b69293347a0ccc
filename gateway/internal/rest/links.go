package rest

import (
	"context"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/vidhost/vidhost/pkg/page"
)

type requestURLKey struct{}

// withRequestURL keeps the request's URL in its context: grpc-gateway hands
// the rewriter only the context, and links.next is built from the URL.
func withRequestURL(ctx context.Context, u *url.URL) context.Context {
	return context.WithValue(ctx, requestURLKey{}, u)
}

func requestURL(ctx context.Context) (*url.URL, bool) {
	u, ok := ctx.Value(requestURLKey{}).(*url.URL)
	return u, ok && u != nil
}

// nextLink is the full URL of the next page: the same path and query
// parameters with cursor replaced and limit made explicit.
func nextLink(publicURL string, u *url.URL, cursor string) string {
	query := u.Query() // a fresh copy
	query.Set("cursor", cursor)
	if query.Get("limit") == "" {
		query.Set("limit", strconv.Itoa(page.DefaultLimit))
	}
	return strings.TrimRight(publicURL, "/") + u.EscapedPath() + "?" + query.Encode()
}

// Handler serves mux after removing what grpc-gateway would otherwise pass to
// the services on the client's word (the bearer key, forwarding headers, a
// gRPC timeout) and recording the URL for links.
func Handler(mux http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		r = r.Clone(withRequestURL(r.Context(), r.URL))
		for _, h := range strippedHeaders {
			r.Header.Del(h)
		}
		mux.ServeHTTP(w, r)
	})
}

// strippedHeaders are headers grpc-gateway forwards as metadata regardless of
// its header matcher.
var strippedHeaders = []string{"Authorization", "Grpc-Timeout", "X-Forwarded-For", "X-Forwarded-Host"}
