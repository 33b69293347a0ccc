package playback_test

import (
	"encoding/json"
	"net/http"
	"net/url"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/gateway/internal/playback/playbacktest"
	"github.com/vidhost/vidhost/pkg/ids"
)

type oEmbedAnswer struct {
	Type            string `json:"type"`
	Version         string `json:"version"`
	Title           string `json:"title"`
	ProviderName    string `json:"provider_name"`
	ProviderURL     string `json:"provider_url"`
	HTML            string `json:"html"`
	Width           int    `json:"width"`
	Height          int    `json:"height"`
	ThumbnailURL    string `json:"thumbnail_url"`
	ThumbnailWidth  int    `json:"thumbnail_width"`
	ThumbnailHeight int    `json:"thumbnail_height"`
}

func oEmbedURL(e *playbacktest.Edge, page string, extra ...string) string {
	query := url.Values{"url": {page}}
	for i := 0; i+1 < len(extra); i += 2 {
		query.Set(extra[i], extra[i+1])
	}
	return e.URL + "/oembed?" + query.Encode()
}

func TestOEmbedDescribesPublicAndUnlistedVideos(t *testing.T) {
	e := playbacktest.StartEdge(t)
	for _, privacy := range []string{"public", "unlisted"} {
		t.Run(privacy, func(t *testing.T) {
			v := newVideo(t, e, privacy)
			v.Width, v.Height = 1280, 720
			e.Backends.Catalog.PutVideo(v)
			resp := get(t, oEmbedURL(e, e.URL+"/watch/"+v.GetVideoId(), "format", "json"))
			require.Equal(t, http.StatusOK, resp.StatusCode, resp.body)
			assert.Equal(t, "application/json", resp.Header.Get("Content-Type"))
			var answer oEmbedAnswer
			require.NoError(t, json.Unmarshal([]byte(resp.body), &answer))
			embed := e.URL + "/embed/" + v.GetVideoId()
			assert.Equal(t, oEmbedAnswer{
				Type: "video", Version: "1.0", Title: "Test pattern", ProviderName: "Vidhost", ProviderURL: e.URL + "/",
				HTML: `<iframe src="` + embed + `" width="640" height="360" style="border: 0;" ` +
					`allow="autoplay; fullscreen; picture-in-picture" allowfullscreen title="Test pattern"></iframe>`,
				Width: 640, Height: 360,
				ThumbnailURL: e.URL + "/media/" + v.GetVideoId() + "/thumbs/thumbnail.jpg", ThumbnailWidth: 1280, ThumbnailHeight: 720,
			}, answer)
		})
	}
}

func TestOEmbedFitsMaxWidthAndMaxHeight(t *testing.T) {
	e := playbacktest.StartEdge(t)
	v := newVideo(t, e, "public")
	v.Width, v.Height = 1280, 720
	e.Backends.Catalog.PutVideo(v)
	tests := []struct {
		name          string
		params        []string
		width, height int
	}{
		{"no limits", nil, 640, 360},
		{"maxwidth", []string{"maxwidth", "320"}, 320, 180},
		{"maxwidth above the default", []string{"maxwidth", "2000"}, 640, 360},
		{"maxheight", []string{"maxheight", "90"}, 160, 90},
		{"both, height binds", []string{"maxwidth", "400", "maxheight", "100"}, 177, 100},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resp := get(t, oEmbedURL(e, e.URL+"/embed/"+v.GetVideoId(), tt.params...))
			require.Equal(t, http.StatusOK, resp.StatusCode, resp.body)
			var answer oEmbedAnswer
			require.NoError(t, json.Unmarshal([]byte(resp.body), &answer))
			assert.Equal(t, [2]int{tt.width, tt.height}, [2]int{answer.Width, answer.Height})
		})
	}
}

