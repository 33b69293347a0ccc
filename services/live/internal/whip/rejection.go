package whip

import (
	"errors"
	"net/http"
)

// Rejection is a refused request: the HTTP status and the reason the
// publisher is told (OBS shows it; a browser reads it from the body). The
// ingest returns one for each refusal of a stream key (its words, the
// status of its kind).
type Rejection struct {
	Status int
	Reason string
}

func (r *Rejection) Error() string { return r.Reason }

// Refusals of the handler itself.
var (
	errNotSDP      = &Rejection{Status: http.StatusUnsupportedMediaType, Reason: "the offer must be sent as Content-Type: application/sdp"}
	errOfferTooBig = &Rejection{Status: http.StatusRequestEntityTooLarge, Reason: "the SDP offer is larger than 64 KiB"}
	errFull        = &Rejection{Status: http.StatusServiceUnavailable, Reason: "the live service has as many WebRTC publishers as it takes; try again later"}
	errBadOffer    = &Rejection{Status: http.StatusBadRequest, Reason: "the SDP offer could not be answered"}
	errNoSession   = &Rejection{Status: http.StatusNotFound, Reason: "no such session: it has ended"}
	errOtherVideo  = &Rejection{Status: http.StatusForbidden, Reason: "the stream key is for another video's live event: POST to /v2/videos/{the key's video}/whip"}
	errNotYours    = &Rejection{Status: http.StatusForbidden, Reason: "the bearer token is not this session's stream key"}
	errNoTrickle   = &Rejection{Status: http.StatusMethodNotAllowed, Reason: "trickle ICE and ICE restarts are not supported: send every candidate in the offer"}
	errMethod      = &Rejection{Status: http.StatusMethodNotAllowed, Reason: "POST an SDP offer to start publishing, DELETE the session to stop"}
	errInternal    = &Rejection{Status: http.StatusInternalServerError, Reason: "internal error"}
)

// rejectionOf is err as a rejection; an error that is not one is internal
// (its words are for the log, not the publisher).
func rejectionOf(err error) *Rejection {
	var r *Rejection
	if errors.As(err, &r) {
		return r
	}
	return errInternal
}
