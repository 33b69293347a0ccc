package browsertest

import (
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/gateway/web"
)

// playerState is what a keyboard shortcut may change.
type playerState struct {
	Paused     bool    `json:"paused"`
	Time       float64 `json:"time"`
	Volume     float64 `json:"volume"`
	Muted      bool    `json:"muted"`
	Fullscreen bool    `json:"fullscreen"`
	Captions   string  `json:"captions"`
}

const readPlayerState = `(() => {
  const video = document.querySelector('video');
  // Video.js renders captions itself outside Safari: its track list, not the element's.
  const track = Array.from(document.querySelector('.video-js').player.textTracks()).find((t) => t.kind === 'captions');
  return {
    paused: video.paused, time: video.currentTime, volume: video.volume, muted: video.muted,
    fullscreen: document.fullscreenElement !== null && document.querySelector('.video-js').classList.contains('vjs-fullscreen'),
    captions: track ? track.mode : '',
  };
})()`

// TestKeyboardShortcuts presses each key as a viewer would (trusted key
// events to the focused player) and checks the state it changes, in one tab:
// the steps run in order, each from the state the previous one left.
func TestKeyboardShortcuts(t *testing.T) {
	ctx := NewTab(t)
	site := newSite(t, embedPage(t, func(page *web.PlayerPage) {
		page.Config.Video.Tracks = []web.Track{{Kind: "captions", Label: "English", Language: "en", URL: "/media/captions.en.vtt"}}
	}))
	Open(t, ctx, site.url("/embed/v1"))
	Poll[bool](t, ctx, `document.querySelector('video').readyState >= 1`)
	Eval[chromedp.Void](t, ctx, `void document.querySelector('.video-js').focus()`)
	start := Eval[playerState](t, ctx, readPlayerState)
	require.Equal(t, playerState{Paused: true, Volume: 1, Muted: true, Captions: "disabled"}, start, "a paused, muted player without captions")

	steps := []struct {
		name   string
		key    string
		change func(*playerState)
		wait   string // true once the change is visible
	}{
		{"space plays", " ", func(s *playerState) { s.Paused = false }, `!document.querySelector('video').paused`},
		{"space pauses", " ", func(s *playerState) { s.Paused = true }, `document.querySelector('video').paused`},
		{"right seeks 5 s on", kb.ArrowRight, func(s *playerState) { s.Time += 5 }, ""},
		{"left seeks 5 s back", kb.ArrowLeft, func(s *playerState) { s.Time -= 5 }, ""},
		{"down lowers the volume", kb.ArrowDown, func(s *playerState) { s.Volume = 0.9 }, ""},
		{"up raises the volume and unmutes", kb.ArrowUp, func(s *playerState) { s.Volume, s.Muted = 1, false }, ""},
		{"m mutes", "m", func(s *playerState) { s.Muted = true }, ""},
		{"m unmutes", "m", func(s *playerState) { s.Muted = false }, ""},
		{"c shows captions", "c", func(s *playerState) { s.Captions = "showing" }, ""},
		{"c hides captions", "c", func(s *playerState) { s.Captions = "disabled" }, ""},
		{"f enters fullscreen", "f", func(s *playerState) { s.Fullscreen = true }, `document.querySelector('.video-js').classList.contains('vjs-fullscreen')`},
		{"f leaves fullscreen", "f", func(s *playerState) { s.Fullscreen = false }, `!document.querySelector('.video-js').classList.contains('vjs-fullscreen')`},
	}
	state := start
	for _, step := range steps {
		t.Run(step.name, func(t *testing.T) {
			// Playback in the first steps moves the playhead; start each
			// step from where it is now.
			state.Time = Eval[float64](t, ctx, `document.querySelector('video').currentTime`)
			step.change(&state)
			require.NoError(t, chromedp.Do(ctx, chromedp.KeyEvent(step.key)))
			if step.wait != "" {
				Poll[bool](t, ctx, step.wait)
			}
			got := Eval[playerState](t, ctx, readPlayerState)
			if got.Paused {
				assert.InDelta(t, state.Time, got.Time, 0.3, "current time")
			} else { // playing: the playhead moves on while a loaded machine answers
				assert.GreaterOrEqual(t, got.Time, state.Time, "current time")
			}
			assert.InDelta(t, state.Volume, got.Volume, 0.001, "volume")
			state.Time, state.Volume = got.Time, got.Volume
			assert.Equal(t, state, got)
		})
	}
}

func TestKeyboardShortcutsOffWithoutControls(t *testing.T) {
	ctx := NewTab(t)
	site := newSite(t, embedPage(t, func(page *web.PlayerPage) { page.Config.Player.Controls = []string{"none"} }))
	Open(t, ctx, site.url("/embed/v1"))
	Poll[bool](t, ctx, `document.querySelector('video').readyState >= 1`)
	Eval[chromedp.Void](t, ctx, `void document.querySelector('.video-js').focus()`)

	require.NoError(t, chromedp.Do(ctx, chromedp.KeyEvent(" "), chromedp.KeyEvent("m")))
	assert.Equal(t, playerState{Paused: true, Volume: 1, Muted: true}, Eval[playerState](t, ctx, readPlayerState),
		`["none"] leaves the viewer no control, by mouse or keyboard`)
}

func TestKeysInAnOverlayAreTheOverlays(t *testing.T) {
	ctx := NewTab(t)
	site := newSite(t, embedPage(t, func(page *web.PlayerPage) {
		page.Config.Video.Cards = []web.Card{{ID: "c1", Name: "Offer", At: 0, Until: 10, Skip: true, TopText: "Try it"}}
	}))
	Open(t, ctx, site.url("/embed/v1"))
	Poll[bool](t, ctx, `(() => { const card = document.querySelector('.vh-card'); return card && !card.hidden })()`)
	Eval[chromedp.Void](t, ctx, `void document.querySelector('.vh-card-skip').focus()`)

	require.NoError(t, chromedp.Do(ctx, chromedp.KeyEvent(" ")))
	Poll[bool](t, ctx, `document.querySelector('.vh-card').hidden`)
	assert.True(t, Eval[bool](t, ctx, `(() => { const video = document.querySelector('video'); return video.paused && video.currentTime === 0 })()`),
		"space pressed the card's button and did not start playback")
}
