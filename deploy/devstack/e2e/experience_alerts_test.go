package e2e

import (
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"github.com/vidhost/vidhost/pkg/viewticket"
)

// TestABadHourReachesTheAccountsWebhook: beacons whose every start fails,
// for one video, become a video.experience_degraded delivery to a webhook
// hook of the video's account, signed as every delivery; a video whose
// plays went well, and another account's hook, get none. The suite judges
// the hour under way every second (VIDHOST_ANALYTICS_ALERT_OPEN_HOUR and
// _INTERVAL, set in TestMain), so the alert comes in seconds, marked
// partial. About 5 s (up to a minute more when started in an hour's last
// minute, which it waits out: its beacons must share one hour).
func TestABadHourReachesTheAccountsWebhook(t *testing.T) {
	if untilNextHour := time.Until(time.Now().Truncate(time.Hour).Add(time.Hour)); untilNextHour < time.Minute {
		time.Sleep(untilNextHour + 2*time.Second)
	}
	owner, other := createTenant(t, "Experience alerts", "enterprise"), createTenant(t, "Experience bystander", "enterprise")
	receiver, bystander := newHookReceiver(t), newHookReceiver(t)
	receiver.alertHook(t, owner.key)
	bystander.alertHook(t, other.key)

	var failing, fine struct {
		ID string `json:"id"`
	}
	mustOK(t, call(t, "POST", "/v2/videos", owner.key, videoBody(map[string]any{"name": "Broken stream"}))).decode(t, &failing)
	mustOK(t, call(t, "POST", "/v2/videos", owner.key, videoBody(map[string]any{"name": "Smooth stream"}))).decode(t, &fine)
	tickets := viewTickets(t, time.Now)
	beacon := func(videoID, event string, i int) map[string]any {
		// A page load each: a ticket of its own (one fatal error per
		// ticket counts) and a viewer of its own (each play a view).
		return map[string]any{"event": event, "video_id": videoID, "position": 0,
			"viewer_id": fmt.Sprintf("0f8fad5b-d9cb-469f-a165-%012d", i),
			"ticket":    tickets.Issue(viewticket.Ticket{AccountID: owner.id, VideoID: videoID}, time.Time{})}
	}
	for i := range 12 {
		failed := beacon(failing.ID, "error", i)
		failed["error_class"], failed["fatal"], failed["before_play"] = "manifest", true, true
		sendBeacon(t, failed)
		played := beacon(fine.ID, "play", 100+i)
		played["startup_ms"] = 600
		sendBeacon(t, played)
	}

	var alert map[string]any
	select {
	case alert = <-receiver.got:
	case <-time.After(time.Minute):
		t.Fatal("no video.experience_degraded delivery arrived")
	}
	assert.Equal(t, "video.experience_degraded", alert["type"])
	assert.NotEmpty(t, alert["webhook-id"])
	data := alert["data"].(map[string]any)
	assert.Equal(t, failing.ID, data["video_id"], "the broken video: %v", data)
	assert.Equal(t, 12.0, data["plays"], "twelve failed starts")
	assert.Equal(t, 1.0, data["error_rate"])
	assert.Equal(t, []any{"error_rate"}, data["conditions"])
	assert.Equal(t, true, data["partial"], "judged while the hour is under way")
	assert.NotContains(t, data, "startup_time_p95", "no start was measured")
	hour := time.Now().UTC().Truncate(time.Hour)
	assert.Equal(t, hour.Format("2006-01-02T15:04:05.000Z"), data["window_start"])

	// A few more judgements of the hour: nothing for the smooth video, no
	// second alert, nothing to the other account.
	select {
	case more := <-receiver.got:
		t.Fatalf("a second delivery arrived: %v", more)
	case leaked := <-bystander.got:
		t.Fatalf("another account's hook fired: %v", leaked)
	case <-time.After(4 * time.Second):
	}
}

// alertHook creates a webhook service of the account key to r and a
// video.experience_degraded hook on it, without filters.
func (r *hookReceiver) alertHook(t *testing.T, key string) {
	t.Helper()
	var service struct {
		ID     string `json:"id"`
		Secret string `json:"secret"`
	}
	mustOK(t, call(t, "POST", "/v2/services", key, map[string]any{"name": "Alerts", "type": "webhook", "url": r.URL})).decode(t, &service)
	r.secret = service.Secret
	mustOK(t, call(t, "POST", "/v2/hooks", key, map[string]any{"name": "Bad hours", "event": "video.experience_degraded",
		"service": service.ID, "action": "videos.insert"}))
}
