package restream

import (
	"net/url"

	"github.com/vidhost/vidhost/pkg/simulcast"
)

// Target is one output: where the stream goes.
type Target struct {
	ID string // the output's id, in its Status
	// URL is rtmp:// or rtmps://host[:port]/app, the platform's "server
	// URL" (simulcast.Parse); Key is its stream key, sent as the publish
	// name.
	URL *url.URL
	Key string
}

// same reports whether t and o send to the same place with the same key:
// an output whose target changed starts again.
func (t Target) same(o Target) bool {
	return t.ID == o.ID && t.URL.String() == o.URL.String() && t.Key == o.Key
}

// The states an output reports (simulcast's, the interface's words): it is
// Connecting until its server accepted the publish, Live while units flow,
// Failed (with a reason) between a failure and the next attempt, and Idle
// once it stopped (the stream ended or the output was removed).
const (
	Connecting = simulcast.Connecting
	Live       = simulcast.Live
	Failed     = simulcast.Error
	Idle       = simulcast.Idle
)

// Status is an output's state as it changes.
type Status struct {
	Target string
	State  simulcast.State
	Reason string // why, when Failed; never the stream key
	// Failures counts the attempts that failed since the output was last
	// live for a while (resetAfter): what the backoff doubles on.
	Failures int
}