func TestOEmbedRefusals(t *testing.T) {
	e := playbacktest.StartEdge(t)
	public := newVideo(t, e, "public")
	private := newVideo(t, e, "private")
	disabled := newVideo(t, e, "public")
	disabled.Enabled = false
	e.Backends.Catalog.PutVideo(disabled)
	watch := func(id string) string { return e.URL + "/watch/" + id }
	tests := []struct {
		name   string
		url    string
		status int
		code   string
	}{
		{"private", oEmbedURL(e, watch(private.GetVideoId())), http.StatusNotFound, "not_found"},
		{"disabled", oEmbedURL(e, watch(disabled.GetVideoId())), http.StatusNotFound, "not_found"},
		{"unknown video", oEmbedURL(e, watch(ids.New())), http.StatusNotFound, "not_found"},
		{"another site", oEmbedURL(e, "https://elsewhere.example/watch/"+public.GetVideoId()), http.StatusNotFound, "not_found"},
		{"not a page", oEmbedURL(e, e.URL+"/media/"+public.GetVideoId()+"/mp4/720p.mp4"), http.StatusNotFound, "not_found"},
		{"no url", e.URL + "/oembed", http.StatusNotFound, "not_found"},
		{"xml", oEmbedURL(e, watch(public.GetVideoId()), "format", "xml"), http.StatusNotImplemented, "format_not_implemented"},
		{"bad maxwidth", oEmbedURL(e, watch(public.GetVideoId()), "maxwidth", "-3"), http.StatusBadRequest, "invalid_argument"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resp := get(t, tt.url)
			assert.Equal(t, tt.status, resp.StatusCode, resp.body)
			var failure struct {
				Errors []struct{ Code string } `json:"errors"`
			}
			require.NoError(t, json.Unmarshal([]byte(resp.body), &failure))
			require.Len(t, failure.Errors, 1)
			assert.Equal(t, tt.code, failure.Errors[0].Code)
		})
	}
}

func TestWatchPageShareTagsOnlyForPublicAndUnlisted(t *testing.T) {
	e := playbacktest.StartEdge(t)
	key := playbacktest.NewECKey(t)
	e.Backends.Identity.PutKey(accountA, key)
	for _, privacy := range []string{"public", "unlisted"} {
		t.Run(privacy, func(t *testing.T) {
			v := newVideo(t, e, privacy)
			watch := e.URL + "/watch/" + v.GetVideoId()
			body := get(t, watch).body
			discovery := e.URL + "/oembed?" + url.Values{"format": {"json"}, "url": {watch}}.Encode()
			assert.Contains(t, body, `<link rel="alternate" type="application/json+oembed" href="`+htmlAttr(discovery)+`"`)
			assert.Contains(t, body, `<meta property="og:url" content="`+watch+`">`)
			assert.Contains(t, body, `<meta property="og:video" content="`+e.URL+`/embed/`+v.GetVideoId()+`">`)
			assert.Contains(t, body, `<meta property="og:image" content="`+e.URL+`/media/`+v.GetVideoId()+`/thumbs/thumbnail.jpg">`)
			assert.Contains(t, body, `<meta name="twitter:card" content="player">`)
			assert.Contains(t, body, `<meta name="twitter:player" content="`+e.URL+`/embed/`+v.GetVideoId()+`">`)
			assert.NotContains(t, get(t, e.URL+"/embed/"+v.GetVideoId()).body, "og:", "the embed is noindex: no tags")
		})
	}
	t.Run("private", func(t *testing.T) {
		v := newVideo(t, e, "private")
		jwt := key.Mint(t, playbacktest.Claims{Subject: v.GetVideoId(), Expires: e.Clock.Now().Add(time.Minute)})
		page := get(t, e.URL+"/watch/"+v.GetVideoId()+"?jwt="+jwt)
		require.Equal(t, http.StatusOK, page.StatusCode, "the viewer sees the video")
		for _, tag := range []string{"json+oembed", "og:", "twitter:"} {
			assert.NotContains(t, page.body, tag, "a private video is never described")
		}
	})
}

// htmlAttr is how html/template writes an & in an attribute.
func htmlAttr(s string) string {
	out := ""
	for _, r := range s {
		if r == '&' {
			out += "&amp;"
			continue
		}
		out += string(r)
	}
	return out
}
