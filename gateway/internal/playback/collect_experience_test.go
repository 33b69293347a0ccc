package playback_test

import (
	"net/http"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/gateway/internal/playback"
	"github.com/vidhost/vidhost/gateway/internal/playback/playbacktest"
	"github.com/vidhost/vidhost/pkg/viewticket"
)

// experienceBeacon is a beacon of event with extra JSON fields (",…").
func experienceBeacon(event, videoID, ticket, fields string) string {
	return `{"event":"` + event + `","video_id":"` + videoID + `","viewer_id":"0f8fad5b-d9cb-469f-a165-70867728950e","ticket":"` +
		ticket + `"` + fields + `}`
}

// The experience figures reach the event clamped; a ticket's heartbeat
// flood, its second fatal error and unknown error classes are dropped and
// counted, answered 204 like good beacons (docs/analytics.md, "Bad input").
func TestCollectClampsExperience(t *testing.T) {
	views := &viewRecorder{}
	var elapsed atomic.Int64 // the handler reads the clock on its own goroutines
	start := time.Date(2026, 11, 20, 12, 0, 0, 0, time.UTC)
	e := playbacktest.StartEdge(t, func(o *playback.Options) {
		o.Views, o.BeaconsPerMinute = views, 1000
		o.Now = func() time.Time { return start.Add(time.Duration(elapsed.Load())) }
	})
	v := newVideo(t, e, "public")
	ticket := e.Tickets.Issue(viewticket.Ticket{AccountID: accountA, VideoID: v.GetVideoId()}, time.Time{})
	post := func(event, fields string) {
		t.Helper()
		status, body := postBeacon(t, e, experienceBeacon(event, v.GetVideoId(), ticket, fields), browserUA)
		require.Equal(t, http.StatusNoContent, status, body)
	}

	post("play", `,"startup_ms":850.4`)
	post("play", `,"startup_ms":-5`)
	post("heartbeat", `,"watched_ms":9000,"stalls":2,"stall_ms":99000,"renditions":[{"height":720,"watched_ms":9000,"stalls":2,"stall_ms":1500},{"height":-1}]`)
	for range 10 { // a flood from one page: the burst passes, the rest is dropped
		post("heartbeat", `,"watched_ms":10000`)
	}
	post("error", `,"error_class":"manifest","fatal":true,"before_play":true`)
	post("error", `,"error_class":"manifest","fatal":true,"before_play":true`)
	post("error", `,"error_class":"gremlins","fatal":true`)

	events := views.all()
	require.Len(t, events, 2+3+1)
	assert.EqualValues(t, 850, events[0].GetStartupMs())
	assert.Nil(t, events[1].StartupMs, "a negative start is dropped; the play stays")
	beat := events[2]
	assert.Equal(t, "heartbeat", beat.GetType())
	assert.EqualValues(t, 9000, beat.GetWatchedMs())
	assert.EqualValues(t, 9000, beat.GetStallMs(), "no more stall than watch")
	require.Len(t, beat.GetRenditions(), 1)
	assert.EqualValues(t, 720, beat.GetRenditions()[0].GetHeight())
	failed := events[5]
	assert.Equal(t, "manifest", failed.GetErrorClass())
	assert.True(t, failed.GetFatal() && failed.GetBeforePlay())
	drops := e.Handler.BeaconDrops()
	assert.EqualValues(t, 8, drops.HeartbeatFlood.Load())
	assert.EqualValues(t, 1, drops.ErrorRepeat.Load())
	assert.EqualValues(t, 1, drops.UnknownErrorClass.Load())

	elapsed.Add(int64(time.Minute)) // the page's heartbeats go on at their pace
	post("heartbeat", `,"watched_ms":10000`)
	assert.Len(t, views.all(), 7)
}
