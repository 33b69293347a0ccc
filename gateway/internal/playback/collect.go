package playback

import (
	"io"
	"net/http"
)

// maxCollectBody bounds a view event; the player's are about 200 bytes.
const maxCollectBody = 8 << 10

// collect serves POST /collect, where players report view events. Events are
// read and dropped for now: storing them (the analytics.views stream) is the
// analytics issue's. Answering 204 keeps players quiet meanwhile.
func collect(w http.ResponseWriter, r *http.Request) {
	_, _ = io.Copy(io.Discard, io.LimitReader(r.Body, maxCollectBody))
	w.WriteHeader(http.StatusNoContent)
}
