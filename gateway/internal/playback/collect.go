package playback

import (
	"errors"
	"io"
	"net/http"
	"strconv"
	"sync/atomic"

	"github.com/vidhost/vidhost/gateway/internal/beacons"
	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/envelope"
	"github.com/vidhost/vidhost/pkg/ids"
	"github.com/vidhost/vidhost/pkg/viewticket"
	eventsv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/events/v1"
)

// DefaultBeaconsPerMinute is how many beacons one client address may send
// in a minute: a person plays a few videos; a page of a hundred autoplaying
// embeds sends two beacons each.
const DefaultBeaconsPerMinute = 240

// analyticsNone is the Player setting that turns view events off.
const analyticsNone = "none"

// ViewSink receives enriched view events; it must never block
// (beacons.Publisher queues them for JetStream).
type ViewSink interface {
	Submit(*eventsv1.ViewEvent)
}

// BeaconDrops counts the beacons /collect dropped, by reason. Ticket counts
// those refused for their view ticket (missing, invalid, expired, for
// another video), which the client is told about; the others are dropped
// silently.
//
// The experience figures' own drops (docs/analytics.md, "Bad input"):
// HeartbeatFlood counts heartbeats over their ticket's rate, ErrorRepeat a
// page's second fatal error or its errors past the tenth, UnknownErrorClass
// errors of no known class; all answered 204.
type BeaconDrops struct {
	Malformed, Flood, Bot, UnknownVideo, AnalyticsOff, NoSink, Ticket atomic.Int64
	HeartbeatFlood, ErrorRepeat, UnknownErrorClass                    atomic.Int64
}

// errBeaconDropped marks a beacon dropped without telling the client: a
// flood, a bot, a video gone or disabled, a Player with analytics "none".
var errBeaconDropped = errors.New("beacon dropped")

// beaconRefusal is a beacon the client is told is wrong (docs/analytics.md).
type beaconRefusal struct{ code, message string }

func (e beaconRefusal) Error() string { return e.message }

// collect serves POST /collect, where players report view events
// (docs/analytics.md). A good beacon is queued, not published inline, and
// answered 204; one that is malformed or lacks a valid view ticket is a
// 4xx naming the rule; one from a bot or a flooding address, for a video
// that is gone or from a Player whose analytics is "none" is dropped and
// counted, answered 204 like a good one.
func (h *Handler) collect(w http.ResponseWriter, r *http.Request) {
	event, err := h.viewEvent(r)
	var refusal beaconRefusal
	if errors.As(err, &refusal) {
		envelope.WriteError(w, refusal.code, refusal.message)
		return
	}
	w.WriteHeader(http.StatusNoContent)
	if err == nil {
		h.views.Submit(event)
	}
}

// viewEvent reads, checks and enriches the beacon of r.
func (h *Handler) viewEvent(r *http.Request) (*eventsv1.ViewEvent, error) {
	drops := &h.drops
	if h.views == nil {
		drops.NoSink.Add(1)
		return nil, errBeaconDropped
	}
	if !h.beaconLimiter.allow(r) {
		drops.Flood.Add(1)
		return nil, errBeaconDropped
	}
	beacon, ticket, err := h.readBeacon(r)
	if err != nil {
		return nil, err
	}
	userAgent := r.UserAgent()
	if beacons.IsBot(userAgent) {
		drops.Bot.Add(1)
		return nil, errBeaconDropped
	}
	if err := h.checkExperience(&beacon, ticket.ID); err != nil {
		return nil, err
	}
	video, err := h.videos.get(r.Context(), beacon.VideoID)
	if err != nil || !video.GetEnabled() || video.GetAccountId() != ticket.AccountID {
		drops.UnknownVideo.Add(1)
		return nil, errBeaconDropped
	}
	player, err := h.players.get(r.Context(), ticket.AccountID, ticket.PlayerID)
	if err != nil || player.Analytics == analyticsNone {
		drops.AnalyticsOff.Add(1)
		return nil, errBeaconDropped
	}
	// The address is looked up and forgotten: it is in no event.
	country := h.countries.Of(h.clientIP(r))
	return ViewEventOf(ids.New(), beacon, ticket, player.ID, country, beacons.ClientOf(userAgent), h.now()), nil
}

// readBeacon reads r's body, at most beacons.MaxBody, and checks the
// beacon and its view ticket: a valid, unexpired ticket of the beacon's
// video. Verifying it is an HMAC, no lookup.
func (h *Handler) readBeacon(r *http.Request) (beacons.Beacon, viewticket.Ticket, error) {
	drops := &h.drops
	body, err := io.ReadAll(io.LimitReader(r.Body, beacons.MaxBody+1))
	if err != nil || len(body) > beacons.MaxBody {
		drops.Malformed.Add(1)
		return beacons.Beacon{}, viewticket.Ticket{}, beaconRefusal{apperr.CodeBodyTooLarge,
			"body must be at most " + strconv.Itoa(beacons.MaxBody) + " bytes"}
	}
	beacon, err := beacons.Parse(body)
	if err != nil {
		drops.Malformed.Add(1)
		return beacons.Beacon{}, viewticket.Ticket{}, beaconRefusal{apperr.CodeInvalidArgument,
			"body must be a beacon: JSON with event play, view, heartbeat or error and a valid video_id"}
	}
	ticket, err := h.tickets.Verify(beacon.Ticket)
	if err == nil && ticket.VideoID != beacon.VideoID {
		err = errTicketOtherVideo
	}
	if err != nil {
		drops.Ticket.Add(1)
		return beacons.Beacon{}, viewticket.Ticket{}, ticketRefusal(err)
	}
	return beacon, ticket, nil
}

// errTicketOtherVideo: a valid ticket, but of another video than the beacon's.
var errTicketOtherVideo = errors.New("ticket is for another video")

// ticketRefusal tells the client what is wrong with its ticket: a missing
// one is a malformed beacon (400); an invalid, expired or misused one is
// refused (403). The player ignores the answer (it cannot read a beacon's).
func ticketRefusal(err error) beaconRefusal {
	if errors.Is(err, viewticket.ErrMissing) {
		return beaconRefusal{apperr.CodeInvalidArgument, "ticket is required: send the view_ticket of the player page"}
	}
	message := "ticket is not valid"
	switch {
	case errors.Is(err, viewticket.ErrExpired):
		message = "ticket has expired: a new page load gets a new one"
	case errors.Is(err, errTicketOtherVideo):
		message = "ticket is for another video"
	}
	return beaconRefusal{apperr.CodePermissionDenied, message}
}

// BeaconDrops returns the counters of dropped beacons.
func (h *Handler) BeaconDrops() *BeaconDrops { return &h.drops }
