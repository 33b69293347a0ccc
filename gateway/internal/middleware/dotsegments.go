package middleware

import (
	"net/http"
	"strings"

	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/envelope"
)

// RefuseDotSegments answers 404 to a path under prefix with a "." or ".."
// segment or an empty one inside it ("/v2/videos/./chapters",
// "/v2/videos//x", escaped or not). No route of the interface has one, and
// passed on, the routers would clean the path: http.ServeMux redirects
// (307, 301) and grpc-gateway serves another route ("/v2/videos/." was the
// list), answers the OpenAPI document does not give. The fuzz test found it.
func RefuseDotSegments(prefix string) Middleware {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if strings.HasPrefix(r.URL.Path, prefix) && hasOddSegment(r.URL.Path) {
				envelope.WriteError(w, apperr.CodeNotFound, "")
				return
			}
			next.ServeHTTP(w, r)
		})
	}
}

func hasOddSegment(path string) bool {
	segments := strings.Split(strings.TrimPrefix(path, "/"), "/")
	for i, segment := range segments {
		last := i == len(segments)-1
		if segment == "." || segment == ".." || (segment == "" && !last) {
			return true
		}
	}
	return false
}
