package ingest

import (
	"errors"
	"net"
)

// Refusal is a reason a publisher is turned away, in words it can act on.
// Kind says what sort of refusal it is, for a protocol that sends codes
// (SRT's reject reasons); RTMP sends only the words.
type Refusal struct {
	Reason string
	Kind   RefusalKind
}

func (r *Refusal) Error() string { return r.Reason }

// RefusalKind sorts refusals for protocols that carry a code.
type RefusalKind int

// The kinds of refusal. The zero value is a refused key, the authorizer's
// usual answer.
const (
	// KindForbidden: the key is wrong or revoked, or its event has ended
	// or is disabled.
	KindForbidden RefusalKind = iota
	// KindBusy: the event already has a publisher.
	KindBusy
	// KindLimit: the plan's live events at once are taken.
	KindLimit
	// KindBadRequest: no stream key where the protocol carries it.
	KindBadRequest
	// KindNotPublishing: a player, or a mode other than publishing.
	KindNotPublishing
	// KindUnacceptable: the stream's tracks are not what the pipeline takes.
	KindUnacceptable
	// KindUnavailable: the service cannot check keys or start a run now.
	KindUnavailable
)

// Refusals of the server itself.
var (
	errNotPublishing = &Refusal{Reason: "this server only accepts publishers (rtmp://host/live/<stream key>)", Kind: KindNotPublishing}
	errNoKey         = &Refusal{Reason: "no stream key: publish to rtmp://host/live/<stream key>", Kind: KindBadRequest}
	errBusy          = &Refusal{Reason: "the event already has a publisher; stop it first", Kind: KindBusy}
	errNoH264        = &Refusal{Reason: "the stream has no H.264 video track; set the encoder to x264/H.264", Kind: KindUnacceptable}
	errNoAAC         = &Refusal{Reason: "the stream has no AAC audio track; set the audio encoder to AAC", Kind: KindUnacceptable}
	errOtherTrack    = &Refusal{Reason: "the stream has a track the live service does not take; send one H.264 video and one AAC audio track", Kind: KindUnacceptable}
	errUnavailable   = &Refusal{Reason: "ingest is unavailable; try again in a moment", Kind: KindUnavailable}
)

// refusalOf is err as a refusal: a failure that is not one is the service
// being unavailable.
func refusalOf(err error) *Refusal {
	var r *Refusal
	if errors.As(err, &r) {
		return r
	}
	return errUnavailable
}

// reasonOf is what the publisher is told for err.
func reasonOf(err error) string { return refusalOf(err).Reason }

// addrString is a peer's address for logs ("" if unknown).
func addrString(a net.Addr) string {
	if a == nil {
		return ""
	}
	return a.String()
}
