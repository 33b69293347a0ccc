package playback

import (
	"errors"

	"github.com/vidhost/vidhost/gateway/internal/beacons"
	"github.com/vidhost/vidhost/pkg/metrics"
	eventsv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/events/v1"
)

// checkExperience clamps beacon's experience figures and applies the per
// ticket limits; a beacon it drops is counted and answered 204, as a
// flood is: the sender learns nothing. Clamping is per beacon, so a forged
// beacon moves only its own ticket's video, of the ticket's account.
func (h *Handler) checkExperience(beacon *beacons.Beacon, ticketID string) error {
	adjusted, err := beacon.Clamp(beacon.Event)
	if errors.Is(err, beacons.ErrUnknownErrorClass) {
		h.drops.UnknownErrorClass.Add(1)
		metrics.BeaconAdjustments.WithLabelValues("unknown_error_class").Inc()
		return errBeaconDropped
	}
	for _, a := range adjusted {
		metrics.BeaconAdjustments.WithLabelValues(string(a)).Inc()
	}
	if h.ticketLimiter.allow(ticketID, beacon.Event, beacon.Experience, h.now()) {
		return nil
	}
	if beacon.Event == beacons.TypeHeartbeat {
		h.drops.HeartbeatFlood.Add(1)
		metrics.BeaconAdjustments.WithLabelValues("heartbeat_flood").Inc()
	} else {
		h.drops.ErrorRepeat.Add(1)
		metrics.BeaconAdjustments.WithLabelValues("error_repeat").Inc()
	}
	return errBeaconDropped
}

// setExperience copies the clamped figures into event (whole milliseconds).
func setExperience(event *eventsv1.ViewEvent, exp beacons.Experience) {
	if exp.StartupMS != nil {
		startup := int32(*exp.StartupMS) //nolint:gosec // G115: clamped to MaxStartupMS
		event.StartupMs = &startup
	}
	event.WatchedMs, event.StallCount, event.StallMs = ms(exp.WatchedMS), ms(exp.Stalls), ms(exp.StallMS)
	event.SeekWaitMs, event.Switches = ms(exp.SeekWaitMS), ms(exp.Switches)
	for _, r := range exp.Renditions {
		event.Renditions = append(event.Renditions, &eventsv1.RenditionTime{
			Height: ms(r.Height), WatchedMs: ms(r.WatchedMS), StallCount: ms(r.Stalls), StallMs: ms(r.StallMS)})
	}
	event.ErrorClass, event.Fatal, event.BeforePlay = exp.ErrorClass, exp.Fatal, exp.BeforePlay
}

// ms is a clamped figure as an int32 (every bound is far below 2^31).
func ms(v float64) int32 { return int32(v) } //nolint:gosec // G115: clamped by beacons.Experience.Clamp
