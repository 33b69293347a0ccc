package browsertest

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/vidhost/vidhost/gateway/web"
)

// controlClass is the class each control name of the Player resource
// (services/catalog/internal/catalog/controls.go) puts first on its element.
var controlClass = map[string]string{
	"play":         "vjs-play-control",
	"progress":     "vjs-progress-control",
	"current-time": "vjs-current-time",
	"duration":     "vjs-duration",
	"mute":         "vjs-mute-control",
	"volume":       "vjs-volume-control",
	"captions":     "vjs-subs-caps-button",
	"settings":     "vh-settings",
	"pip":          "vjs-picture-in-picture-control",
	"airplay":      "vh-airplay-control",
	"chapters":     "vjs-chapters-button",
	"fullscreen":   "vjs-fullscreen-control",
}

// barOrder is the catalog's KnownControls order, the bar's fixed layout.
var barOrder = []string{
	"play", "progress", "current-time", "duration", "mute", "volume",
	"captions", "settings", "pip", "airplay", "chapters", "fullscreen",
}

// airPlayShim makes Chromium look like Safari to the AirPlay control: the
// WebKit playback-target API, whose picker records that it was asked for.
const airPlayShim = `
window.WebKitPlaybackTargetAvailabilityEvent = class extends Event {};
HTMLMediaElement.prototype.webkitShowPlaybackTargetPicker = function () { window.airPlayPicker = true; };
`

// playingSeen records, before the page's scripts run, that the video has
// fired "playing". Video.js decides whether some controls show on media
// events (picture-in-picture on loadedmetadata), in the event's own task;
// the test's page reads come through DevTools, whose tasks the browser may
// run ahead of queued media events, so a playhead already moving is no sign
// that those decisions were made. A document capture listener runs in the
// same dispatch as the player's own, and playing comes after
// loadedmetadata: once it is seen, every such decision is in the page.
const playingSeen = `document.addEventListener('playing', () => { window.playingSeen = true }, true);`

// readShownControls lists the control bar's controls a viewer sees, by
// their first class, once playback is under way (see playingSeen) and the
// bar itself is displayed.
const readShownControls = `(() => {
  const bar = document.querySelector('.vjs-control-bar');
  if (!window.playingSeen || getComputedStyle(bar).display === 'none') return null;
  return [...bar.children].filter((c) => c.matches('.vjs-control') && getComputedStyle(c).display !== 'none').map((c) => c.classList[0]);
})()`

func classesOf(names ...string) []string {
	var classes []string
	for _, name := range barOrder {
		if slices.Contains(names, name) {
			classes = append(classes, controlClass[name])
		}
	}
	return classes
}

// controlsPage is a playing video with captions and chapters, so that every
// control has something to show (Video.js shows the bar once playback has
// started).
func controlsPage(t *testing.T, controls []string, adjust func(*web.PlayerPage)) web.PlayerPage {
	return embedPage(t, func(page *web.PlayerPage) {
		page.Config.Player.Autoplay = true
		page.Config.Player.Controls = controls
		page.Config.Video.Tracks = []web.Track{{Kind: "captions", Label: "English", Language: "en", URL: "/media/captions.en.vtt"}}
		page.Config.Video.Chapters = []web.Chapter{{Name: "Intro", Start: 0}, {Name: "End", Start: 5}}
		if adjust != nil {
			adjust(page)
		}
	})
}

type controlsCase struct {
	name     string
	controls []string
	adjust   func(*web.PlayerPage)
	scripts  []string
	want     []string
}

func TestControlBarShowsExactlyTheListedControls(t *testing.T) {
	// Chromium has no AirPlay, so the default set shows every other control.
	everywhereButSafari := slices.DeleteFunc(slices.Clone(barOrder), func(name string) bool { return name == "airplay" })
	reversed := slices.Clone(barOrder)
	slices.Reverse(reversed)
	noChapters := func(page *web.PlayerPage) { page.Config.Video.Chapters = nil }
	tests := []controlsCase{
		{name: "default set", controls: nil, want: classesOf(everywhereButSafari...)},
		{name: "all listed in another order", controls: reversed, want: classesOf(everywhereButSafari...)},
		{name: "airplay where the browser has it", controls: []string{"airplay"}, scripts: []string{airPlayShim}, want: classesOf("airplay")},
		{name: "airplay elsewhere is hidden", controls: []string{"airplay", "play"}, want: classesOf("play")},
		{name: "chapters on a video without chapters is hidden", controls: []string{"chapters", "play"}, adjust: noChapters, want: classesOf("play")},
		{name: "left and right controls", controls: []string{"fullscreen", "current-time", "mute", "play"}, want: classesOf("play", "current-time", "mute", "fullscreen")},
	}
	// One case per name: listed alone, it is the only control shown.
	for _, name := range barOrder {
		if name != "airplay" { // covered above, with and without the browser's support
			tests = append(tests, controlsCase{name: name + " alone", controls: []string{name}, want: classesOf(name)})
		}
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel() // a tab and a site of its own: the page loads overlap
			ctx := NewTab(t)
			site := newSite(t, controlsPage(t, tt.controls, tt.adjust))
			Open(t, ctx, site.url("/embed/v1"), append([]string{playingSeen}, tt.scripts...)...)

			assert.Equal(t, tt.want, Poll[[]string](t, ctx, readShownControls))
		})
	}
}

func TestNoneHidesTheControlBar(t *testing.T) {
	ctx := NewTab(t)
	site := newSite(t, controlsPage(t, []string{"none"}, nil))
	Open(t, ctx, site.url("/embed/v1"))
	Poll[bool](t, ctx, `document.querySelector('video').currentTime > 0.2`)

	assert.Equal(t, "none", Eval[string](t, ctx, `getComputedStyle(document.querySelector('.vjs-control-bar')).display`))
	assert.Equal(t, "none", Eval[string](t, ctx, `getComputedStyle(document.querySelector('.vjs-big-play-button')).display`))
}

func TestAirPlayButtonOpensThePicker(t *testing.T) {
	ctx := NewTab(t)
	site := newSite(t, controlsPage(t, []string{"airplay"}, nil))
	Open(t, ctx, site.url("/embed/v1"), airPlayShim)

	Poll[bool](t, ctx, `(() => { const button = document.querySelector('.vh-airplay-control'); button.click(); return window.airPlayPicker === true })()`)
}
