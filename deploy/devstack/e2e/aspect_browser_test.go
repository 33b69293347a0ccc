package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"html"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/gateway/web/browsertest"
)

// videoShape is the part of a Video that says its shape; pointers, because
// the fields are absent until the source is transcoded.
type videoShape struct {
	Width       *int    `json:"width"`
	Height      *int    `json:"height"`
	AspectRatio *string `json:"aspect_ratio"`
}

// A phone's portrait video (9:16) through the real stack: the API reports
// its shape, every rendition has square pixels, /watch on a 390x844 phone
// shows it at least 70% of the screen's height, and an embed in the
// responsive snippet of docs/embed.md keeps 9:16. About 30 s (a real
// transcode of a 4 s clip).
func TestBrowserPortraitVideoKeepsItsShape(t *testing.T) {
	t.Parallel() // on a suite of its own (suites_test.go)
	clip := makeClip(t, 360, 640, 4)
	withSuite(t, newSuite(t, 1), "local", func() {
		data, err := os.ReadFile(clip)
		require.NoError(t, err)
		ref, _ := uploadForVideo(t, "portrait.mp4", data)
		created := createVideo(t, map[string]any{"name": "Portrait", "input": ref, "privacy": "unlisted"})
		var before videoShape
		mustOK(t, call(t, "GET", "/v2/videos/"+created.ID, ownerOf(t), nil)).decode(t, &before)
		if before.AspectRatio == nil { // absent until probed, unless the worker was already done
			assert.Nil(t, before.Width)
		}
		v := waitReady(t, created.ID)

		var shape videoShape
		mustOK(t, call(t, "GET", "/v2/videos/"+v.ID, ownerOf(t), nil)).decode(t, &shape)
		require.NotNil(t, shape.AspectRatio, "a transcoded video has its shape")
		assert.Equal(t, [2]int{360, 640}, [2]int{*shape.Width, *shape.Height})
		assert.Equal(t, "9:16", *shape.AspectRatio)
		for _, out := range v.Outputs {
			if url := out["url"]; strings.HasSuffix(url, ".mpd") || strings.HasSuffix(url, ".mp4") {
				assertSquarePixels(t, url)
			}
		}

		phone := browsertest.NewTab(t)
		require.NoError(t, chromedp.Do(phone, chromedp.EmulateViewport(390, 844)))
		browsertest.Open(t, phone, suiteOf(t).URL+"/watch/"+v.ID)
		browsertest.Poll[bool](t, phone, `document.querySelector('video').videoWidth > 0`)
		frame := browsertest.Eval[map[string]float64](t, phone, `(() => {
		  const r = document.querySelector('.vh-root').getBoundingClientRect();
		  return { width: r.width, height: r.height, viewport: innerHeight };
		})()`)
		assert.GreaterOrEqual(t, frame["height"], 0.7*frame["viewport"], "a portrait video uses most of a phone's height: %v", frame)
		assert.InDelta(t, 9.0/16, frame["width"]/frame["height"], 0.01, "the frame has the video's shape: %v", frame)
		assertControlsFitAPhone(t, phone)
		checkPage(t, phone, "watch-portrait")

		site := responsiveEmbedSite(t, v.ID, "9 / 16")
		page := browsertest.NewTab(t)
		require.NoError(t, chromedp.Do(page, chromedp.EmulateViewport(1280, 800), chromedp.Navigate(site.URL)))
		embed := browsertest.Poll[map[string]float64](t, page, `(() => {
		  const r = document.querySelector('iframe').getBoundingClientRect();
		  return r.height > 0 && { width: r.width, height: r.height, viewport: innerHeight };
		})()`)
		assert.InDelta(t, 9.0/16, embed["width"]/embed["height"], 0.01, "the embed keeps 9:16: %v", embed)
		assert.LessOrEqual(t, embed["height"], 0.8*embed["viewport"]+1, "and stays on screen: %v", embed)

		// In a frame of another shape the player fits the picture inside it.
		wide := browsertest.NewTab(t)
		require.NoError(t, chromedp.Do(wide, chromedp.EmulateViewport(640, 360)))
		browsertest.Open(t, wide, suiteOf(t).URL+"/embed/"+v.ID)
		browsertest.Poll[bool](t, wide, `document.querySelector('video').videoWidth > 0`)
		assert.Equal(t, "contain", browsertest.Eval[string](t, wide, `getComputedStyle(document.querySelector('video')).objectFit`))
		assert.InDelta(t, 9.0/16, browsertest.Eval[float64](t, wide, `(() => { const v = document.querySelector('video'); return v.videoWidth / v.videoHeight; })()`), 0.01)
		assertSettingsMenuFits(t, wide)
	})
}

