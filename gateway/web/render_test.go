package web

import (
	"encoding/json"
	"html"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var configScript = regexp.MustCompile(`(?s)<script type="application/json" id="vidhost-config">(.*?)</script>`)

func samplePage(mode Mode, name string) PlayerPage {
	return PlayerPage{Mode: mode, Description: "About <b>it</b>", Config: PlayerConfig{
		Video: VideoConfig{
			ID: "v1", Name: name, Duration: 10, Sources: Sources{HLS: "/media/v1/master.m3u8"},
			Poster: "/media/v1/thumb.jpg",
			Cards:  []Card{{ID: "c1", At: 1, Until: 3, TopText: "Buy </script>"}},
		},
		Player:  Player{ID: "p1", PlaysInline: true, Colour: "#ff0000", Quality: "lowest"},
		LeadURL: "/embed/v1/leads",
	}}
}

func TestRenderPlayerEmbedsConfigSafely(t *testing.T) {
	hostile := `</script><script>alert(1)</script> & "quotes" ` + "\u2028"
	for _, mode := range []Mode{ModeWatch, ModeEmbed} {
		t.Run(string(mode), func(t *testing.T) {
			recorder := httptest.NewRecorder()
			page := samplePage(mode, hostile)
			require.NoError(t, RenderPlayer(recorder, page))

			body := recorder.Body.String()
			assert.Equal(t, 1, strings.Count(body, "<script type=\"module\""), "one script, the bundle")
			assert.NotContains(t, body, "<script>alert(1)")
			match := configScript.FindStringSubmatch(body)
			require.Len(t, match, 2, "config element present")
			var decoded PlayerConfig
			require.NoError(t, json.Unmarshal([]byte(match[1]), &decoded))
			assert.Equal(t, page.Config, decoded, "config survives the round trip unchanged")
			assert.Contains(t, body, "<title>"+html.EscapeString(hostile)+"</title>")
		})
	}
}

func TestRenderPlayerPageShape(t *testing.T) {
	tests := []struct {
		mode        Mode
		contains    []string
		notContains []string
	}{
		{ModeWatch, []string{`class="vh-watch"`, "<h1>", "About &lt;b&gt;it&lt;/b&gt;"}, []string{"noindex"}},
		{ModeEmbed, []string{`class="vh-embed"`, `name="robots" content="noindex"`}, []string{"<h1>", "About"}},
	}
	for _, tt := range tests {
		t.Run(string(tt.mode), func(t *testing.T) {
			recorder := httptest.NewRecorder()
			require.NoError(t, RenderPlayer(recorder, samplePage(tt.mode, "Clip")))
			body := recorder.Body.String()
			for _, want := range append(tt.contains, `poster="/media/v1/thumb.jpg"`, "playsinline", `preload="none"`) {
				assert.Contains(t, body, want)
			}
			for _, unwanted := range append(tt.notContains, " onload=", " onclick=", " style=", "http://", "https://") {
				assert.NotContains(t, body, unwanted)
			}
			assert.Equal(t, "text/html; charset=utf-8", recorder.Header().Get("Content-Type"))
			assert.Contains(t, recorder.Header().Get("Content-Security-Policy"), "script-src 'self'")
		})
	}
}

func TestRenderPlayerLinksEmbeddedBundle(t *testing.T) {
	recorder := httptest.NewRecorder()
	require.NoError(t, RenderPlayer(recorder, samplePage(ModeEmbed, "Clip")))
	assets, err := bundleURLs()
	require.NoError(t, err)
	for _, url := range []string{assets.Script, assets.Stylesheet} {
		assert.Contains(t, recorder.Body.String(), `"`+url+`"`)
		response := serve(t, url, "")
		assert.Equal(t, http.StatusOK, response.Code, url)
	}
}

func TestRenderPlayerKeepsCallerHeadersAndRejectsUnknownMode(t *testing.T) {
	recorder := httptest.NewRecorder()
	recorder.Header().Set("Cache-Control", "private, max-age=60")
	require.NoError(t, RenderPlayer(recorder, samplePage(ModeEmbed, "Clip")))
	assert.Equal(t, "private, max-age=60", recorder.Header().Get("Cache-Control"))

	recorder = httptest.NewRecorder()
	require.Error(t, RenderPlayer(recorder, samplePage("theatre", "Clip")))
	assert.Zero(t, recorder.Body.Len(), "nothing written on failure")
}

func TestRenderMessage(t *testing.T) {
	tests := []struct {
		status      int
		title, text string
	}{
		{http.StatusNotFound, "This video is unavailable", "It may have been disabled or removed."},
		{http.StatusForbidden, "This video is private", "Sign in <or> ask its owner."},
	}
	for _, tt := range tests {
		t.Run(tt.title, func(t *testing.T) {
			recorder := httptest.NewRecorder()
			RenderMessage(recorder, tt.status, tt.title, tt.text)
			assert.Equal(t, tt.status, recorder.Code)
			body := recorder.Body.String()
			assert.Contains(t, body, "<h1>"+tt.title+"</h1>")
			assert.Contains(t, body, html.EscapeString(tt.text))
			assert.Equal(t, "no-store", recorder.Header().Get("Cache-Control"))
			assert.NotContains(t, body, "<script")
		})
	}
}
