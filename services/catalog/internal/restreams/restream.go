package restreams

import (
	"regexp"
	"strings"
	"time"

	"github.com/vidhost/vidhost/pkg/apirules"
	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/netguard"
	"github.com/vidhost/vidhost/pkg/simulcast"
	"github.com/vidhost/vidhost/pkg/validate"
	"github.com/vidhost/vidhost/services/catalog/internal/catalog"
)

// Restream is one output as it is kept: its key sealed, never in the clear.
// As an Event's resource it is recorded in the audit log only (Redacted).
type Restream struct {
	ID        string
	VideoID   string
	AccountID string
	Name      string
	URL       string
	// Sealed is the stream key sealed with the Service's Box; empty when
	// the server takes no key.
	Sealed  []byte
	Enabled bool
	Status  simulcast.State
	// StatusReason says why, when Status is error.
	StatusReason string
	// StatusTime is when the live service last reported; zero before.
	StatusTime time.Time
	catalog.Audit
}

// KeySet reports whether the output has a stream key.
func (r Restream) KeySet() bool { return len(r.Sealed) > 0 }

// shownOn is r as the interface shows it while its event is v: idle, with
// no reason, unless the event is live (a live service that stopped before
// it could report leaves no output looking live).
func (r Restream) shownOn(v catalog.Video) Restream {
	if v.Status != catalog.StatusLive {
		r.Status, r.StatusReason = simulcast.Idle, ""
	}
	return r
}

// Input is what a client writes. Key is the stream key in the clear, which
// the Service seals at once.
type Input struct {
	Name    string
	URL     string
	Key     string
	Enabled bool
}

var keyPattern = regexp.MustCompile(apirules.RestreamKeyPattern)

// validate checks in's fields in the interface's order; urls is the
// address rule (loopback only in the devstack).
func (in Input) validate(urls netguard.URLPolicy) (Input, error) {
	name, err := validate.TrimmedLength("name", in.Name, apirules.RestreamNameMax)
	if err != nil {
		return Input{}, err
	}
	in.Name, in.URL = name, strings.TrimSpace(in.URL)
	if rule := urls.Check(in.URL); rule != "" {
		return Input{}, apperr.InvalidField("url", "%s", rule)
	}
	return in, validate.First(
		validate.MaxLength("stream_key", in.Key, apirules.RestreamKeyMax),
		validate.Pattern("stream_key", in.Key, keyPattern, "printable ASCII without spaces (the key the platform shows)"),
	)
}
