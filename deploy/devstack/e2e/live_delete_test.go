package e2e

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// An event deleted while live leaves nothing in storage: the live service
// cuts its publisher at its next key check (the key went with the event),
// uploads the last segments and the recording, and reports live.ended; the
// catalog, finding no event, deletes what that run wrote after the
// video.deleted clean-up had already run. About 15 s.
func TestDeletingALiveEventLeavesNothing(t *testing.T) {
	if testing.Short() {
		t.Skip("pushes a stream over RTMP")
	}
	t.Parallel() // on a suite of its own (suites_test.go)
	withSuite(t, newSuite(t, 0), "local", func() {
		var event liveEvent
		mustOK(t, call(t, "POST", "/v2/videos", ownerOf(t), map[string]any{"name": "Deleted live", "type": "event"})).decode(t, &event)
		publisher := push(t, event.Input, 60)
		waitStatus(t, event.ID, "live", time.Minute)
		require.Eventually(t, func() bool { return len(storedKeys(t, mediaPrefix(t, event.ID))) > 0 },
			20*time.Second, 100*time.Millisecond, "the live run uploads its segments")

		mustOK(t, call(t, "DELETE", "/v2/videos/"+event.ID, ownerOf(t), nil))
		assert.Error(t, publisher.wait(t), "the publisher of a deleted event is cut")

		recordings := "uploads/" + suiteOf(t).Credentials.AccountID + "/" + event.ID + "/"
		var left []string
		assert.Eventually(t, func() bool {
			left = append(storedKeys(t, mediaPrefix(t, event.ID)), storedKeys(t, recordings)...)
			return len(left) == 0
		}, 30*time.Second, 200*time.Millisecond, "the event's segments and recording are deleted")
		require.Empty(t, left, "left in storage")
		assert.Empty(t, liveFFmpegs(t), "no live ffmpeg is left behind")
	})
}
