package restream

import (
	"errors"
	"net/url"
	"strings"
)

// Target is one output: where the stream goes.
type Target struct {
	ID string // the output's id, in its Status
	// URL is rtmp:// or rtmps://host[:port]/app, the platform's "server
	// URL" (CheckURL); Key is its stream key, sent as the publish name.
	URL *url.URL
	Key string
}

// State is where an output stands.
type State string

// An output is Connecting until its server accepted the publish, Live
// while units flow, and Failed (with a reason) between a failure and the
// next attempt.
const (
	Connecting State = "connecting"
	Live       State = "live"
	Failed     State = "error"
)

// Status is an output's state as it changes.
type Status struct {
	Target string
	State  State
	Reason string // why, when Failed; never the stream key
	// Failures counts the attempts that failed since the output was last
	// live for a while (resetAfter): what the backoff doubles on.
	Failures int
}

// ErrScheme is the error of a URL that is not rtmp:// or rtmps://.
var ErrScheme = errors.New("restream: the URL must start with rtmp:// or rtmps://")

// CheckURL says whether raw can be an output's URL: rtmp or rtmps, a
// host, no credentials or fragment (the key is a field of its own).
func CheckURL(raw string) (*url.URL, error) {
	u, err := url.Parse(strings.TrimSpace(raw))
	switch {
	case err != nil:
		return nil, errors.New("restream: the URL cannot be parsed")
	case u.Scheme != "rtmp" && u.Scheme != "rtmps":
		return nil, ErrScheme
	case u.Hostname() == "":
		return nil, errors.New("restream: the URL has no host")
	case u.User != nil:
		return nil, errors.New("restream: the URL must not carry a user or password")
	case u.Fragment != "" || u.RawQuery != "":
		return nil, errors.New("restream: the URL must not carry a query or fragment; the stream key is a field of its own")
	}
	return u, nil
}
