package playback

import (
	"time"

	"github.com/vidhost/vidhost/gateway/internal/beacons"
	"github.com/vidhost/vidhost/pkg/timefmt"
	"github.com/vidhost/vidhost/pkg/viewticket"
	eventsv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/events/v1"
)

// ViewEventOf is the event /collect publishes for a beacon it keeps, whose
// experience figures beacons.Experience.Clamp has bounded: the account,
// video and domain from the verified ticket, never from the body
// (docs/analytics.md, "What the edge does with a beacon"). bench/analytics
// builds its events with it (through gateway/benchseam), so it publishes
// what the edge would.
func ViewEventOf(id string, beacon beacons.Beacon, ticket viewticket.Ticket, playerID, country string,
	client beacons.Client, at time.Time) *eventsv1.ViewEvent {
	event := &eventsv1.ViewEvent{
		Meta: &eventsv1.EventMeta{Id: id, AccountId: ticket.AccountID, OccurredTime: timefmt.Format(at.UTC())},
		Type: beacon.Event, VideoId: ticket.VideoID, PlayerId: playerID, ViewerId: beacon.ViewerID,
		TicketId: ticket.ID, Domain: beacons.Domain(ticket.Origin), Country: country,
		Device: client.Device, Browser: client.Browser, Os: client.OS, Position: beacon.Position,
	}
	setExperience(event, beacon.Experience)
	return event
}
