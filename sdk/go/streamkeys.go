package vidhost

import (
	"context"
	"net/http"
	"net/url"
)

// StreamKey is a live event's stream key (docs/live.md#stream-keys): the
// secret a publisher puts in the ingest URL. A read-only credential sees
// Key, and the secret in RTMPURL and SRTURL, as "[redacted]".
type StreamKey struct {
	VideoID string `json:"video_id"`
	Key     string `json:"key"`
	// RTMPURL is rtmp://<host>:<port>/live/<key>: OBS's Server is the URL
	// without its last segment, its Stream Key the key.
	RTMPURL string `json:"rtmp_url"`
	// SRTURL is srt://<host>:<port>?streamid=publish:<key>, or "" when the
	// installation offers no SRT ingest.
	SRTURL string `json:"srt_url"`
	// Revoked keys are refused at ingest until rotated.
	Revoked bool `json:"revoked"`
	Audit
}

// StreamKey returns the live event's stream key.
func (s *VideosService) StreamKey(ctx context.Context, videoID string) (*StreamKey, error) {
	return s.streamKeyCall(ctx, http.MethodGet, videoID)
}

// RotateStreamKey gives the event a new key, usable at once (also after a
// revoke); a publisher live on the old one is cut within 5 s. It is never
// retried: a retry would rotate twice.
func (s *VideosService) RotateStreamKey(ctx context.Context, videoID string) (*StreamKey, error) {
	return s.streamKeyCall(ctx, http.MethodPost, videoID)
}

// RevokeStreamKey makes the key refused at ingest until it is rotated; a
// publisher live on it is cut within 5 s.
func (s *VideosService) RevokeStreamKey(ctx context.Context, videoID string) error {
	_, err := s.client.call(ctx, request{method: http.MethodDelete, path: streamKeyPath(videoID)}, nil)
	return err
}

func (s *VideosService) streamKeyCall(ctx context.Context, method, videoID string) (*StreamKey, error) {
	var out StreamKey
	if _, err := s.client.call(ctx, request{method: method, path: streamKeyPath(videoID)}, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

func streamKeyPath(videoID string) string {
	return "/v2/videos/" + url.PathEscape(videoID) + "/stream_key"
}
