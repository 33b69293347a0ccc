package rest

import (
	"github.com/grpc-ecosystem/grpc-gateway/v2/runtime"
	"google.golang.org/protobuf/encoding/protojson"

	"github.com/vidhost/vidhost/pkg/envelope"
)

// marshalOptions write what the interface shows: snake_case proto names and
// every field even at its default, so `"autoplay": false` is present.
var marshalOptions = protojson.MarshalOptions{UseProtoNames: true, EmitUnpopulated: true}

// unmarshalOptions refuse unknown fields: a misspelt field is a 400 naming
// it, never silently dropped.
var unmarshalOptions = protojson.UnmarshalOptions{DiscardUnknown: false}

// Marshaler is the only marshaler of the mux, whatever Accept or
// Content-Type say (the content type middleware has already insisted on JSON).
func Marshaler() runtime.Marshaler {
	return envelopeMarshaler{&runtime.JSONPb{MarshalOptions: marshalOptions, UnmarshalOptions: unmarshalOptions}}
}

// envelopeMarshaler writes the rewriter's envelopes directly: through
// encoding/json every response body would be parsed once more just to be
// validated and compacted.
type envelopeMarshaler struct{ *runtime.JSONPb }

func (m envelopeMarshaler) Marshal(v any) ([]byte, error) {
	if env, ok := v.(*envelope.Envelope); ok {
		return env.MarshalJSON()
	}
	return m.JSONPb.Marshal(v)
}
