package ingest

import (
	"context"
	"net/http"

	"github.com/vidhost/vidhost/services/live/internal/restream"
)

// Grant is the event a key publishes to.
type Grant struct {
	VideoID   string
	AccountID string
	// Record says whether the recording goes through the VOD ladder.
	Record bool
	// MaxBitrate is the plan's ingest limit in bits per second (0: none).
	MaxBitrate int64
	// Restreams are the event's enabled outputs: other platforms' RTMP(S)
	// ingest, sent the stream as it arrives (package restream).
	Restreams []restream.Target
}

// Authorizer checks a publisher's stream key (the catalog's
// AuthorizePublish). Its error's Refusal, if any, is what the publisher
// is told.
type Authorizer interface {
	AuthorizePublish(ctx context.Context, key string) (Grant, error)
}

// Output is a playable file in the event's media folder.
type Output struct {
	Label string
	Path  string
}

// Reporter tells the catalog about an event's state (live.started,
// live.ended on NATS). runID tells one publishing run from another, so a
// report is published once per run.
type Reporter interface {
	Started(ctx context.Context, g Grant, runID string, outputs []Output) error
	Ended(ctx context.Context, g Grant, runID string, end End) error
}

// End is how a run ended.
type End struct {
	// RecordingKey is the recording's blob key, empty if none.
	RecordingKey string
	Duration     float64 // seconds received
	Reason       string  // for a person
}

// Streams is where each run's LL-HLS stream is served from (package
// origin's Registry): Add makes h the event's stream under id, Remove
// drops it unless a newer one took its place.
type Streams interface {
	Add(videoID, id string, h http.Handler)
	Remove(videoID, id string)
}
