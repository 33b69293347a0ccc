package playback

import (
	"encoding/json"
	"errors"
	"mime"
	"net/http"
	"time"

	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/envelope"
)

// maxLeadBody bounds a gate submission; a real one is a few hundred bytes.
const maxLeadBody = 16 << 10

// submitLead serves POST /leads/{video_id}: a gate's form, validated against
// the video's gates, handed to the LeadSink; 202 once accepted. A private
// video's lead needs the same access as its media (the page's lead URL
// carries the media token). Each client address has a small budget of
// submissions (429 beyond it), spent by refused ones too.
func (h *Handler) submitLead(w http.ResponseWriter, r *http.Request) {
	if !h.limiter.allow(r) {
		w.Header().Set("Retry-After", "60")
		envelope.WriteError(w, apperr.CodeLeadRateLimited, "too many submissions: try again in a minute")
		return
	}
	if mediaType, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type")); mediaType != "application/json" {
		envelope.WriteError(w, apperr.CodeUnsupportedMediaType, "Content-Type must be application/json")
		return
	}
	v, _, err := h.lookup(r, true)
	if err != nil {
		code, message := refusalCode(err)
		h.logRefusal(r, apperr.HTTPStatus(code), err)
		envelope.WriteError(w, code, message)
		return
	}
	var body leadBody
	decoder := json.NewDecoder(http.MaxBytesReader(w, r.Body, maxLeadBody))
	decoder.DisallowUnknownFields()
	if err := decoder.Decode(&body); err != nil {
		envelope.WriteError(w, apperr.CodeInvalidArgument, "malformed JSON")
		return
	}
	gate, err := body.validate(v)
	if err != nil { // always an apperr.InvalidField, written for the viewer
		envelope.WriteError(w, apperr.CodeInvalidArgument, err.Error())
		return
	}
	lead := Lead{AccountID: v.GetAccountId(), VideoID: v.GetVideoId(), GateID: gate.GetId(),
		Fields: body.Fields, Checkbox: body.Checkbox, Time: time.Now().UTC()}
	if err := h.leads.Submit(r.Context(), lead); err != nil {
		h.leadRefused(w, r, err)
		return
	}
	envelope.Write(w, http.StatusAccepted, envelope.Success(json.RawMessage(`{}`), nil))
}

// leadRefused answers a submission the sink did not store: 400 with the
// sink's message, 404 for a video gone meanwhile, 503 when it failed.
func (h *Handler) leadRefused(w http.ResponseWriter, r *http.Request, err error) {
	var invalid *InvalidLeadError
	switch {
	case errors.As(err, &invalid):
		envelope.WriteError(w, apperr.CodeInvalidArgument, invalid.Message)
	case errors.Is(err, ErrLeadVideoNotFound):
		envelope.WriteError(w, apperr.CodeNotFound, "")
	default:
		h.logger.ErrorContext(r.Context(), "playback: store lead", "path", r.URL.Path, "error", err)
		envelope.WriteError(w, apperr.CodeUnavailable, "")
	}
}
