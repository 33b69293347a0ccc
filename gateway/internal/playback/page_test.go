package playback_test

import (
	"encoding/json"
	"net/http"
	"regexp"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/gateway/internal/playback/playbacktest"
	"github.com/vidhost/vidhost/gateway/web"
	"github.com/vidhost/vidhost/pkg/ids"
	"github.com/vidhost/vidhost/pkg/viewticket"
	catalogv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/catalog/v1"
)

var configScript = regexp.MustCompile(`(?s)<script type="application/json" id="vidhost-config">(.*?)</script>`)

// pageConfig reads the player configuration a page embeds.
func pageConfig(t *testing.T, body string) web.PlayerConfig {
	t.Helper()
	m := configScript.FindStringSubmatch(body)
	require.NotNil(t, m, body)
	var config web.PlayerConfig
	require.NoError(t, json.Unmarshal([]byte(m[1]), &config))
	return config
}

var messageHeading = regexp.MustCompile(`<h1>([^<]*)</h1>`)

func TestPublicEmbedPage(t *testing.T) {
	e := playbacktest.StartEdge(t)
	v := newVideo(t, e, "public")
	v.Tracks = []*catalogv1.Track{{Id: "t1", Kind: "captions", Label: "English", Language: "en", Url: "tracks/en.vtt"}}
	v.Chapters = []*catalogv1.Chapter{{Id: "c1", Name: "Intro", Start: "00:00:00"}, {Id: "c2", Name: "Late", Start: "01:02:03"}}
	v.Cards = []*catalogv1.Card{{Id: "card1", Name: "Buy", At: 1, Until: 2, TopText: "Top", Link: "https://example.com"}}
	v.Gates = []*catalogv1.Gate{{Id: "gate1", Name: "Who", At: 0, Fields: []string{"email"}}}
	v.Hotspots = []*catalogv1.Hotspot{{Id: "h1", Name: "Spot", At: 0, Until: 2, X: 25, Y: 75, Opacity: 0.5, Target: "_parent"}}
	v.Spherical, v.Projection = true, "equirectangular"
	e.Backends.Catalog.PutVideo(v)

	resp := get(t, e.URL+"/embed/"+v.GetVideoId())
	require.Equal(t, http.StatusOK, resp.StatusCode)
	assert.Equal(t, "private, no-cache", resp.Header.Get("Cache-Control"), "the page holds a ticket of its own")
	config := pageConfig(t, resp.body)
	media := e.URL + "/media/" + v.GetVideoId() + "/"
	video := config.Video
	assert.Equal(t, web.Sources{HLS: media + "stream/master.m3u8", DASH: media + "stream/manifest.mpd", MP4: media + "mp4/720p.mp4"}, video.Sources)
	assert.Equal(t, media+"thumbs/thumbnail.jpg", video.Poster)
	assert.Equal(t, media+"thumbs/sprite.vtt", video.SpriteVTT)
	assert.Equal(t, []web.Track{{Kind: "captions", Label: "English", Language: "en", URL: media + "tracks/en.vtt"}}, video.Tracks)
	assert.Equal(t, []web.Chapter{{Name: "Intro", Start: 0}, {Name: "Late", Start: 3723}}, video.Chapters)
	assert.Equal(t, []web.Card{{ID: "card1", Name: "Buy", At: 1, Until: 2, TopText: "Top", Link: "https://example.com"}}, video.Cards)
	assert.Equal(t, []web.Gate{{ID: "gate1", Name: "Who", Fields: []string{"email"}}}, video.Gates)
	assert.Equal(t, []web.Hotspot{{ID: "h1", Name: "Spot", Until: 2, X: 25, Y: 75, Opacity: 0.5, Target: "_parent"}}, video.Hotspots)
	assert.True(t, video.Spherical)
	assert.Equal(t, "Test pattern", video.Name)
	assert.Equal(t, web.DefaultPlayer(), config.Player)
	assert.Equal(t, "/leads/"+v.GetVideoId(), config.LeadURL)
	assert.Equal(t, "/collect", config.CollectURL)

	watch := get(t, e.URL+"/watch/"+v.GetVideoId())
	require.Equal(t, http.StatusOK, watch.StatusCode)
	assert.Contains(t, watch.body, `<html lang="en" class="vh-watch">`)
}

