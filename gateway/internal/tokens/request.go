package tokens

import (
	"math"
	"time"

	"github.com/vidhost/vidhost/pkg/apirules"
	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/ids"
)

// maxSafeInteger is the largest whole number a JSON number carries exactly,
// the same bound as an upload's size.
const maxSafeInteger = apirules.TokenSizeMax

// Request is the body of POST /v2/tokens. Numbers arrive as JSON numbers
// and are checked to be whole here, as an upload's size is.
type Request struct {
	Type         string   `json:"type"`
	MaxSizeBytes *float64 `json:"max_size_bytes"`
	VideoID      *string  `json:"video_id"`
	TTLSeconds   *float64 `json:"ttl_seconds"`
}

// Validate checks the request, in the interface's words, and returns the
// claims it asks for (type, size cap or video) and the token's lifetime.
func (r Request) Validate() (Claims, time.Duration, error) {
	switch r.Type {
	case TypeUpload:
		return r.upload()
	case TypeViewer:
		return r.viewer()
	}
	return Claims{}, 0, apperr.InvalidField("type", "must be upload or viewer")
}

func (r Request) upload() (Claims, time.Duration, error) {
	if r.VideoID != nil {
		return Claims{}, 0, apperr.InvalidField("video_id", "is only for viewer tokens")
	}
	if r.MaxSizeBytes == nil || !whole(*r.MaxSizeBytes, 1, maxSafeInteger) {
		return Claims{}, 0, apperr.InvalidField("max_size_bytes", "must be a whole number of bytes from 1 to %d", int64(maxSafeInteger))
	}
	ttl, err := r.ttl(DefaultTTL, MaxTTL)
	return Claims{Type: TypeUpload, MaxSizeBytes: int64(*r.MaxSizeBytes)}, ttl, err
}

func (r Request) viewer() (Claims, time.Duration, error) {
	if r.MaxSizeBytes != nil {
		return Claims{}, 0, apperr.InvalidField("max_size_bytes", "is only for upload tokens")
	}
	if r.VideoID == nil || !ids.Valid(*r.VideoID) {
		return Claims{}, 0, apperr.InvalidField("video_id", "must be a video id")
	}
	ttl, err := r.ttl(DefaultViewerTTL, MaxViewerTTL)
	return Claims{Type: TypeViewer, VideoID: *r.VideoID}, ttl, err
}

// ttl is ttl_seconds, or byDefault when it is not sent.
func (r Request) ttl(byDefault, longest time.Duration) (time.Duration, error) {
	if r.TTLSeconds == nil {
		return byDefault, nil
	}
	if !whole(*r.TTLSeconds, MinTTL.Seconds(), longest.Seconds()) {
		return 0, apperr.InvalidField("ttl_seconds", "must be a whole number from %d to %d",
			int(MinTTL.Seconds()), int(longest.Seconds()))
	}
	return time.Duration(*r.TTLSeconds) * time.Second, nil
}

func whole(v, lowest, highest float64) bool {
	return v == math.Trunc(v) && v >= lowest && v <= highest
}
