package vidhost

import "net/url"

// Restream is one of a live event's outputs (docs/live.md#restreaming-simulcast):
// another platform's RTMP or RTMPS ingest the event's stream is sent to as
// it arrives. The stream key is write-only: StreamKeySet says whether one is
// set.
type Restream struct {
	ID      string `json:"id"`
	VideoID string `json:"video_id"`
	Name    string `json:"name"`
	// URL is the platform's server URL, rtmp:// or rtmps://, without the key.
	URL          string `json:"url"`
	StreamKeySet bool   `json:"stream_key_set"`
	Enabled      bool   `json:"enabled"`
	// Status is idle, connecting, live or error (with StatusReason), as
	// the live service last reported it; idle whenever the event is not live.
	Status       string `json:"status"`
	StatusReason string `json:"status_reason"`
	StatusTime   string `json:"status_time"`
	Audit
}

// RestreamCreate adds an output. Enabled defaults to true.
type RestreamCreate struct {
	Name      string `json:"name"`
	URL       string `json:"url"`
	StreamKey string `json:"stream_key,omitempty"`
	Enabled   *bool  `json:"enabled,omitempty"`
}

// RestreamUpdate changes the fields that are set; an empty StreamKey
// clears the key.
type RestreamUpdate struct {
	Name      *string `json:"name,omitempty"`
	URL       *string `json:"url,omitempty"`
	StreamKey *string `json:"stream_key,omitempty"`
	Enabled   *bool   `json:"enabled,omitempty"`
}

// Restreams are the live event's outputs: List, Get, Create, Update and
// Delete as for any collection. A change reaches a running stream within
// 5 s.
func (s *VideosService) Restreams(videoID string) *Collection[Restream] {
	return &Collection[Restream]{client: s.client, path: "/v2/videos/" + url.PathEscape(videoID) + "/restreams"}
}
