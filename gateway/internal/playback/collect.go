package playback

import (
	"io"
	"net/http"
	"sync/atomic"

	"github.com/vidhost/vidhost/gateway/internal/beacons"
	"github.com/vidhost/vidhost/pkg/ids"
	"github.com/vidhost/vidhost/pkg/timefmt"
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

// BeaconDrops counts the beacons /collect dropped, by reason.
type BeaconDrops struct {
	Malformed, Flood, Bot, UnknownVideo, AnalyticsOff, NoSink atomic.Int64
}

// collect serves POST /collect, where players report view events
// (docs/analytics.md). It always answers 204 at once: a beacon that is
// malformed, from a bot or a flooding address, for an unknown video or from
// a player whose analytics is "none" is dropped and counted, never
// reported back, and a good one is queued, not published inline.
func (h *Handler) collect(w http.ResponseWriter, r *http.Request) {
	w.WriteHeader(http.StatusNoContent)
	if event, ok := h.viewEvent(r); ok {
		h.views.Submit(event)
	}
}

// viewEvent reads, checks and enriches the beacon of r.
func (h *Handler) viewEvent(r *http.Request) (*eventsv1.ViewEvent, bool) {
	drops := &h.drops
	if h.views == nil {
		drops.NoSink.Add(1)
		return nil, false
	}
	if !h.beaconLimiter.allow(r) {
		drops.Flood.Add(1)
		return nil, false
	}
	body, err := io.ReadAll(io.LimitReader(r.Body, beacons.MaxBody+1))
	if err != nil || len(body) > beacons.MaxBody {
		drops.Malformed.Add(1)
		return nil, false
	}
	beacon, err := beacons.Parse(body)
	if err != nil {
		drops.Malformed.Add(1)
		return nil, false
	}
	userAgent := r.UserAgent()
	if beacons.IsBot(userAgent) {
		drops.Bot.Add(1)
		return nil, false
	}
	video, err := h.videos.get(r.Context(), beacon.VideoID)
	if err != nil {
		drops.UnknownVideo.Add(1)
		return nil, false
	}
	player, err := h.players.get(r.Context(), video.GetAccountId(), beacon.PlayerID)
	if err != nil || player.Analytics == analyticsNone {
		drops.AnalyticsOff.Add(1)
		return nil, false
	}
	device, browser := beacons.Device(userAgent)
	return &eventsv1.ViewEvent{
		Meta: &eventsv1.EventMeta{Id: ids.New(), AccountId: video.GetAccountId(), OccurredTime: timefmt.Format(h.now().UTC())},
		Type: beacon.Event, VideoId: video.GetVideoId(), PlayerId: player.ID, ViewerId: beacon.ViewerID,
		Domain: beacons.Domain(beacon.Referrer),
		// The address is looked up and forgotten: it is in no event.
		Country: h.countries.Of(h.clientIP(r)),
		Device:  device, Browser: browser, Position: beacon.Position,
	}, true
}

// BeaconDrops returns the counters of dropped beacons.
func (h *Handler) BeaconDrops() *BeaconDrops { return &h.drops }
