package natsx

import "github.com/nats-io/nats.go"

// A message's payload encoding. Events on public subjects are protojson
// (docs/events.md) and carry no header; an internal subject whose volume
// makes JSON's cost matter (analytics.views) may carry binary protobuf,
// said by this header, so its consumer still reads the JSON messages
// published before.
const (
	HeaderContentType   = "Content-Type"
	ContentTypeProtobuf = "application/protobuf"
)

// SetProtobuf marks msg's payload as binary protobuf.
func SetProtobuf(msg *nats.Msg) { msg.Header.Set(HeaderContentType, ContentTypeProtobuf) }

// IsProtobuf reports whether a message with header h carries binary
// protobuf (otherwise: protojson).
func IsProtobuf(h nats.Header) bool { return h.Get(HeaderContentType) == ContentTypeProtobuf }