func TestEmbedAppliesThePlayerOfTheVideosAccount(t *testing.T) {
	e := playbacktest.StartEdge(t)
	v := newVideo(t, e, "public")
	own, foreign := ids.New(), ids.New()
	e.Backends.Catalog.PutPlayer(accountA, &catalogv1.Player{Id: own, Autoplay: true, Muted: true, Colour: "#ff8800", Controls: []string{"play"}, Quality: "lowest"})
	e.Backends.Catalog.PutPlayer("account-b", &catalogv1.Player{Id: foreign, Autoplay: true})

	config := pageConfig(t, get(t, e.URL+"/embed/"+v.GetVideoId()+"?player="+own).body)
	assert.Equal(t, web.Player{ID: own, Autoplay: true, Muted: true, Colour: "#ff8800", Controls: []string{"play"}, Quality: "lowest"}, config.Player)

	config = pageConfig(t, get(t, e.URL+"/embed/"+v.GetVideoId()+"?player="+foreign).body)
	assert.Equal(t, web.DefaultPlayer(), config.Player, "another account's player is ignored")
	assert.Equal(t, []string{accountA, accountA}, e.Backends.Catalog.PlayerCalls(), "asked as the video's account")

	config = pageConfig(t, get(t, e.URL+"/embed/"+v.GetVideoId()+"?player=../x").body)
	assert.Equal(t, web.DefaultPlayer(), config.Player)
}

func heading(t *testing.T, body string) string {
	t.Helper()
	m := messageHeading.FindStringSubmatch(body)
	require.NotNil(t, m, body)
	return m[1]
}

func TestPrivateEmbedPage(t *testing.T) {
	e := playbacktest.StartEdge(t)
	key := playbacktest.NewRSAKey(t)
	e.Backends.Identity.PutKey(accountA, key)
	v := newVideo(t, e, "private")
	jwt := key.Mint(t, playbacktest.Claims{Subject: v.GetVideoId(), Expires: e.Clock.Now().Add(time.Minute)})

	refused := get(t, e.URL+"/embed/"+v.GetVideoId())
	assert.Equal(t, http.StatusForbidden, refused.StatusCode)
	assert.Equal(t, "This video is private", heading(t, refused.body))
	assert.NotContains(t, refused.body, "vidhost-config")
	expired := key.Mint(t, playbacktest.Claims{Subject: v.GetVideoId(), Expires: e.Clock.Now().Add(-time.Hour)})
	assert.Contains(t, get(t, e.URL+"/embed/"+v.GetVideoId()+"?jwt="+expired).body, "invalid or has expired")

	resp := get(t, e.URL+"/embed/"+v.GetVideoId()+"?jwt="+jwt)
	require.Equal(t, http.StatusOK, resp.StatusCode)
	assert.Equal(t, "private, no-store", resp.Header.Get("Cache-Control"))
	config := pageConfig(t, resp.body)
	token := tokenIn.FindStringSubmatch(config.Video.Sources.HLS)
	require.NotNil(t, token, config.Video.Sources.HLS)
	assert.True(t, e.Tokens.Valid(v.GetVideoId(), token[1]))
	suffix := "?token=" + token[1]
	media := e.URL + "/media/" + v.GetVideoId() + "/"
	assert.Equal(t, web.Sources{HLS: media + "stream/master.m3u8" + suffix, DASH: media + "stream/manifest.mpd" + suffix, MP4: media + "mp4/720p.mp4" + suffix}, config.Video.Sources)
	assert.Equal(t, media+"thumbs/thumbnail.jpg"+suffix, config.Video.Poster)
	assert.Equal(t, media+"thumbs/sprite.vtt"+suffix, config.Video.SpriteVTT)
	assert.Equal(t, "/leads/"+v.GetVideoId()+suffix, config.LeadURL)
	assert.Equal(t, http.StatusOK, get(t, config.Video.Sources.MP4).StatusCode, "the page's URLs open the files")
}

