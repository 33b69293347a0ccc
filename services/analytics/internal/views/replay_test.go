package views_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"github.com/vidhost/vidhost/services/analytics/internal/views"
)

func TestCountViewsAppliesTheReplayWindow(t *testing.T) {
	t0 := time.Date(2026, 11, 20, 12, 0, 0, 0, time.UTC)
	play := func(id, viewer string, after time.Duration) views.Event {
		return views.Event{ID: id, AccountID: "a", VideoID: "v", ViewerID: viewer, Type: views.TypePlay, Time: t0.Add(after)}
	}
	key := views.ViewerKey{AccountID: "a", VideoID: "v", ViewerID: "known"}
	counted, moved := views.CountViews([]views.Event{
		play("late", "x", 40*time.Minute), // out of order: sorted first
		play("first", "x", 0),
		play("replay", "x", 10*time.Minute),
		play("anonymous-1", "", 0), play("anonymous-2", "", time.Second),
		play("within-stored", "known", 5*time.Minute),
		play("after-stored", "known", 45*time.Minute),
	}, map[views.ViewerKey]time.Time{key: t0.Add(-10 * time.Minute)})
	assert.Equal(t, map[string]bool{"first": true, "late": true, "anonymous-1": true, "anonymous-2": true, "after-stored": true}, counted)
	assert.Equal(t, t0.Add(45*time.Minute), moved[key])
	assert.Equal(t, t0.Add(40*time.Minute), moved[views.ViewerKey{AccountID: "a", VideoID: "v", ViewerID: "x"}])
}
