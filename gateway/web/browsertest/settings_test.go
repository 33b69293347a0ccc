package browsertest

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/gateway/web"
)

// menuItem is one entry of the settings menu: a heading or a choice.
type menuItem struct {
	Text    string `json:"text"`
	Checked bool   `json:"checked"`
}

// readSettingsMenu lists the settings menu once its quality section is in
// (VHS reports the renditions after reading the master playlist).
const readSettingsMenu = `(() => {
  const items = [...document.querySelectorAll('.vh-settings .vjs-menu-content > li')].map((li) => ({
    text: (li.querySelector('.vjs-menu-item-text') || li).textContent.trim(), checked: li.getAttribute('aria-checked') === 'true',
  }));
  return items.some((item) => item.text === 'Quality') && items;
})()`

// clickMenuItem chooses the settings entry with this text, as a viewer's
// click would.
func clickMenuItem(text string) string {
	return fmt.Sprintf(`(() => {
  const item = [...document.querySelectorAll('.vh-settings .vjs-menu-item')].find((li) => li.textContent.trim() === %q);
  item.click();
  return item.getAttribute('aria-checked') === 'true';
})()`, text)
}

// selectedLevel is the height of the rendition VHS plays now, and how many
// renditions it may choose from.
const selectedLevel = `(() => {
  const levels = document.querySelector('.video-js').player.qualityLevels();
  const enabled = Array.from({length: levels.length}, (_, i) => levels[i]).filter((level) => level.enabled).length;
  return levels.selectedIndex >= 0 && {height: levels[levels.selectedIndex].height, enabled};
})()`

type levelState struct {
	Height  int `json:"height"`
	Enabled int `json:"enabled"`
}

func TestSettingsMenuSwitchesRendition(t *testing.T) {
	ctx := NewTab(t)
	site := newSite(t, embedPage(t, func(page *web.PlayerPage) {
		page.Config.Player.Autoplay = true
		page.Config.Player.Quality = "lowest"
		page.Config.Player.Controls = []string{"play", "settings"}
	}))
	Open(t, ctx, site.url("/embed/v1"))

	low, high := fmt.Sprintf("%dp", LowWidth*9/16), fmt.Sprintf("%dp", HighWidth*9/16)
	assert.Equal(t, []menuItem{
		{Text: "Quality"}, {Text: "Auto"}, {Text: high}, {Text: low, Checked: true},
		{Text: "Speed"}, {Text: "0.5x"}, {Text: "Normal", Checked: true}, {Text: "1.25x"}, {Text: "1.5x"}, {Text: "2x"},
	}, Poll[[]menuItem](t, ctx, readSettingsMenu), "renditions top first, the Player's quality checked")
	Poll[bool](t, ctx, `document.querySelector('video').currentTime > 0.5`)
	require.Empty(t, site.segmentsFetched("v0"), "the Player's lowest quality holds until the viewer chooses")
	// Under load the poll above may come back seconds late, with too little
	// of the 10 s clip left for the switch to show before it ends (CI saw
	// the clip end on the low rendition): pause near the start, switch,
	// then play on.
	Eval[bool](t, ctx, `(() => { const v = document.querySelector('video'); v.pause(); v.currentTime = 0.5; return true })()`)

	assert.True(t, Eval[bool](t, ctx, clickMenuItem(high)))
	assert.Equal(t, levelState{Height: HighWidth * 9 / 16, Enabled: 1},
		Poll[levelState](t, ctx, fmt.Sprintf(`(() => { const s = %s; return s && s.height === %d && s })()`, selectedLevel, HighWidth*9/16)))
	Eval[bool](t, ctx, `(() => { document.querySelector('video').play(); return true })()`)
	assert.Equal(t, HighWidth, Poll[int](t, ctx, `document.querySelector('video').videoWidth === `+fmt.Sprint(HighWidth)+` && document.querySelector('video').videoWidth`),
		"frames of the chosen rendition play")
	assert.NotEmpty(t, site.segmentsFetched("v0"), "segments of the chosen rendition are fetched")

	assert.True(t, Eval[bool](t, ctx, clickMenuItem("Auto")))
	assert.Equal(t, 2, Eval[levelState](t, ctx, selectedLevel).Enabled, "auto lets VHS choose among every rendition")

	Eval[bool](t, ctx, clickMenuItem("2x"))
	assert.Equal(t, 2.0, Eval[float64](t, ctx, `document.querySelector('video').playbackRate`))
	Poll[bool](t, ctx, `document.querySelector('.vh-settings .vjs-selected:last-child .vjs-menu-item-text').textContent === '2x'`)
}
