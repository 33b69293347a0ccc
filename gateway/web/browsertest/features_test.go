package browsertest

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/vidhost/vidhost/gateway/web"
)

// pageState is what TestPlayerSettingsAndOverlays reads from the page in one go.
type pageState struct {
	Accent         string   `json:"accent"`
	Title          string   `json:"title"`
	Duration       string   `json:"duration"`
	HotspotLeft    string   `json:"hotspotLeft"`
	HotspotTop     string   `json:"hotspotTop"`
	HotspotTarget  string   `json:"hotspotTarget"`
	HotspotHref    string   `json:"hotspotHref"`
	InvisibleShown bool     `json:"invisibleShown"`
	InvisibleClass bool     `json:"invisibleClass"`
	Captions       string   `json:"captions"`
	ChapterItems   []string `json:"chapterItems"`
	ChapterMarkers int      `json:"chapterMarkers"`
	Controls       []string `json:"controls"`
}

const readPageState = `(() => {
  const root = document.querySelector('.video-js');
  const spot = document.querySelector('.vh-hotspot[aria-label="Shop"]');
  const hidden = document.querySelector('.vh-hotspot[aria-label="Secret"]');
  return {
    accent: getComputedStyle(root).getPropertyValue('--vh-accent').trim(),
    title: document.querySelector('.vh-title-name')?.textContent || '',
    duration: document.querySelector('.vh-title-duration')?.textContent || '',
    hotspotLeft: spot.style.left, hotspotTop: spot.style.top,
    hotspotTarget: spot.target, hotspotHref: spot.getAttribute('href'),
    invisibleShown: !hidden.hidden, invisibleClass: hidden.classList.contains('vh-hotspot-invisible'),
    captions: document.querySelector('.vjs-text-track-display').textContent.trim(),
    chapterItems: [...document.querySelectorAll('.vjs-chapters-button .vjs-menu-item')].map((item) => item.querySelector('.vjs-menu-item-text').textContent.trim()),
    chapterMarkers: document.querySelectorAll('.vh-chapter-marker').length,
    controls: [...document.querySelectorAll('.vjs-control-bar > .vjs-control:not(.vjs-hidden)')].map((c) => c.classList[0]),
  };
})()`

func TestPlayerSettingsAndOverlays(t *testing.T) {
	ctx := NewTab(t)
	site := newSite(t, embedPage(t, func(page *web.PlayerPage) {
		player := &page.Config.Player
		player.Colour, player.ShowName, player.ShowDuration, player.Track = "#ff8800", true, true, "en"
		player.Controls = []string{"fullscreen", "play", "chapters", "progress", "captions", "unknown"}
		video := &page.Config.Video
		video.Tracks = []web.Track{
			{Kind: "captions", Label: "English", Language: "en", URL: "/media/captions.en.vtt"},
			{Kind: "subtitles", Label: "Deutsch", Language: "de", URL: "/media/captions.en.vtt"},
		}
		video.Chapters = []web.Chapter{{Name: "Intro", Start: 0}, {Name: "Middle", Start: 4}, {Name: "End", Start: 8}}
		video.Hotspots = []web.Hotspot{
			{Name: "Shop", At: 0, Until: 10, X: 25, Y: 75, Link: "https://example.com/shop", Opacity: 0.5, Target: "_parent"},
			{Name: "Secret", At: 0, Until: 10, X: 50, Y: 50, Link: "https://example.com/secret", Opacity: 0},
		}
	}))
	Open(t, ctx, site.url("/embed/v1"))
	// Captions and chapters load asynchronously: wait for both to show.
	Poll[bool](t, ctx, `document.querySelector('.vjs-text-track-display').textContent.includes('Hello') &&
	  !document.querySelector('.vjs-chapters-button').classList.contains('vjs-hidden')`)

	state := Eval[pageState](t, ctx, readPageState)
	assert.Equal(t, "#ff8800", state.Accent)
	assert.Equal(t, "Test pattern", state.Title)
	assert.Equal(t, "0:10", state.Duration)
	assert.Equal(t, "25%", state.HotspotLeft)
	assert.Equal(t, "75%", state.HotspotTop)
	assert.Equal(t, "_parent", state.HotspotTarget)
	assert.Equal(t, "https://example.com/shop", state.HotspotHref)
	assert.True(t, state.InvisibleShown, "an invisible hotspot is still there to click")
	assert.True(t, state.InvisibleClass)
	assert.Equal(t, "Hello from the test", state.Captions, "the Player's track is shown on load")
	assert.Equal(t, []string{"Intro", "Middle", "End"}, state.ChapterItems)
	assert.Equal(t, 2, state.ChapterMarkers, "a tick where each later chapter starts")
	assert.Equal(t, []string{"vjs-play-control", "vjs-progress-control", "vjs-subs-caps-button", "vjs-chapters-button", "vjs-fullscreen-control"},
		state.Controls, "only the listed controls, in the bar's order")
}

