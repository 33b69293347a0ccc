package events

import (
	"hash/maphash"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/vidhost/vidhost/services/analytics/internal/views"
)

// laneSeed makes lane choices stable for the life of the process, which is
// all they need: a restarted process starts with nothing in flight.
var laneSeed = maphash.MakeSeed()

// split divides b into n parts by viewer: every event of one account ×
// video × viewer goes to the same part, so concurrent transactions never
// apply the replay rule to the same viewer at once (two of them could
// otherwise both count a first view). Events without a viewer always count
// and go by their id. The order within each part is b's.
func split(b batch, n int) []batch {
	if n == 1 {
		return []batch{b}
	}
	parts := make([]batch, n)
	for i := range parts {
		capacity := len(b.events)/n + len(b.events)/(4*n) + 16 // a fair share and room for unevenness
		parts[i] = batch{events: make([]views.Event, 0, capacity), msgs: make([]jetstream.Msg, 0, capacity)}
	}
	for i, e := range b.events {
		lane := laneOf(e, n)
		parts[lane].events = append(parts[lane].events, e)
		parts[lane].msgs = append(parts[lane].msgs, b.msgs[i])
	}
	return parts
}

func laneOf(e views.Event, n int) int {
	var h maphash.Hash
	h.SetSeed(laneSeed)
	if e.ViewerID == "" {
		h.WriteString(e.ID)
	} else {
		h.WriteString(e.AccountID)
		h.WriteByte(0)
		h.WriteString(e.VideoID)
		h.WriteByte(0)
		h.WriteString(e.ViewerID)
	}
	return int(h.Sum64() % uint64(n)) //nolint:gosec // G115: n is a positive lane count, and the result is below it
}
