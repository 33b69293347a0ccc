package app

import (
	"net/http"

	"github.com/rs/cors"
)

// uploadCORS lets a web page on any origin upload with an upload token
// (docs/tokens.md): POST /v2/uploads and POST /v2/videos with the token,
// and the PUT to a local presigned /blob/ URL. Any origin is safe because
// no cookie is ever involved (AllowCredentials false): the bearer token or
// the signed URL is the whole credential, and a page can only send one it
// was given. The tus endpoint answers CORS itself (tusd).
func uploadCORS() func(http.Handler) http.Handler {
	c := cors.New(cors.Options{
		AllowedOrigins:   []string{"*"},
		AllowedMethods:   []string{http.MethodPost, http.MethodPut},
		AllowedHeaders:   []string{"Authorization", "Content-Type"},
		ExposedHeaders:   []string{"X-Request-Id"},
		AllowCredentials: false,
		MaxAge:           3600, // seconds a browser may skip the preflight
	})
	return c.Handler
}
