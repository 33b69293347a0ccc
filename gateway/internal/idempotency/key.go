package idempotency

import (
	"crypto/sha256"
	"net/http"
)

// Header is the request header that carries the key; ReplayedHeader marks
// an answer that is a replay of the first one.
const (
	Header         = "Idempotency-Key"
	ReplayedHeader = "Idempotent-Replayed"
)

// KeyMax bounds a key: room for a UUID or a client's own composite id,
// never an unbounded row.
const KeyMax = 255

// validKey requires 1-KeyMax printable ASCII characters (no spaces or
// controls), what HTTP header values and logs carry safely.
func validKey(key string) bool {
	if key == "" || len(key) > KeyMax {
		return false
	}
	for i := range len(key) {
		if key[i] < 0x21 || key[i] > 0x7e {
			return false
		}
	}
	return true
}

// requestHash identifies the request a key was first used with: method,
// path with query, and body. A NUL separates the parts (none can hold one
// before the body), so no two requests share a hash input.
func requestHash(r *http.Request, body []byte) []byte {
	h := sha256.New()
	h.Write([]byte(r.Method))
	h.Write([]byte{0})
	h.Write([]byte(r.URL.RequestURI()))
	h.Write([]byte{0})
	h.Write(body)
	return h.Sum(nil)
}
