package e2e

import (
	"context"
	"encoding/json"
	"net/http"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/gateway/web/browsertest"
)

// cspRecorder keeps the page's Content-Security-Policy violations, so a
// renderer that needs something the page policy refuses fails here.
const cspRecorder = `window.cspViolations = [];
document.addEventListener('securitypolicyviolation',
  e => window.cspViolations.push(e.violatedDirective + ' ' + e.blockedURI));`

// TestAPIReferenceRenders opens /docs/api in headless Chromium with no
// credentials: Redoc loads /v2/openapi.json and renders its operations and
// the license (Apache-2.0, as LICENSE).
// About a second after the browser has started.
func TestAPIReferenceRenders(t *testing.T) {
	if testing.Short() {
		t.Skip("drives Chromium")
	}
	doc, err := http.Get(suiteOf(t).URL + "/v2/openapi.json")
	require.NoError(t, err)
	var info struct {
		Info struct {
			License struct{ Name, Identifier string } `json:"license"`
		} `json:"info"`
	}
	require.NoError(t, json.NewDecoder(doc.Body).Decode(&info))
	doc.Body.Close()
	require.Equal(t, http.StatusOK, doc.StatusCode, "the document needs no key")
	assert.Equal(t, "Apache-2.0", info.Info.License.Identifier, "the license of LICENSE")

	ctx := browsertest.NewTab(t)
	require.NoError(t, chromedp.Do(ctx,
		chromedp.Func(func(ctx context.Context, target *chromedp.Target) error {
			_, err := cdp.Call(ctx, target, cdppage.AddScriptToEvaluateOnNewDocument,
				cdppage.AddScriptToEvaluateOnNewDocumentParams{Source: cspRecorder})
			return err
		}),
		chromedp.Navigate(suiteOf(t).URL+"/docs/api")))
	title := browsertest.Poll[string](t, ctx, `(document.querySelector('.api-info h1') || {}).textContent`)
	assert.Contains(t, title, "Vidhost")
	// An operation of the document, its envelope and a documented error code.
	browsertest.Poll[bool](t, ctx, `document.body.innerText.includes('List videos')`)
	assert.True(t, browsertest.Eval[bool](t, ctx, `document.body.innerText.includes('Videos')`))
	assert.True(t, browsertest.Eval[bool](t, ctx, `document.querySelector('.api-info').innerText.includes('License: Apache-2.0')`),
		"the reference names the license")
	assert.Empty(t, browsertest.Eval[[]string](t, ctx, `window.cspViolations`))
}
