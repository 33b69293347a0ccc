package browsertest

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/vidhost/vidhost/gateway/web"
)

// A page whose every source fails, as from a broken origin, is one failed
// start: Video.js tries HLS, then DASH, then the MP4 (each answers 404
// here), so the first two failures are errors playback went on from and
// only the last is fatal, before the first frame. Each is a manifest error,
// the first too: Video.js clears an error as it moves to the next source,
// before the player's own "error" listener ran for the first source.
func TestEverySourceFailingIsOneFailedStart(t *testing.T) {
	ctx := NewTab(t)
	site := newSite(t, embedPage(t, func(page *web.PlayerPage) {
		page.Config.Player.Autoplay = true
		page.Config.Video.Sources = web.Sources{HLS: "/media/missing.m3u8", DASH: "/media/missing.mpd", MP4: "/media/missing.mp4"}
	}))
	Open(t, ctx, site.url("/embed/v1"))
	Poll[bool](t, ctx, `document.querySelector('.video-js').classList.contains('vjs-error')`) // the viewer sees the failure

	recovered := viewEvent{Event: "error", VideoID: "v1", PlayerID: "p1", Ticket: "ticket-of-this-page", ErrorClass: "manifest"}
	failed := recovered
	failed.Fatal, failed.BeforePlay = true, true
	want := []viewEvent{recovered, recovered, failed}
	var errors []viewEvent
	assert.Eventually(t, func() bool {
		errors = slices.DeleteFunc(site.recordedViews(), func(e viewEvent) bool { return e.Event != "error" })
		return len(errors) >= len(want)
	}, WaitTimeout, PollInterval, "three error beacons reach collect_url")
	assert.ElementsMatch(t, want, errors, "the beacons may arrive in any order")
}
