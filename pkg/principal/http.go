package principal

import (
	"crypto/hmac"
	"net/http"
	"strconv"
	"time"
)

// SignHeaders sets p, signed with secret, on h: the HTTP counterpart of
// AppendToOutgoing, for the few backends the gateway reverse-proxies over
// HTTP (the upload service's tus endpoint). It sets (and so overwrites) the
// same six X-Vidhost-* fields as the gRPC metadata, so a client cannot
// smuggle its own; the gateway should still drop any X-Vidhost-* header a
// client sent before calling it.
func SignHeaders(h http.Header, p Principal, secret []byte) {
	expires := strconv.FormatInt(time.Now().Add(validity).Unix(), 10)
	flags := encodeFlags(p)
	h.Set(mdAccount, p.AccountID)
	h.Set(mdKey, p.KeyID)
	h.Set(mdActor, p.ActorID)
	h.Set(mdFlags, flags)
	h.Set(mdExpires, expires)
	h.Set(mdSignature, sign(secret, p.AccountID, p.KeyID, p.ActorID, flags, expires))
}

// FromHeaders reads and verifies the principal SignHeaders set on h. ok is
// false when no principal was sent at all. A header repeated with several
// values is refused: a proxy must not let a client's value ride along.
func FromHeaders(h http.Header, secret []byte) (p Principal, ok bool, err error) {
	get := func(k string) string {
		if v := h.Values(k); len(v) == 1 {
			return v[0]
		}
		return ""
	}
	if len(h.Values(mdSignature)) == 0 {
		return Principal{}, false, nil
	}
	account, key, actor, flags, expires := get(mdAccount), get(mdKey), get(mdActor), get(mdFlags), get(mdExpires)
	want := sign(secret, account, key, actor, flags, expires)
	if !hmac.Equal([]byte(want), []byte(get(mdSignature))) || expired(expires) {
		return Principal{}, true, ErrBadSignature
	}
	p = Principal{AccountID: account, KeyID: key, ActorID: actor}
	decodeFlags(flags, &p)
	return p, true, nil
}
