package web

import (
	"net/http"
	"path"
)

// EmbedAPIPaths are the stable URLs of the embed API helper
// (embed-api/api.ts, built by player/build.mjs): pages import the module
// from the first, TypeScript users fetch its types from the second.
var EmbedAPIPaths = []string{"/embed/api.js", "/embed/api.d.ts"}

// EmbedAPIHandler serves the embed API helper at EmbedAPIPaths. Pages of
// any origin import it as a module script, which browsers fetch with CORS:
// hence Access-Control-Allow-Origin. The name has no hash, so caches
// revalidate it (no-cache) and a new build reaches pages at once.
func EmbedAPIHandler() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Access-Control-Allow-Origin", "*")
		r2 := r.Clone(r.Context())
		r2.URL.Path = StaticPath + "embed/" + path.Base(r.URL.Path)
		serveStatic(w, r2)
	})
}