func TestPagesExplainWhyAVideoCannotPlay(t *testing.T) {
	e := playbacktest.StartEdge(t)
	disabled := newVideo(t, e, "public")
	disabled.Enabled = false
	e.Backends.Catalog.PutVideo(disabled)
	processing := newVideo(t, e, "public")
	processing.Status, processing.Outputs = "processing", nil
	e.Backends.Catalog.PutVideo(processing)
	failed := newVideo(t, e, "public")
	failed.Status, failed.Outputs = "error", nil
	e.Backends.Catalog.PutVideo(failed)
	tests := []struct {
		name, id string
		status   int
		heading  string
		text     string
	}{
		{"disabled", disabled.GetVideoId(), http.StatusNotFound, "This video is unavailable", "Its owner has disabled it."},
		{"deleted", ids.New(), http.StatusNotFound, "This video is unavailable", "It may have been deleted"},
		{"malformed id", "nope", http.StatusNotFound, "This video is unavailable", "It may have been deleted"},
		{"processing", processing.GetVideoId(), http.StatusNotFound, "This video is not ready yet", "still being processed"},
		{"failed", failed.GetVideoId(), http.StatusNotFound, "This video is unavailable", "could not be processed"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, page := range []string{"/watch/", "/embed/"} {
				resp := get(t, e.URL+page+tt.id)
				assert.Equal(t, tt.status, resp.StatusCode)
				assert.Equal(t, tt.heading, heading(t, resp.body))
				assert.Contains(t, resp.body, tt.text)
				assert.Equal(t, "no-store", resp.Header.Get("Cache-Control"))
			}
		})
	}
	e.Backends.Catalog.SetDown(true)
	resp := get(t, e.URL+"/embed/"+ids.New())
	assert.Equal(t, http.StatusServiceUnavailable, resp.StatusCode)
	assert.Equal(t, "This video cannot be shown right now", heading(t, resp.body))
}

// The page hands its player a view ticket of its own, naming the video,
// its account, the Player and the embedding page's origin; a page the
// viewer may not load, or whose Player counts no views, hands none.
func TestPageHandsItsPlayerAViewTicket(t *testing.T) {
	e := playbacktest.StartEdge(t)
	v, private := newVideo(t, e, "public"), newVideo(t, e, "private")
	quiet := &catalogv1.Player{Id: ids.New(), Analytics: "none"}
	e.Backends.Catalog.PutPlayer(accountA, quiet)

	page := fetch(t, http.MethodGet, e.URL+"/embed/"+v.GetVideoId(), map[string]string{"Referer": "https://www.shop.example/product/7"})
	ticket, err := e.Tickets.Verify(pageConfig(t, page.body).ViewTicket)
	require.NoError(t, err)
	assert.Equal(t, viewticket.Ticket{ID: ticket.ID, AccountID: accountA, VideoID: v.GetVideoId(), Origin: "https://www.shop.example",
		Issued: e.Clock.Now().Unix(), Expires: e.Clock.Now().Add(viewticket.TTL).Unix()}, ticket)
	again, err := e.Tickets.Verify(pageConfig(t, get(t, e.URL+"/embed/"+v.GetVideoId()).body).ViewTicket)
	require.NoError(t, err)
	assert.NotEqual(t, ticket.ID, again.ID, "each page load its own")
	assert.Empty(t, again.Origin, "no referrer")

	assert.Empty(t, pageConfig(t, get(t, e.URL+"/embed/"+v.GetVideoId()+"?player="+quiet.GetId()).body).ViewTicket, "analytics none")
	refused := get(t, e.URL+"/embed/"+private.GetVideoId())
	assert.Equal(t, http.StatusForbidden, refused.StatusCode)
	assert.NotContains(t, refused.body, "vwt1.", "a private video's page without a credential")
}
