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

// LeadSink stores leads. The catalog's lead storage is not there yet; until
// it is, the gateway uses LogLeadSink.
type LeadSink interface {
	Submit(ctx context.Context, lead Lead) error
}

// LogLeadSink records that a lead arrived, without its values: they are
// personal data, and logs are no place to keep them.
type LogLeadSink struct{ Logger *slog.Logger }

// Submit implements LeadSink.
func (s LogLeadSink) Submit(ctx context.Context, lead Lead) error {
	s.Logger.InfoContext(ctx, "lead received (not stored: no lead storage yet)",
		"account_id", lead.AccountID, "video_id", lead.VideoID, "gate_id", lead.GateID,
		"fields", slices.Sorted(maps.Keys(lead.Fields)), "checkbox", lead.Checkbox)
	return nil
}
