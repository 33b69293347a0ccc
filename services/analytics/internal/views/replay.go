package views

import (
	"slices"
	"time"
)

// ReplayWindow is the replay rule's window: a viewer's play of a video
// within this time of their last counted view of it is the same view.
const ReplayWindow = 30 * time.Minute

// ViewerKey names one replay window: one viewer's plays of one video, or
// one view ticket's (ViewerID is then ticketWindow + the ticket id).
type ViewerKey struct{ AccountID, VideoID, ViewerID string }

// ticketWindow starts the ViewerID of a ticket's window. A viewer id never
// contains ':' (the edge keeps [A-Za-z0-9_-] only), so the two kinds of
// window never share a key.
const ticketWindow = "ticket:"

// WindowKeys are the replay windows play falls in: its view ticket's and
// its viewer's, each when it has one.
func WindowKeys(play Event) []ViewerKey {
	keys := make([]ViewerKey, 0, 2)
	if play.TicketID != "" {
		keys = append(keys, ViewerKey{play.AccountID, play.VideoID, ticketWindow + play.TicketID})
	}
	if play.ViewerID != "" {
		keys = append(keys, ViewerKey{play.AccountID, play.VideoID, play.ViewerID})
	}
	return keys
}

// CountViews applies the replay rule to plays (events of type play, any
// order) given each window's last counted view start (last; absent: none).
// A play counts when none of its windows (WindowKeys: its view ticket's
// and its viewer's) has a counted view less than ReplayWindow away: a
// replayed ticket adds nothing whatever viewer id it claims, and a viewer
// reloading the page (a new ticket) is still the same view. A play with
// neither counts (edges from before view tickets, without a viewer id).
// It returns the ids of the plays that count and the new counted starts of
// the windows that moved.
func CountViews(plays []Event, last map[ViewerKey]time.Time) (counted map[string]bool, moved map[ViewerKey]time.Time) {
	// Sort positions, not the events: moving whole events cost more than
	// the rest of the rule together.
	order := make([]int32, len(plays))
	for i := range order {
		order[i] = int32(i) //nolint:gosec // G115: a batch is far below 2^31 events
	}
	slices.SortStableFunc(order, func(a, b int32) int { return plays[a].Time.Compare(plays[b].Time) })
	counted = make(map[string]bool, len(plays))
	moved = make(map[ViewerKey]time.Time, len(plays))
	for _, at := range order {
		play := &plays[at]
		keys := WindowKeys(*play)
		if anyWindowOpen(play.Time, keys, moved, last) {
			continue
		}
		counted[play.ID] = true
		for _, key := range keys {
			moved[key] = play.Time
		}
	}
	return counted, moved
}

// anyWindowOpen reports whether one of keys has a counted view less than
// ReplayWindow from at, in this batch (moved) or before it (last).
func anyWindowOpen(at time.Time, keys []ViewerKey, moved, last map[ViewerKey]time.Time) bool {
	for _, key := range keys {
		start, seen := moved[key]
		if !seen {
			start, seen = last[key]
		}
		if seen && absDuration(at.Sub(start)) < ReplayWindow {
			return true
		}
	}
	return false
}

func absDuration(d time.Duration) time.Duration {
	if d < 0 {
		return -d
	}
	return d
}
