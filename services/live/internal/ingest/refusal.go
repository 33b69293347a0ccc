package ingest

import (
	"errors"

	"github.com/bluenviron/gortmplib"
	"github.com/bluenviron/gortmplib/pkg/amf0"
	"github.com/bluenviron/gortmplib/pkg/message"
)

// Refusal is a reason a publisher is turned away, in words it can act on.
type Refusal struct{ Reason string }

func (r *Refusal) Error() string { return r.Reason }

// Refusals of the server itself.
var (
	errNotPublishing = &Refusal{Reason: "this server only accepts publishers (rtmp://host/live/<stream key>)"}
	errNoKey         = &Refusal{Reason: "no stream key: publish to rtmp://host/live/<stream key>"}
	errBusy          = &Refusal{Reason: "the event already has a publisher; stop it first"}
	errNoH264        = &Refusal{Reason: "the stream has no H.264 video track; set the encoder to x264/H.264"}
	errNoAAC         = &Refusal{Reason: "the stream has no AAC audio track; set the audio encoder to AAC"}
	errUnavailable   = &Refusal{Reason: "ingest is unavailable; try again in a moment"}
)

// reasonOf is what the publisher is told for err.
func reasonOf(err error) string {
	var r *Refusal
	if errors.As(err, &r) {
		return r.Reason
	}
	return errUnavailable.Reason
}

// refuse tells the publisher why, as an onStatus error (ffmpeg logs its
// description; OBS shows a failed connection), before the connection is
// closed.
func refuse(sc *gortmplib.ServerConn, reason string) {
	_ = sc.Write(&message.CommandAMF0{
		ChunkStreamID:   5,
		MessageStreamID: 0x1000000,
		Name:            "onStatus",
		Arguments: []any{
			nil,
			amf0.Object{
				{Key: "level", Value: "error"},
				{Key: "code", Value: "NetStream.Publish.Unauthorized"},
				{Key: "description", Value: reason},
			},
		},
	})
}
