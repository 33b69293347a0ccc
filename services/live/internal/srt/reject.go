package srt

import (
	"errors"
	"fmt"
)

// RejectCode is why a listener refuses a connection during its handshake,
// sent to the caller (srt_setrejectreason). 0 accepts. The codes are the
// SRT access-control ones (srt/access_control.h, "SRT_REJX_*": HTTP
// status codes plus 1000), in the range libsrt leaves to applications
// (from SRT_REJC_PREDEFINED, 1000).
type RejectCode int

// Reject codes the live service uses.
const (
	Accept             RejectCode = 0
	RejectBadRequest   RejectCode = 1400 // SRT_REJX_BAD_REQUEST: no stream key in the streamid
	RejectUnauthorized RejectCode = 1401 // SRT_REJX_UNAUTHORIZED
	RejectForbidden    RejectCode = 1403 // SRT_REJX_FORBIDDEN: wrong, revoked or ended key
	RejectNotFound     RejectCode = 1404 // SRT_REJX_NOTFOUND
	RejectBadMode      RejectCode = 1405 // SRT_REJX_BAD_MODE: m= other than publish
	RejectUnacceptable RejectCode = 1406 // SRT_REJX_UNACCEPTABLE
	RejectConflict     RejectCode = 1409 // SRT_REJX_CONFLICT: the event already has a publisher
	// RejectTooMany has no SRT_REJX_ name: HTTP's 429 Too Many Requests,
	// here the plan's live events at once.
	RejectTooMany     RejectCode = 1429
	RejectInternal    RejectCode = 1500 // SRT_REJX_ISE
	RejectUnavailable RejectCode = 1503 // SRT_REJX_DOWN: try again later
)

// String names a code for logs.
func (c RejectCode) String() string {
	switch c {
	case Accept:
		return "accepted"
	case RejectBadRequest:
		return "bad request"
	case RejectUnauthorized:
		return "unauthorized"
	case RejectForbidden:
		return "forbidden"
	case RejectNotFound:
		return "not found"
	case RejectBadMode:
		return "bad mode"
	case RejectUnacceptable:
		return "unacceptable"
	case RejectConflict:
		return "conflict"
	case RejectTooMany:
		return "too many"
	case RejectInternal:
		return "internal error"
	case RejectUnavailable:
		return "unavailable"
	}
	return fmt.Sprintf("code %d", int(c))
}

// RejectError is a connection the listener refused; Code is what its hook
// answered (or, below 1000, libsrt's own reason: SRT_REJ_*).
type RejectError struct{ Code RejectCode }

func (e *RejectError) Error() string {
	return fmt.Sprintf("srt: connection rejected: %d %s", int(e.Code), e.Code)
}

// ErrDisabled is returned by Listen and Dial in a build without libsrt.
var ErrDisabled = errors.New("srt: this build has no SRT support (built without cgo or with the nosrt tag)")

// ErrClosed is returned by Accept once the listener is closed.
var ErrClosed = errors.New("srt: closed")
