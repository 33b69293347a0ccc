package events

import (
	"hash/maphash"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/vidhost/vidhost/services/analytics/internal/views"
)

// laneSeed makes lane choices stable for the life of the process, which is
// all they need: a restarted process starts with nothing in flight.
var laneSeed = maphash.MakeSeed()

// split divides b into n parts by view ticket: every event of one account ×
// video × ticket goes to the same part, so concurrent transactions never
// apply the replay rule to the same ticket at once (two of them could
// otherwise both count its first play, however many viewer ids a forger
// sends it with). Events without a ticket (edges from before tickets) go by
// viewer, and without either by their id: they always count. The order
// within each part is b's.
//
// One viewer's plays under two tickets (a reload) may land in two parts:
// their shared viewer window is then locked by one transaction and read
// by the other once it commits (the store claims a window's row before
// reading it, so this holds for a viewer's very first plays too), and the
// replay rule still holds.
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
	switch {
	case e.TicketID != "":
		writeWindow(&h, e.AccountID, e.VideoID, "ticket:"+e.TicketID)
	case e.ViewerID != "":
		writeWindow(&h, e.AccountID, e.VideoID, e.ViewerID)
	default:
		h.WriteString(e.ID)
	}
	return int(h.Sum64() % uint64(n)) //nolint:gosec // G115: n is a positive lane count, and the result is below it
}

func writeWindow(h *maphash.Hash, accountID, videoID, windowID string) {
	h.WriteString(accountID)
	h.WriteByte(0)
	h.WriteString(videoID)
	h.WriteByte(0)
	h.WriteString(windowID)
}
