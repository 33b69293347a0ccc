package playback

import (
	"context"
	"log/slog"
	"maps"
	"slices"
	"time"
)

// Lead is a viewer's submission of a gate's form.
type Lead struct {
	AccountID string
	VideoID   string
	GateID    string
	// Fields holds the gate's fields (email, first_name, last_name,
	// telephone) as the viewer filled them in, validated.
	Fields   map[string]string
	Checkbox bool
	Time     time.Time
}

// LeadSink stores leads: CatalogLeadSink in the gateway, LogLeadSink when
// none is given. Submit returns an *InvalidLeadError for a submission the
// sink refuses and an error wrapping ErrLeadVideoNotFound when the video is
// gone; anything else is the sink failing (503 to the viewer).
type LeadSink interface {
	Submit(ctx context.Context, lead Lead) error
}

// InvalidLeadError is a submission the sink refused; Message is written for
// the viewer ("fields.email must be an email address").
type InvalidLeadError struct{ Message string }

func (e *InvalidLeadError) Error() string { return e.Message }

// ErrLeadVideoNotFound means the video was deleted or disabled after the edge
// looked it up.
var ErrLeadVideoNotFound = errNotFound

// LogLeadSink records that a lead arrived, without its values: they are
// personal data, and logs are no place to keep them. It stores nothing; the
// edge uses it when no sink is given (tests, tools).
type LogLeadSink struct{ Logger *slog.Logger }

// Submit implements LeadSink.
func (s LogLeadSink) Submit(ctx context.Context, lead Lead) error {
	s.Logger.InfoContext(ctx, "lead received (not stored: no lead sink)",
		"account_id", lead.AccountID, "video_id", lead.VideoID, "gate_id", lead.GateID,
		"fields", slices.Sorted(maps.Keys(lead.Fields)), "checkbox", lead.Checkbox)
	return nil
}