// assertControlsFitAPhone checks the control bar on a 390 px screen: the
// seek bar spans the player's width, the volume slider is hidden and the
// mute button stays.
func assertControlsFitAPhone(t *testing.T, ctx context.Context) {
	t.Helper()
	showControls(t, ctx)
	bar := browsertest.Eval[map[string]float64](t, ctx, `(() => {
	  const width = (selector) => { const el = document.querySelector(selector); return el ? el.getBoundingClientRect().width : -1; };
	  return { player: width('.video-js'), progress: width('.vjs-progress-control'), volume: width('.vjs-volume-control'), mute: width('.vjs-mute-control') };
	})()`)
	assert.GreaterOrEqual(t, bar["progress"], 0.8*bar["player"], "the seek bar is usable on a phone: %v", bar)
	assert.LessOrEqual(t, bar["volume"], 0.0, "no volume slider on a phone: %v", bar)
	assert.Greater(t, bar["mute"], 0.0, "mute stays: %v", bar)
}

// assertSettingsMenuFits opens the settings menu in a 640x360 frame and
// checks it lies inside the frame.
func assertSettingsMenuFits(t *testing.T, ctx context.Context) {
	t.Helper()
	showControls(t, ctx)
	browsertest.Eval[chromedp.Void](t, ctx, `document.querySelector('.vh-settings-button').click()`)
	menu := browsertest.Poll[map[string]float64](t, ctx, `(() => {
	  const el = document.querySelector('.vh-settings .vjs-menu-content');
	  const r = el && el.getBoundingClientRect();
	  return r && r.height > 0 && { top: r.top, bottom: r.bottom, viewport: innerHeight };
	})()`)
	assert.GreaterOrEqual(t, menu["top"], 0.0, "the settings menu fits inside a 640x360 embed: %v", menu)
	assert.LessOrEqual(t, menu["bottom"], menu["viewport"], "%v", menu)
	assert.Contains(t, browsertest.Eval[string](t, ctx, `document.querySelector('.vh-settings-button').textContent`), "Settings",
		"a control is named in words a viewer reads")
}

// showControls starts playback: Video.js shows its control bar only once
// a video has started.
func showControls(t *testing.T, ctx context.Context) {
	t.Helper()
	browsertest.Play(t, ctx)
	browsertest.Poll[bool](t, ctx, `document.querySelector('.video-js.vjs-has-started') !== null`)
	browsertest.Eval[chromedp.Void](t, ctx, `document.querySelector('video').pause()`)
}

// responsiveEmbedSite serves a customer's page, on its own origin, with the
// embed snippet of docs/embed.md for a video of the given CSS ratio.
func responsiveEmbedSite(t *testing.T, videoID, ratio string) *httptest.Server {
	t.Helper()
	site := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprintf(w, `<!doctype html><html lang="en"><head><title>customer</title></head><body>
<div style="position: relative; aspect-ratio: %[1]s; width: min(100%%, 80vh * %[1]s); margin: 0 auto;">
  <iframe src="%[2]s" style="position: absolute; inset: 0; width: 100%%; height: 100%%; border: 0;"
          allow="autoplay; fullscreen; picture-in-picture" allowfullscreen title="Portrait"></iframe>
</div></body></html>`, ratio, html.EscapeString(suiteOf(t).URL+"/embed/"+videoID))
	}))
	t.Cleanup(site.Close)
	return site
}

// assertSquarePixels checks with ffprobe that every video stream of a
// manifest or file has a sample aspect ratio of 1:1.
func assertSquarePixels(t *testing.T, url string) {
	t.Helper()
	out, err := exec.Command("ffprobe", "-v", "error", "-select_streams", "v", "-show_entries",
		"stream=width,height,sample_aspect_ratio", "-of", "json", url).Output()
	require.NoError(t, err, "ffprobe %s", url)
	var probe struct {
		Streams []struct {
			Width             int    `json:"width"`
			Height            int    `json:"height"`
			SampleAspectRatio string `json:"sample_aspect_ratio"`
		} `json:"streams"`
	}
	require.NoError(t, json.Unmarshal(out, &probe))
	require.NotEmpty(t, probe.Streams, url)
	for _, s := range probe.Streams {
		assert.Equal(t, "1:1", s.SampleAspectRatio, "%s: %dx%d", url, s.Width, s.Height)
		assert.Less(t, s.Width, s.Height, "%s: portrait renditions stay portrait", url)
	}
}
