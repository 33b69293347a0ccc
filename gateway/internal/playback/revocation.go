package playback

import "errors"

// EvictVideo forgets what the edge cached about videoID. The gateway that
// serves a change to the video (PATCH, DELETE) calls it before its answer
// leaves, so the change holds for every later request to this gateway;
// other gateways learn of it from video events or within the cache TTL.
func (h *Handler) EvictVideo(videoID string) { h.videos.evict(videoID) }

// EvictJWTKey forgets the JWT key keyID: viewer JWTs signed with it, and
// media tokens minted from them, stop working at this gateway at once.
func (h *Handler) EvictJWTKey(keyID string) {
	h.viewers.keys.evict(keyID)
	h.viewers.verified.evictKey(keyID)
}

// errSubscriptionEnded: the event subscription stopped on its own.
var errSubscriptionEnded = errors.New("video event subscription ended")
