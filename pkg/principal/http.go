package principal

import (
	"net/http"
	"time"
)

// TusMethod is the method a call to the upload service's tus endpoint is
// signed for: the endpoint and the HTTP method, so a signed HEAD cannot be
// replayed as a PATCH or DELETE.
func TusMethod(httpMethod string) string { return "tus " + httpMethod }

// SignHeaders sets c, signed with key, on h: the HTTP counterpart of
// AppendToOutgoing, for the gateway's reverse proxy to the upload service's
// tus endpoint. It sets (and so overwrites) every X-Vidhost-* field of a
// call, so a client cannot smuggle its own; the gateway should still drop
// any X-Vidhost-* header a client sent before calling it.
func SignHeaders(h http.Header, c Call, key []byte) {
	for k, v := range c.Metadata(key) {
		h[http.CanonicalHeaderKey(k)] = v
	}
}

// FromHeaders reads and verifies the call SignHeaders set on h for method
// (TusMethod). ok is false when no credentials were sent at all. A header
// repeated with several values is refused: a proxy must not let a client's
// value ride along.
func FromHeaders(h http.Header, method string, keys Keys) (c Call, ok bool, err error) {
	if len(h.Values(mdSignature)) == 0 {
		return Call{}, false, nil
	}
	f, signature := readFields(h.Values)
	c, err = f.verify(signature, method, keys, time.Now())
	return c, true, err
}