func TestSeekBarShowsSpritePreview(t *testing.T) {
	ctx := NewTab(t)
	site := newSite(t, embedPage(t, func(page *web.PlayerPage) { page.Config.Player.Autoplay = true }))
	Open(t, ctx, site.url("/embed/v1"))
	Poll[bool](t, ctx, `document.querySelector('video').currentTime > 0.2`)

	// Hover at 70% of the bar: 7 s falls in the fourth tile (6-8 s, x=480).
	position := Poll[string](t, ctx, `(() => {
	  const bar = document.querySelector('.vjs-progress-control');
	  const rect = bar.getBoundingClientRect();
	  bar.dispatchEvent(new PointerEvent('pointermove', {clientX: rect.left + rect.width * 0.7, clientY: rect.top + rect.height / 2, bubbles: true}));
	  const preview = document.querySelector('.vh-sprite');
	  return !preview.hidden && preview.style.backgroundImage.includes('/media/sprite.jpg') && preview.style.backgroundPosition;
	})()`)
	assert.Equal(t, "-480px 0px", position)
}

func TestSphericalVideoRendersWithDragToLook(t *testing.T) {
	ctx := NewTab(t)
	site := newSite(t, embedPage(t, func(page *web.PlayerPage) {
		page.Config.Player.Autoplay = true
		page.Config.Video.Spherical, page.Config.Video.Projection = true, "equirectangular"
		page.Config.Video.Hotspots = []web.Hotspot{{Name: "Ahead", At: 0, Until: 10, Yaw: 0, Pitch: 0, Link: "https://example.com/", Opacity: 1}}
	}))
	Open(t, ctx, site.url("/embed/v1"))

	// The 360 chunk loads, draws on a canvas, and projects the hotspot at
	// yaw 0, pitch 0 to the middle of the view.
	centre := Poll[string](t, ctx, `(() => {
	  const spot = document.querySelector('.vh-hotspot');
	  return document.querySelector('canvas.vh-sphere') && document.querySelector('video').currentTime > 0.2 && !spot.hidden && spot.style.left + ' ' + spot.style.top;
	})()`)
	assert.Equal(t, "50% 50%", centre)

	// Dragging left turns the view right: the hotspot moves left.
	left := Poll[float64](t, ctx, `(() => {
	  const canvas = document.querySelector('canvas.vh-sphere');
	  const r = canvas.getBoundingClientRect();
	  const at = (x) => ({clientX: r.left + x, clientY: r.top + r.height / 2, pointerId: 1, bubbles: true});
	  canvas.dispatchEvent(new PointerEvent('pointerdown', at(r.width / 2)));
	  canvas.dispatchEvent(new PointerEvent('pointermove', at(r.width / 2 - 100)));
	  canvas.dispatchEvent(new PointerEvent('pointerup', at(r.width / 2 - 100)));
	  const x = parseFloat(document.querySelector('.vh-hotspot').style.left);
	  return x < 50 && x;
	})()`)
	assert.Less(t, left, 50.0)
}
