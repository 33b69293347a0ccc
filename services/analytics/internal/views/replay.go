package views

import (
	"slices"
	"time"
)

// ReplayWindow is the replay rule's window: a viewer's play of a video
// within this time of their last counted view of it is the same view.
const ReplayWindow = 30 * time.Minute

// ViewerKey names one viewer's plays of one video.
type ViewerKey struct{ AccountID, VideoID, ViewerID string }

// CountViews applies the replay rule to plays (events of type play, any
// order) given each viewer's last counted view start (last; absent: none).
// A play counts when its viewer is unknown, or when it is at least
// ReplayWindow away from that viewer's last counted view of the video. It
// returns the ids of the plays that count and the new counted starts of the
// viewers whose view moved.
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
		if play.ViewerID == "" {
			counted[play.ID] = true
			continue
		}
		key := ViewerKey{play.AccountID, play.VideoID, play.ViewerID}
		start, seen := moved[key]
		if !seen {
			start, seen = last[key]
		}
		if seen && absDuration(play.Time.Sub(start)) < ReplayWindow {
			continue
		}
		counted[play.ID] = true
		moved[key] = play.Time
	}
	return counted, moved
}

func absDuration(d time.Duration) time.Duration {
	if d < 0 {
		return -d
	}
	return d
}
