package browsertest

import (
	"strconv"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/gateway/web"
)

func formatSeconds(seconds float64) string { return strconv.FormatFloat(seconds, 'f', 3, 64) }

// overlayEvent is one entry of window.overlayLog.
type overlayEvent struct {
	Kind  string  `json:"kind"`
	Shown bool    `json:"shown"`
	Time  float64 `json:"time"`
}

func TestCardShowsFromAtUntilUntil(t *testing.T) {
	ctx := NewTab(t)
	card := web.Card{ID: "c1", Name: "Offer", At: 1, Until: 3, Skip: true, TopText: "Try it", Link: "https://example.com/", LinkText: "Go"}
	site := newSite(t, embedPage(t, func(page *web.PlayerPage) {
		page.Config.Video.Cards = []web.Card{card}
	}))
	Open(t, ctx, site.url("/embed/v1"))
	require.True(t, Eval[bool](t, ctx, `document.querySelector('.vh-card').hidden`), "hidden before playback")
	Play(t, ctx)

	// Wait until the card has come and gone, then read when it did.
	Poll[bool](t, ctx, `window.overlayLog.filter((e) => e.kind === 'vh-card').length >= 2`)
	changes := Eval[[]overlayEvent](t, ctx, `window.overlayLog.filter((e) => e.kind === 'vh-card')`)
	require.Len(t, changes, 2, "shown once, hidden once")
	assert.True(t, changes[0].Shown)
	assert.GreaterOrEqual(t, changes[0].Time, float64(card.At))
	assert.Less(t, changes[0].Time, float64(card.Until))
	assert.False(t, changes[1].Shown)
	assert.GreaterOrEqual(t, changes[1].Time, float64(card.Until))
	assert.True(t, Eval[bool](t, ctx, `!!document.querySelector('.vh-card .vh-card-skip')`), "skip control shown when skip is true")
}

func TestGateBlocksPlaybackUntilSubmitted(t *testing.T) {
	ctx := NewTab(t)
	gate := web.Gate{ID: "g1", Name: "Sign up", At: 1, TopText: "Tell us who you are",
		CheckboxText: "Send me news", Fields: []string{"email", "first_name"}}
	site := newSite(t, embedPage(t, func(page *web.PlayerPage) {
		page.Config.Video.Gates = []web.Gate{gate}
	}))
	Open(t, ctx, site.url("/embed/v1"))
	Play(t, ctx)

	gateTime := Poll[float64](t, ctx, `(() => { const v = document.querySelector('video'); return document.querySelector('.vh-gate') && v.paused && v.currentTime })()`)
	assert.GreaterOrEqual(t, gateTime, float64(gate.At))

	// A play attempt while the gate is up is refused (data-blocked counts refusals).
	blockedBefore := Eval[string](t, ctx, `document.querySelector('.vh-gate').dataset.blocked`)
	Play(t, ctx)
	Poll[bool](t, ctx, `document.querySelector('.vh-gate').dataset.blocked !== '`+blockedBefore+`' && document.querySelector('video').paused`)
	assert.Empty(t, site.recordedLeads(), "no lead before the form is sent")

	require.NoError(t, chromedp.Do(ctx,
		chromedp.SendKeys(chromedp.CSS(`.vh-gate input[name=email]`), "ada@example.com"),
		chromedp.SendKeys(chromedp.CSS(`.vh-gate input[name=first_name]`), "Ada"),
		chromedp.Click(chromedp.CSS(`.vh-gate input[name=checkbox]`)),
		chromedp.Click(chromedp.CSS(`.vh-gate .vh-gate-submit`)),
	))
	resumed := Poll[float64](t, ctx, `(() => { const v = document.querySelector('video'); return !document.querySelector('.vh-gate') && v.currentTime > `+formatSeconds(gateTime+0.5)+` && v.currentTime })()`)
	assert.Greater(t, resumed, gateTime)
	assert.Equal(t, []lead{{GateID: "g1", Fields: map[string]string{"email": "ada@example.com", "first_name": "Ada"}, Checkbox: true}},
		site.recordedLeads())
}
