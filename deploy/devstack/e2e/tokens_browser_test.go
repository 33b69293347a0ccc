package e2e

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/gateway/web/browsertest"
)

// docsUploadPage is the browser example of docs/tokens.md, pointed at the
// suite: the test runs what the documentation shows.
func docsUploadPage(t *testing.T) string {
	t.Helper()
	doc, err := os.ReadFile("../../../docs/tokens.md")
	require.NoError(t, err)
	_, rest, ok := strings.Cut(string(doc), "<!-- browser-upload.html")
	require.True(t, ok, "docs/tokens.md has the browser-upload.html example")
	_, rest, _ = strings.Cut(rest, "```html\n")
	page, _, ok := strings.Cut(rest, "```")
	require.True(t, ok)
	const placeholder = "'https://videos.example.com'"
	require.Contains(t, page, placeholder)
	return strings.Replace(page, placeholder, "'"+suiteOf(t).URL+"'", 1)
}

// customerSite is a customer's own origin (its own server and port): the
// page of docs/tokens.md, and the backend route that mints an upload token
// with the customer's key.
func customerSite(t *testing.T, page string) *httptest.Server {
	t.Helper()
	site := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/upload-token" {
			w.Header().Set("Content-Type", "application/json")
			_ = json.NewEncoder(w).Encode(map[string]string{"token": mintUploadToken(t, 10<<20)})
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		_, _ = w.Write([]byte(page))
	}))
	t.Cleanup(site.Close)
	return site
}

// TestBrowserUploadsWithAnUploadToken is the done-when of tokens: a page on
// another origin uploads a clip with an upload token, in headless Chromium,
// and the video becomes ready; a viewer token then opens it, made private.
// About 5 s (a real worker, a 2 s clip).
func TestBrowserUploadsWithAnUploadToken(t *testing.T) {
	t.Parallel() // on a suite of its own (suites_test.go)
	clip := makeClip(t, 320, 240, 2)
	withSuite(t, newSuite(t, 1), "local", func() {
		site := customerSite(t, docsUploadPage(t))
		ctx := browsertest.NewTab(t)
		require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(site.URL+"/"),
			chromedp.SetUploadFiles("#file", []string{clip}))) // as if a person chose the file
		result := browsertest.Poll[string](t, ctx,
			`(s => s.dataset.videoId || (s.dataset.error && 'error: ' + s.dataset.error))(document.getElementById('status'))`)
		require.Regexp(t, `^[A-Za-z0-9_-]{21}$`, result)

		v := waitReady(t, result)
		require.InDelta(t, 2, v.Duration, 0.5)
		assertViewerTokenOpens(t, v.ID)
	})
}
