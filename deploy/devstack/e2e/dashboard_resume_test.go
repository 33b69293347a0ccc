package e2e

import (
	"context"
	"fmt"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/gateway/web/browsertest"
)

// throttleUploads caps the tab's upload speed (bytes a second; -1 lifts the
// cap), so an upload on loopback lasts long enough to be paused mid-way.
func throttleUploads(t *testing.T, ctx context.Context, bytesPerSecond float64) {
	t.Helper()
	require.NoError(t, chromedp.Do(ctx, chromedp.Func(func(ctx context.Context, target *chromedp.Target) error {
		if _, err := cdp.Call(ctx, target, network.Enable, network.EnableParams{}); err != nil {
			return fmt.Errorf("network.enable: %w", err)
		}
		// The deprecated whole-tab command: the by-rule one refuses an empty pattern in this Chromium.
		conditions := map[string]any{"offline": false, "latency": 0, "downloadThroughput": -1, "uploadThroughput": bytesPerSecond}
		if err := target.Call(ctx, "Network.emulateNetworkConditions", conditions, nil); err != nil {
			return fmt.Errorf("network.emulateNetworkConditions: %w", err)
		}
		return nil
	})))
}

// resumeAfterReload starts uploading file on a slow link, pauses it part
// way, reloads the page, adds the same file again and sees it finish as
// the same upload (one Upload of that name on the server: tus resumed it
// rather than starting over). It returns the video made of it.
func resumeAfterReload(t *testing.T, ctx context.Context, file, name string) string {
	t.Helper()
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`.vh-topbar a[href="/upload"]`))))
	browsertest.Poll[bool](t, ctx, `document.querySelector('h1')?.textContent === 'Upload videos'`)
	throttleUploads(t, ctx, 256<<10)
	require.NoError(t, chromedp.Do(ctx, chromedp.SetUploadFiles(chromedp.CSS("#vh-upload-input"), []string{file})))
	row := `document.querySelector('.vh-upload[data-file="` + name + `"]')`
	browsertest.Poll[bool](t, ctx, `(r => r && r.querySelector('progress').value >= 10)(`+row+`)`)
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`.vh-upload[data-file="`+name+`"] .vh-upload-actions button`))))
	browsertest.Poll[bool](t, ctx, row+`.dataset.state === 'paused'`)
	paused := browsertest.Eval[float64](t, ctx, row+`.querySelector('progress').value`)
	require.Less(t, paused, 100.0, "paused before the end")

	throttleUploads(t, ctx, -1)
	require.NoError(t, chromedp.Do(ctx, chromedp.Reload()))
	pollThroughNavigation(t, ctx, `(document.querySelector('[data-unfinished]')?.textContent || '').includes('`+name+`')`)
	checkPage(t, ctx, "upload-unfinished")
	require.NoError(t, chromedp.Do(ctx, chromedp.SetUploadFiles(chromedp.CSS("#vh-upload-input"), []string{file})))
	id := browsertest.Poll[string](t, ctx, `(r => r && r.dataset.videoId)(`+row+`)`)

	var uploads []struct {
		Name string `json:"name"`
	}
	mustOK(t, call(t, "GET", "/v2/uploads?limit=25", ownerOf(t), nil)).decode(t, &uploads)
	count := 0
	for _, u := range uploads {
		if u.Name == name {
			count++
		}
	}
	require.Equal(t, 1, count, "the reload resumed the upload instead of making a second one")
	return id
}
