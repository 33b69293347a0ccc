package e2e

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/gateway/web/browsertest"
)

// uploaderPage is a customer's page, as docs/tokens.md shows it: it gets a
// token (here in its URL, standing in for its backend), declares the
// upload, PUTs the file and creates the video, all cross-origin.
const uploaderPage = `<!doctype html>
<meta charset="utf-8">
<title>Customer upload page</title>
<script>
async function upload(api, token, file) {
  const auth = { Authorization: 'Bearer ' + token, 'Content-Type': 'application/json' };
  let res = await fetch(api + '/v2/uploads', { method: 'POST', headers: auth,
    body: JSON.stringify({ name: file.name, size: file.size }) });
  let body = await res.json();
  if (!body.success) throw new Error('upload: ' + body.errors[0].message);
  const up = body.result;
  res = await fetch(up.url, { method: 'PUT', body: file });
  if (!res.ok) throw new Error('PUT: ' + res.status);
  res = await fetch(api + '/v2/videos', { method: 'POST', headers: auth,
    body: JSON.stringify({ name: 'From the browser', input: 'svc://uploads/' + up.id }) });
  body = await res.json();
  if (!body.success) throw new Error('video: ' + body.errors[0].message);
  return body.result.id;
}
window.addEventListener('load', async () => {
  const params = new URLSearchParams(location.search);
  try {
    const clip = await (await fetch('/clip.mp4')).blob();
    const file = new File([clip], 'clip.mp4', { type: 'video/mp4' });
    window.result = 'video:' + await upload(params.get('api'), params.get('token'), file);
  } catch (e) {
    window.result = 'error:' + e.message;
  }
});
</script>`

// TestBrowserUploadsWithAnUploadToken is the done-when of tokens: a page on
// another origin (its own server, another port) uploads a clip with an
// upload token and the video becomes ready; a viewer token then opens it,
// made private. About 5 s (a real worker, a 2 s clip).
func TestBrowserUploadsWithAnUploadToken(t *testing.T) {
	clip := makeClip(t, 320, 240, 2)
	withSuite(t, newSuite(t, 1), "local", func() {
		origin := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.URL.Path == "/clip.mp4" {
				http.ServeFile(w, r, clip)
				return
			}
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			_, _ = w.Write([]byte(uploaderPage))
		}))
		t.Cleanup(origin.Close)
		token := mintUploadToken(t, 10<<20)

		ctx := browsertest.NewTab(t)
		page := origin.URL + "/?" + url.Values{"api": {suite.URL}, "token": {token}}.Encode()
		_, err := chromedp.Run(ctx, chromedp.Navigate(page))
		require.NoError(t, err)
		result := browsertest.Poll[string](t, ctx, `window.result`)
		require.Regexp(t, `^video:[A-Za-z0-9_-]{21}$`, result)

		v := waitReady(t, result[len("video:"):])
		require.InDelta(t, 2, v.Duration, 0.5)
		assertViewerTokenOpens(t, v.ID)
	})
}
