package playback_test

import (
	"net/http"
	"net/url"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/gateway/internal/playback/playbacktest"
	"github.com/vidhost/vidhost/gateway/web"
	"github.com/vidhost/vidhost/pkg/ids"
	catalogv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/catalog/v1"
)

// sameOriginFrame are the headers a browser sends for a frame a page of the
// gateway itself (the dashboard) navigates.
var sameOriginFrame = map[string]string{"Sec-Fetch-Site": "same-origin", "Sec-Fetch-Dest": "iframe"}

func TestEmbedPreviewAppliesUnsavedSettingsOnlyInASameOriginFrame(t *testing.T) {
	e := playbacktest.StartEdge(t)
	v := newVideo(t, e, "public")
	saved := ids.New()
	e.Backends.Catalog.PutPlayer(accountA, &catalogv1.Player{Id: saved, Colour: "#112233"})
	preview := url.QueryEscape(`{"colour":"#FF8800","controls":["play","progress"],"autoplay":true,"muted":true,"analytics":"","quality":"lowest"}`)
	page := e.URL + "/embed/" + v.GetVideoId() + "?player=" + saved + "&preview=" + preview

	framed := fetch(t, http.MethodGet, page, sameOriginFrame)
	require.Equal(t, http.StatusOK, framed.StatusCode)
	assert.Equal(t, web.Player{
		Analytics: "none", Autoplay: true, Muted: true, PlaysInline: true, Preload: true,
		Controls: []string{"play", "progress"}, Colour: "#FF8800", Quality: "lowest",
	}, pageConfig(t, framed.body).Player, "the preview's settings, never reporting views, naming no player")
	assert.Equal(t, "private, no-store", framed.Header.Get("Cache-Control"))

	for name, header := range map[string]map[string]string{
		"no fetch metadata":  nil,
		"another site":       {"Sec-Fetch-Site": "cross-site", "Sec-Fetch-Dest": "iframe"},
		"not in a frame":     {"Sec-Fetch-Site": "same-origin", "Sec-Fetch-Dest": "document"},
		"same site, not own": {"Sec-Fetch-Site": "same-site", "Sec-Fetch-Dest": "iframe"},
	} {
		config := pageConfig(t, fetch(t, http.MethodGet, page, header).body)
		assert.Equal(t, "#112233", config.Player.Colour, "%s: the saved player applies", name)
		assert.Equal(t, saved, config.Player.ID, name)
	}

	for name, bad := range map[string]string{
		"colour":        `{"colour":"red;x"}`,
		"quality":       `{"quality":"best"}`,
		"control":       `{"controls":["<b>"]}`,
		"unknown field": `{"skin":"x"}`,
		"not json":      `{`,
	} {
		config := pageConfig(t, fetch(t, http.MethodGet, e.URL+"/embed/"+v.GetVideoId()+"?player="+saved+"&preview="+url.QueryEscape(bad), sameOriginFrame).body)
		assert.Equal(t, "#112233", config.Player.Colour, "%s: a refused preview falls back to the saved player", name)
	}
}
