package store

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"github.com/vidhost/vidhost/services/analytics/internal/views"
)

func TestIncrementsSumPerCellAndMergeCollidingWindows(t *testing.T) {
	t.Parallel()
	day := time.Date(2026, 11, 20, 10, 0, 0, 0, time.UTC)
	play := func(id, video, domain string, at time.Time) views.Event {
		return views.Event{ID: id, AccountID: "a", Time: at, Type: views.TypePlay, VideoID: video, ViewerID: id,
			Domain: domain, Country: "US"}
	}
	events := []views.Event{
		play("e1", "v1", "x.example", day),
		play("e2", "v1", "x.example", day.Add(time.Hour)), // same cell, same day
		play("e3", "v1", "y.example", day),
		play("e4", "v2", "x.example", day), // not counted
	}
	one, two := views.ViewerKey{AccountID: "a", VideoID: "v1", ViewerID: "e1"}, views.ViewerKey{AccountID: "a", VideoID: "v1", ViewerID: "e2"}
	verdict := replay{
		counted: map[string]bool{"e1": true, "e2": true, "e3": true},
		moved:   map[views.ViewerKey]time.Time{one: day, two: day.Add(time.Hour)},
		keys:    map[views.ViewerKey]int64{one: 42, two: 42}, // a collision
	}
	inc := incrementsOf(events, verdict)
	assert.Equal(t, []string{"x.example", "y.example"}, inc.domains)
	assert.Equal(t, []int32{2, 1}, inc.views)
	assert.Equal(t, []int64{42}, inc.windowKeys)
	assert.Equal(t, []time.Time{day.Add(time.Hour)}, inc.windowStarts)
}
