package origin

import (
	"net/http"
	"sync"
)

// Registry maps each live event to its current LL-HLS stream: the
// handler of its run's muxer, under the stream's id. The id is in every
// URL of the stream, as a new muxer (a publisher that came back with other
// encoder settings) numbers its parts and segments from zero again.
type Registry struct {
	mu      sync.Mutex
	streams map[string]stream // by video id
}

type stream struct {
	id      string
	handler http.Handler
}

// NewRegistry returns an empty registry.
func NewRegistry() *Registry { return &Registry{streams: map[string]stream{}} }

// Add makes h the stream of videoID under id, in place of any other.
func (r *Registry) Add(videoID, id string, h http.Handler) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.streams[videoID] = stream{id: id, handler: h}
}

// Remove drops videoID's stream if it is still id: a newer stream stays.
func (r *Registry) Remove(videoID, id string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.streams[videoID].id == id {
		delete(r.streams, videoID)
	}
}

// lookup returns the handler of videoID's stream id, if it is current.
func (r *Registry) lookup(videoID, id string) (http.Handler, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	s, ok := r.streams[videoID]
	if !ok || s.id != id {
		return nil, false
	}
	return s.handler, true
}
