package views_test

import (
	"fmt"
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

// A view ticket counts one play per window whatever viewer ids come with
// it, and a viewer's second ticket (a reload) is still the same view.
func TestCountViewsCountsATicketOnce(t *testing.T) {
	t0 := time.Date(2026, 11, 20, 12, 0, 0, 0, time.UTC)
	play := func(id, ticket, viewer string, after time.Duration) views.Event {
		return views.Event{ID: id, AccountID: "a", VideoID: "v", TicketID: ticket, ViewerID: viewer, Type: views.TypePlay, Time: t0.Add(after)}
	}
	plays := []views.Event{play("first", "t1", "", 0)}
	for i := range 50 {
		plays = append(plays, play(fmt.Sprintf("forged-%02d", i), "t1", fmt.Sprintf("viewer-%02d", i), time.Duration(i)*time.Second))
	}
	plays = append(plays,
		play("reload", "t2", "viewer-00", time.Minute),       // a new page; forged-00 opened no window for viewer-00
		play("other-page", "t3", "person", 2*time.Minute),    // a page of its own
		play("person-reload", "t4", "person", 3*time.Minute), // same viewer, new page: the same view
		play("t1-next-window", "t1", "", 31*time.Minute),     // a window later, the ticket counts again
		play("stored-ticket", "t5", "", 0),                   // t5 counted before this batch
	)
	last := map[views.ViewerKey]time.Time{views.WindowKeys(play("", "t5", "", 0))[0]: t0.Add(-time.Minute)}
	counted, moved := views.CountViews(plays, last)
	assert.Equal(t, map[string]bool{"first": true, "reload": true, "other-page": true, "t1-next-window": true}, counted)
	assert.Len(t, moved, 5, "t1, t2, viewer-00, t3, person")
}
