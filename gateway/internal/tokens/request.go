package tokens

import (
	"math"
	"time"

	"github.com/vidhost/vidhost/pkg/apperr"
)

// maxSafeInteger is the largest whole number a JSON number carries exactly,
// the same bound as an upload's size.
const maxSafeInteger = 1 << 53

// Request is the body of POST /v2/tokens. Numbers arrive as JSON numbers
// and are checked to be whole here, as an upload's size is.
type Request struct {
	Type         string   `json:"type"`
	MaxSizeBytes *float64 `json:"max_size_bytes"`
	TTLSeconds   *float64 `json:"ttl_seconds"`
}

// Validate checks the request, in the interface's words, and returns the
// size cap and lifetime it asks for.
func (r Request) Validate() (maxSize int64, ttl time.Duration, err error) {
	if r.Type != TypeUpload {
		return 0, 0, apperr.InvalidField("type", "must be upload")
	}
	if r.MaxSizeBytes == nil || !whole(*r.MaxSizeBytes, 1, maxSafeInteger) {
		return 0, 0, apperr.InvalidField("max_size_bytes", "must be a whole number of bytes from 1 to %d", int64(maxSafeInteger))
	}
	ttl = DefaultTTL
	if r.TTLSeconds != nil {
		if !whole(*r.TTLSeconds, MinTTL.Seconds(), MaxTTL.Seconds()) {
			return 0, 0, apperr.InvalidField("ttl_seconds", "must be a whole number from %d to %d",
				int(MinTTL.Seconds()), int(MaxTTL.Seconds()))
		}
		ttl = time.Duration(*r.TTLSeconds) * time.Second
	}
	return int64(*r.MaxSizeBytes), ttl, nil
}

func whole(v, lowest, highest float64) bool {
	return v == math.Trunc(v) && v >= lowest && v <= highest
}
