package browsertest

import (
	"context"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"github.com/vidhost/vidhost/gateway/internal/playback/playbacktest"
	"github.com/vidhost/vidhost/gateway/web/browsertest"
)

// firstFrameScript records, in milliseconds since navigation started, when
// the video first had a frame to show (loadeddata) and first played.
// Media events do not bubble, but capturing listeners on document see them.
const firstFrameScript = `
window.vhFirst = {};
for (const name of ['loadeddata', 'playing']) {
  document.addEventListener(name, () => { window.vhFirst[name] ??= performance.now(); }, true);
}`

type firstFrame struct {
	LoadedData float64 `json:"loadeddata"`
	Playing    float64 `json:"playing"`
}

// BenchmarkEmbedFirstFrame loads the embed of a public video with an
// autoplaying player in a fresh tab with the browser cache off (a first
// visit: page, bundle, playlists and segments all come from the edge over
// loopback) and reports the mean time to first frame and to playing.
func BenchmarkEmbedFirstFrame(b *testing.B) {
	e := playbacktest.StartEdge(b)
	v, player := streamVideo(b, e, "public")
	url := e.URL + "/embed/" + v.GetVideoId() + "?player=" + player
	var total firstFrame
	for b.Loop() {
		got := loadFirstFrame(b, browsertest.NewTab(b), url)
		total.LoadedData += got.LoadedData
		total.Playing += got.Playing
	}
	b.ReportMetric(total.LoadedData/float64(b.N), "ms-to-first-frame")
	b.ReportMetric(total.Playing/float64(b.N), "ms-to-playing")
	b.ReportMetric(0, "ns/op") // wall time per op includes tab set-up; the metrics above are the figures
}

func loadFirstFrame(b *testing.B, ctx context.Context, url string) firstFrame {
	b.Helper()
	err := chromedp.Do(ctx,
		chromedp.Func(func(ctx context.Context, target *chromedp.Target) error {
			if _, err := cdp.Call(ctx, target, network.Enable, network.EnableParams{}); err != nil {
				return err
			}
			if _, err := cdp.Call(ctx, target, network.SetCacheDisabled, network.SetCacheDisabledParams{CacheDisabled: true}); err != nil {
				return err
			}
			_, err := cdp.Call(ctx, target, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: firstFrameScript})
			return err
		}),
		chromedp.Navigate(url),
	)
	if err != nil {
		b.Fatal(err)
	}
	return browsertest.Poll[firstFrame](b, ctx, `window.vhFirst.playing && window.vhFirst`)
}
