package openapi

import (
	_ "embed"
	"net/http"
	"strconv"

	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/envelope"
)

// Path is where the gateway serves the document, without authentication:
// it describes the interface, not any account.
const Path = "/v2/openapi.json"

//go:embed vidhost.openapi.json
var document []byte

// Document returns the JSON document (a copy: callers may keep it).
func Document() []byte { return append([]byte(nil), document...) }

// Handler serves the document to GET and HEAD. Any origin may read it
// (it is public and carries no credentials), so a reference or code
// generator hosted elsewhere can load it.
func Handler() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			h.Set("Allow", "GET, HEAD")
			envelope.WriteError(w, apperr.CodeMethodNotAllowed, "")
			return
		}
		h.Set("Content-Type", "application/json")
		h.Set("Content-Length", strconv.Itoa(len(document)))
		h.Set("Cache-Control", "public, max-age=300")
		h.Set("Access-Control-Allow-Origin", "*")
		w.WriteHeader(http.StatusOK)
		if r.Method == http.MethodGet {
			_, _ = w.Write(document)
		}
	})
}
