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
	get := func(k string) string {
		switch v := h.Values(k); len(v) {
		case 0:
			return "" // an empty field may be dropped on the way
		case 1:
			return v[0]
		}
		return "\x00" // repeated: never signed, so never verifies
	}
	f := fields{
		caller: get(mdCaller), method: get(mdMethod), account: get(mdAccount), key: get(mdKey),
		actor: get(mdActor), flags: get(mdFlags), expires: get(mdExpires),
	}
	c, err = f.verify(get(mdSignature), method, keys, time.Now())
	return c, true, err
}
