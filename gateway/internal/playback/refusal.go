package playback

import (
	"errors"
	"net/http"

	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/blob"
)

func (h *Handler) storeError(w http.ResponseWriter, r *http.Request, err error) {
	if errors.Is(err, blob.ErrNotFound) || errors.Is(err, blob.ErrInvalidKey) {
		http.Error(w, "Not found", http.StatusNotFound)
		return
	}
	h.logger.ErrorContext(r.Context(), "media: read from the blob store", "path", r.URL.Path, "error", err)
	http.Error(w, "internal error", http.StatusInternalServerError)
}

// refuseMedia answers a media request that may not be served: 404 for
// missing and disabled videos, 403 for a private one without a valid
// credential, 503 when a backend could not be asked.
func (h *Handler) refuseMedia(w http.ResponseWriter, r *http.Request, err error) {
	status, message := refusalStatus(err)
	h.logRefusal(r, status, err)
	w.Header().Set("Cache-Control", "no-store")
	http.Error(w, message, status)
}

func refusalStatus(err error) (int, string) {
	code, message := refusalCode(err)
	return apperr.HTTPStatus(code), message
}

// refusalCode is the documented code (docs/errors.md) and the message of a
// refusal; its HTTP status follows from the code.
func refusalCode(err error) (code, message string) {
	switch {
	case errors.Is(err, errNotFound), errors.Is(err, errDisabled):
		return apperr.CodeNotFound, "Not found"
	case errors.Is(err, errPrivate), errors.Is(err, errBadMediaToken), errors.Is(err, errBadViewerToken):
		return apperr.CodePermissionDenied, "Forbidden"
	case errors.Is(err, errUpstream):
		return apperr.CodeUnavailable, "service unavailable"
	}
	return apperr.CodeInternal, "internal error"
}

func (h *Handler) logRefusal(r *http.Request, status int, err error) {
	if status >= http.StatusInternalServerError {
		h.logger.WarnContext(r.Context(), "playback refused", "path", r.URL.Path, "status", status, "error", err)
		return
	}
	h.logger.DebugContext(r.Context(), "playback refused", "path", r.URL.Path, "status", status, "reason", err)
}
