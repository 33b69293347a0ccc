package browsertest

import (
	"fmt"
	"html"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/gateway/web"
)

// framingPage serves, on an origin of its own, a page that frames the
// site's embed and a sibling frame. It speaks the raw protocol: every
// message of the player lands in window.got, window.send posts a command,
// and the sibling's window.postToPlayer posts one from a frame that is not
// the player's parent.
func framingPage(t *testing.T, embedURL string) string {
	t.Helper()
	origin := embedURL[:len(embedURL)-len("/embed/v1")]
	sibling := `<script>window.postToPlayer = (m) => parent.frames[0].postMessage(m, '*');</script>`
	server := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprintf(w, `<!doctype html><html><body>
<iframe id="player" src="%s" width="480" height="270" allow="autoplay"></iframe>
<iframe id="sibling" srcdoc="%s"></iframe>
<script>
window.got = [];
addEventListener('message', (e) => { if (e.data && e.data.type === 'vidhost') window.got.push(e.data); });
window.send = (m) => document.getElementById('player').contentWindow.postMessage(m, %q);
</script></body></html>`, html.EscapeString(embedURL), html.EscapeString(sibling), origin)
	}))
	t.Cleanup(server.Close)
	return server.URL
}

// The protocol's refusals and its origin rule, for a public and a private
// video: bad commands are answered with an error carrying the command's
// id, and a frame that is not the player's parent is ignored.
func TestEmbedAPIAnswersOnlyItsParent(t *testing.T) {
	for _, privacy := range []string{"public", "private"} {
		t.Run(privacy, func(t *testing.T) {
			ctx := NewTab(t)
			site := newSite(t, embedPage(t, func(page *web.PlayerPage) { page.Config.Video.Privacy = privacy }))
			require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(framingPage(t, site.url("/embed/v1")))))

			Poll[bool](t, ctx, `window.got.some((m) => m.event === 'ready' && m.video_id === 'v1' && m.v === 1)`)
			Eval[bool](t, ctx, `window.send({type: 'vidhost', v: 1, command: 'getState', id: 's1'}), true`)
			state := Poll[map[string]any](t, ctx, `window.got.find((m) => m.event === 'state' && m.id === 's1')`)
			assert.Equal(t, true, state["paused"])
			assert.InDelta(t, MediaSeconds, state["duration"], 1)

			refusals := map[string]string{
				`{type: 'vidhost', v: 1, command: 'seek', id: 'bad'}`:              "invalid_argument",
				`{type: 'vidhost', v: 1, command: 'seek', seconds: -1, id: 'neg'}`: "invalid_argument",
				`{type: 'vidhost', v: 2, command: 'play', id: 'v2'}`:               "unsupported_version",
				`{type: 'vidhost', v: 1, command: 'explode', id: 'boom'}`:          "unknown_command",
			}
			for message, code := range refusals {
				Eval[bool](t, ctx, `window.send(`+message+`), true`)
				id := Eval[string](t, ctx, `(`+message+`).id`)
				got := Poll[string](t, ctx, `(window.got.find((m) => m.event === 'error' && m.id === '`+id+`') || {error: {}}).error.code`)
				assert.Equal(t, code, got, message)
			}

			Eval[bool](t, ctx, `document.getElementById('sibling').contentWindow.postToPlayer({type: 'vidhost', v: 1, command: 'getState', id: 'sibling'}), true`)
			Eval[bool](t, ctx, `window.send({type: 'vidhost', v: 1, command: 'getState', id: 'after'}), true`)
			Poll[bool](t, ctx, `window.got.some((m) => m.id === 'after')`)
			assert.False(t, Eval[bool](t, ctx, `window.got.some((m) => m.id === 'sibling')`), "a frame that is not the parent is ignored")
		})
	}
}
