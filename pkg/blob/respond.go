package blob

import (
	"encoding/json"
	"net/http"

	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/envelope"
)

// writeError answers in Vidhost's envelope with a documented code
// (docs/errors.md), as every /v2 response does: Handler answers clients
// directly rather than through the gateway. No cache may keep a refusal of
// a signed URL.
func writeError(w http.ResponseWriter, code, message string) {
	w.Header().Set("Cache-Control", "no-store")
	envelope.WriteError(w, code, message)
}

// writeResult answers a stored PUT with its result.
func writeResult(w http.ResponseWriter, result any) {
	body, err := json.Marshal(result)
	if err != nil { // cannot happen: the results are maps of strings and numbers
		writeError(w, apperr.CodeInternal, "")
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	envelope.Write(w, http.StatusOK, envelope.Success(body, nil))
}
