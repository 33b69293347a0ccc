package events

import (
	"math"

	eventsv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/events/v1"

	"github.com/vidhost/vidhost/pkg/eventmsg"
	"github.com/vidhost/vidhost/pkg/natsx"
	"github.com/vidhost/vidhost/pkg/outbox"
	"github.com/vidhost/vidhost/pkg/timefmt"
	"github.com/vidhost/vidhost/services/analytics/internal/alerts"
)

// AlertMessage encodes a as the video.experience_degraded outbox message:
// its id (derived from the account, video and hour) is the event's and the
// Nats-Msg-Id.
func AlertMessage(a alerts.Alert) (outbox.Message, error) {
	meta := &eventsv1.EventMeta{Id: a.ID, AccountId: a.AccountID, OccurredTime: timefmt.Format(a.Judged)}
	event := &eventsv1.ExperienceDegraded{
		Meta:        meta,
		VideoId:     a.VideoID,
		WindowStart: timefmt.Format(a.Hour),
		WindowEnd:   timefmt.Format(a.Hour.Add(alerts.Window)),
		Plays:       count32(a.Plays),
		Startups:    count32(a.Startups),
		ErrorRate:   a.ErrorRate,
		Thresholds: &eventsv1.ExperienceThresholds{
			StartupTimeP95: a.Rule.StartupP95.Seconds(),
			ErrorRate:      a.Rule.ErrorRate,
			MinPlays:       count32(a.Rule.MinPlays),
		},
		Conditions: a.Conditions,
		Partial:    a.Partial,
	}
	if a.HasStartupP95 {
		event.StartupTimeP95 = &a.StartupP95
	}
	return eventmsg.Outbox(meta, natsx.SubjectVideoExperienceDegraded, event)
}

// count32 is n as the event's int32 (one video's hour is far below 2^31
// plays; a count past it would read as the largest).
func count32(n int64) int32 { return int32(min(n, math.MaxInt32)) } //nolint:gosec // G115: bounded just above
