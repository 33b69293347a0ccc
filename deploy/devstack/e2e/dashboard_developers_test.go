package e2e

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/gateway/web/browsertest"
)

// TestDashboardDeveloperPages walks the pages issue 18's second step added:
// Developers → JWT keys (a refused key's error beside its field, a pair
// generated in the browser whose private half is only downloaded, delete),
// Developers → Hooks, Folders and Categories. Each page, empty and filled,
// passes axe-core and is photographed at 1280 and 390 px.
func TestDashboardDeveloperPages(t *testing.T) {
	t.Parallel() // on a suite and in a browser context of its own (suites_test.go, browsertest.NewTab)
	if testing.Short() {
		t.Skip("a browser")
	}
	withSuite(t, newSuite(t, 0), "local", func() {
		secret := ownerWithTOTP(t)
		ctx := browsertest.NewTab(t)
		signInThroughTheDashboard(t, ctx, secret)
		jwtKeys(t, ctx)
		hooks(t, ctx)
		folders(t, ctx)
		categoriesPage(t, ctx)
	})
}

// fill sets a form control's value the way typing does (an input event),
// which is what the pages listen to; SendKeys would take seconds for a PEM.
func fill(t *testing.T, ctx context.Context, selector, value string) {
	t.Helper()
	literal, err := json.Marshal(value) // a JSON string is a JavaScript string, newlines escaped
	require.NoError(t, err)
	browsertest.Eval[chromedp.Void](t, ctx, `void (e => { e.value = `+string(literal)+`; e.dispatchEvent(new Event('input', {bubbles: true})); e.dispatchEvent(new Event('change', {bubbles: true})); })(document.querySelector(`+jsString(selector)+`))`)
}

// openSection follows a navigation link and waits for its page's heading.
func openSection(t *testing.T, ctx context.Context, href, heading string) {
	t.Helper()
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`nav a[href="`+href+`"]`))))
	browsertest.Poll[bool](t, ctx, `document.querySelector('h1')?.textContent === `+jsString(heading)+` && document.activeElement === document.querySelector('h1')`)
}

// jwtKeys: empty state, a private key pasted by mistake is refused beside the
// field, an ES256 pair made in the browser is registered (the private key is
// a PKCS #8 download, the server holds the public half), then deleted.
func jwtKeys(t *testing.T, ctx context.Context) {
	t.Helper()
	openSection(t, ctx, "/developers/jwt-keys", "JWT keys")
	browsertest.Poll[bool](t, ctx, `document.querySelector('.vh-empty')?.textContent.includes('generate a pair')`)
	checkPage(t, ctx, "jwt-keys-empty")

	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`.vh-generate button:first-of-type`))))
	browsertest.Poll[bool](t, ctx, `!!document.getElementById('vh-private-download')`)
	// The download is the link's data: URL, saved under a .pem name.
	require.True(t, browsertest.Eval[bool](t, ctx, `document.getElementById('vh-private-download').download.endsWith('-private.pem')`))
	private := browsertest.Eval[string](t, ctx, `atob(document.getElementById('vh-private-download').href.split(',')[1])`)
	require.True(t, strings.HasPrefix(private, "-----BEGIN PRIVATE KEY-----\n"), private)
	public := browsertest.Eval[string](t, ctx, `document.getElementById('vh-jwt-public-key').value`)
	require.True(t, strings.HasPrefix(public, "-----BEGIN PUBLIC KEY-----\n"), public)

	// The private key pasted in the public key's place: the API's refusal
	// names public_key, and the page shows it under that field.
	fill(t, ctx, "#vh-jwt-name", "viewer tokens")
	fill(t, ctx, "#vh-jwt-public-key", private)
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`form.vh-form button[type=submit]`))))
	message := browsertest.Poll[string](t, ctx, `document.getElementById('vh-jwt-public-key-error').textContent`)
	require.Contains(t, message, "never send the private key")
	require.Equal(t, "true", browsertest.Eval[string](t, ctx, `document.getElementById('vh-jwt-public-key').getAttribute('aria-invalid')`))
	require.Empty(t, browsertest.Eval[string](t, ctx, `document.getElementById('vh-jwt-name-error').textContent`), "the name was fine")
	checkPage(t, ctx, "jwt-keys-error")

	fill(t, ctx, "#vh-jwt-public-key", public)
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`form.vh-form button[type=submit]`))))
	rows := `[...document.querySelectorAll('.vh-table tbody tr')]`
	browsertest.Poll[bool](t, ctx, rows+`.some(r => r.cells[0].textContent === 'viewer tokens' && r.cells[2].textContent === 'ES256')`)
	id := browsertest.Eval[string](t, ctx, rows+`[0].dataset.jwtKeyId`)
	var key struct {
		Name      string `json:"name"`
		PublicKey string `json:"public_key"`
	}
	mustOK(t, call(t, "GET", "/v2/jwt_keys/"+id, ownerOf(t), nil)).decode(t, &key)
	require.Equal(t, "viewer tokens", key.Name)
	require.Equal(t, strings.TrimSpace(public), strings.TrimSpace(key.PublicKey), "the generated public key is the one registered")
	checkPage(t, ctx, "jwt-keys")

	browsertest.Eval[chromedp.Void](t, ctx, `void `+rows+`[0].querySelector('.vh-button-danger').click()`)
	browsertest.Poll[bool](t, ctx, `document.querySelector('dialog[open]') !== null`)
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`dialog[open] .vh-button-danger`))))
	browsertest.Poll[bool](t, ctx, `document.querySelector('dialog[open]') === null && !!document.querySelector('.vh-empty')`)
	mustFail(t, call(t, "GET", "/v2/jwt_keys/"+id, ownerOf(t), nil), http.StatusNotFound, "")
}

// hooks: without a service the page says to make one; with one, a hook with
// a filter the API refuses shows the error under the filters, the corrected
// one is listed, edited on its page (its empty deliveries log says what
// fills it) and deleted.
func hooks(t *testing.T, ctx context.Context) {
	t.Helper()
	openSection(t, ctx, "/developers/hooks", "Hooks")
	browsertest.Poll[bool](t, ctx, `!!document.getElementById('vh-no-services')`)
	checkPage(t, ctx, "hooks-no-service")

	mustOK(t, call(t, "POST", "/v2/services", ownerOf(t), map[string]any{
		"name": "Local receiver", "type": "webhook", "url": "http://127.0.0.1:9/in", // the devstack allows this machine
	}))
	require.NoError(t, chromedp.Do(ctx, chromedp.Reload()))
	browsertest.Poll[bool](t, ctx, `!!document.getElementById('vh-hook-name') && document.querySelector('.vh-empty')?.textContent.includes('create one above')`)
	checkPage(t, ctx, "hooks-empty")

	fill(t, ctx, "#vh-hook-name", "launch videos")
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`fieldset button.vh-button-small`))))
	browsertest.Poll[bool](t, ctx, `!!document.getElementById('vh-hook-filter-0-field')`)
	fill(t, ctx, "#vh-hook-filter-0-field", "tags")
	fill(t, ctx, "#vh-hook-filter-0-operator", ">")
	fill(t, ctx, "#vh-hook-filter-0-value", "launch")
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`form.vh-form button[type=submit]`))))
	// The envelope's field is filters[0].operator: the message sits under that select.
	message := browsertest.Poll[string](t, ctx, `document.getElementById('vh-hook-filter-0-operator-error').textContent`)
	require.Contains(t, message, "filters[0].operator")
	require.Equal(t, "true", browsertest.Eval[string](t, ctx, `document.getElementById('vh-hook-filter-0-operator').getAttribute('aria-invalid')`))
	require.Empty(t, browsertest.Eval[string](t, ctx, `document.getElementById('vh-hook-filters-error').textContent`), "not repeated for the whole list")
	require.Empty(t, browsertest.Eval[string](t, ctx, `document.getElementById('vh-hook-name-error').textContent`))
	checkPage(t, ctx, "hooks-error")

	fill(t, ctx, "#vh-hook-filter-0-operator", "==")
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`form.vh-form button[type=submit]`))))
	rows := `[...document.querySelectorAll('.vh-table tbody tr')]`
	browsertest.Poll[bool](t, ctx, rows+`.some(r => r.cells[0].textContent === 'launch videos' && r.cells[2].textContent === 'Local receiver' && r.cells[3].textContent.startsWith('1'))`)
	id := browsertest.Eval[string](t, ctx, rows+`[0].dataset.hookId`)
	checkPage(t, ctx, "hooks")

	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`.vh-table a[href="/developers/hooks/`+id+`"]`))))
	browsertest.Poll[bool](t, ctx, `document.querySelector('h1')?.textContent === 'Hook “launch videos”' && document.querySelector('.vh-empty')?.textContent.includes('No deliveries yet')`)
	require.Equal(t, "tags", browsertest.Eval[string](t, ctx, `document.getElementById('vh-hook-edit-filter-0-field').value`))
	checkPage(t, ctx, "hook")
	fill(t, ctx, "#vh-hook-edit-name", "launch and news")
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`form.vh-form button[type=submit]`))))
	browsertest.Poll[bool](t, ctx, `document.querySelector('h1')?.textContent === 'Hook “launch and news”'`)
	var hook struct {
		Name    string `json:"name"`
		Filters []struct {
			Field, Operator, Value string
		} `json:"filters"`
	}
	mustOK(t, call(t, "GET", "/v2/hooks/"+id, ownerOf(t), nil)).decode(t, &hook)
	require.Equal(t, "launch and news", hook.Name)
	require.Len(t, hook.Filters, 1)
	require.Equal(t, "==", hook.Filters[0].Operator)

	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`.vh-danger-zone > button`))))
	browsertest.Poll[bool](t, ctx, `document.querySelector('dialog[open]') !== null`)
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`dialog[open] .vh-button-danger`))))
	browsertest.Poll[bool](t, ctx, `location.pathname === '/developers/hooks' && document.querySelector('.vh-empty')?.textContent.includes('create one above')`)
	mustFail(t, call(t, "GET", "/v2/hooks/"+id, ownerOf(t), nil), http.StatusNotFound, "")
	alertHookKeepsItsEvent(t, ctx)
}

// alertHookKeepsItsEvent: a video.experience_degraded hook's page shows its
// event, and saving the page (a rename) keeps it, filters on the alert's
// fields included.
func alertHookKeepsItsEvent(t *testing.T, ctx context.Context) {
	t.Helper()
	var services []struct {
		ID string `json:"id"`
	}
	mustOK(t, call(t, "GET", "/v2/services", ownerOf(t), nil)).decode(t, &services)
	require.NotEmpty(t, services)
	var created struct {
		ID string `json:"id"`
	}
	mustOK(t, call(t, "POST", "/v2/hooks", ownerOf(t), map[string]any{"name": "bad hours", "event": "video.experience_degraded",
		"service": services[0].ID, "action": "videos.insert",
		"filters": []map[string]any{{"field": "conditions", "operator": "==", "value": "error_rate"}}})).decode(t, &created)
	require.NoError(t, chromedp.Do(ctx, chromedp.Reload()))
	link := `.vh-table a[href="/developers/hooks/` + created.ID + `"]`
	browsertest.Poll[bool](t, ctx, `!!document.querySelector('`+link+`')`)
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(link))))
	browsertest.Poll[bool](t, ctx, `document.querySelector('h1')?.textContent === 'Hook “bad hours”'`)
	browsertest.Poll[bool](t, ctx, `document.getElementById('vh-hook-edit-event')?.value === 'video.experience_degraded'`)
	fill(t, ctx, "#vh-hook-edit-name", "bad hours, errors")
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`form.vh-form button[type=submit]`))))
	browsertest.Poll[bool](t, ctx, `document.querySelector('h1')?.textContent === 'Hook “bad hours, errors”'`)
	var hook struct {
		Event string `json:"event"`
	}
	mustOK(t, call(t, "GET", "/v2/hooks/"+created.ID, ownerOf(t), nil)).decode(t, &hook)
	require.Equal(t, "video.experience_degraded", hook.Event)
	mustOK(t, call(t, "DELETE", "/v2/hooks/"+created.ID, ownerOf(t), nil))
}

// folders: empty state, a top-level folder and one inside it, a rename in
// place (Enter saves, focus comes back to the row), the API's refusal to
// delete a folder with sub-folders shown on the page, then deletes.
func folders(t *testing.T, ctx context.Context) {
	t.Helper()
	openSection(t, ctx, "/folders", "Folders")
	browsertest.Poll[bool](t, ctx, `document.querySelector('.vh-empty')?.textContent.includes('create one above')`)
	checkPage(t, ctx, "folders-empty")
	rows := `[...document.querySelectorAll('.vh-table tbody tr')]`
	fill(t, ctx, "#vh-folder-name", "Launches")
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`form.vh-form button[type=submit]`))))
	browsertest.Poll[bool](t, ctx, rows+`.length === 1 && [...document.querySelectorAll('#vh-folder-parent-id option')].length === 2`)
	parent := browsertest.Eval[string](t, ctx, rows+`[0].dataset.itemId`)
	fill(t, ctx, "#vh-folder-name", "2026")
	fill(t, ctx, "#vh-folder-parent-id", parent)
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`form.vh-form button[type=submit]`))))
	browsertest.Poll[bool](t, ctx, rows+`.some(r => r.cells[0].textContent === '2026' && r.cells[1].textContent === 'Launches')`)
	checkPage(t, ctx, "folders")

	// Rename "Launches" from the keyboard.
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`tr[data-item-id="`+parent+`"] button`))))
	browsertest.Poll[bool](t, ctx, `document.activeElement?.id === 'vh-rename-folder-name'`)
	checkPage(t, ctx, "folders-rename")
	fill(t, ctx, "#vh-rename-folder-name", "Product launches")
	require.NoError(t, chromedp.Do(ctx, chromedp.KeyEvent("\r")))
	browsertest.Poll[bool](t, ctx, rows+`.some(r => r.cells[0].textContent === 'Product launches') && document.activeElement?.closest('tr')?.dataset.itemId === `+jsString(parent))
	var folder struct {
		Name string `json:"name"`
	}
	mustOK(t, call(t, "GET", "/v2/folders/"+parent, ownerOf(t), nil)).decode(t, &folder)
	require.Equal(t, "Product launches", folder.Name)

	deleteRow := func(id string) {
		require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`tr[data-item-id="`+id+`"] .vh-button-danger`))))
		browsertest.Poll[bool](t, ctx, `document.querySelector('dialog[open]') !== null`)
		require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`dialog[open] .vh-button-danger`))))
		browsertest.Poll[bool](t, ctx, `document.querySelector('dialog[open]') === null`)
	}
	deleteRow(parent)
	browsertest.Poll[bool](t, ctx, `document.querySelector('.vh-problem')?.textContent.includes('sub-folders')`)
	child := browsertest.Eval[string](t, ctx, rows+`.find(r => r.cells[0].textContent === '2026').dataset.itemId`)
	deleteRow(child)
	browsertest.Poll[bool](t, ctx, rows+`.length === 1`)
	deleteRow(parent)
	browsertest.Poll[bool](t, ctx, `!!document.querySelector('.vh-empty')`)
	mustFail(t, call(t, "GET", "/v2/folders/"+parent, ownerOf(t), nil), http.StatusNotFound, "")
}

// categoriesPage: a category with a label and a value, a rename whose too
// long value is refused beside that field, then delete.
func categoriesPage(t *testing.T, ctx context.Context) {
	t.Helper()
	openSection(t, ctx, "/categories", "Categories")
	browsertest.Poll[bool](t, ctx, `document.querySelector('.vh-empty')?.textContent.includes('create one above')`)
	checkPage(t, ctx, "categories-empty")
	rows := `[...document.querySelectorAll('.vh-table tbody tr')]`
	fill(t, ctx, "#vh-category-name", "Sports")
	fill(t, ctx, "#vh-category-value", "sports")
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`form.vh-form button[type=submit]`))))
	browsertest.Poll[bool](t, ctx, rows+`.some(r => r.cells[0].textContent === 'Sports' && r.cells[1].textContent === 'sports')`)
	id := browsertest.Eval[string](t, ctx, rows+`[0].dataset.itemId`)
	checkPage(t, ctx, "categories")

	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`tr[data-item-id="`+id+`"] button`))))
	browsertest.Poll[bool](t, ctx, `!!document.getElementById('vh-rename-category-value')`)
	// maxLength stops typing, not a value set by script: the API's rule is what answers.
	fill(t, ctx, "#vh-rename-category-value", strings.Repeat("x", 41))
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`tr[data-item-id="`+id+`"] button[type=submit]`))))
	message := browsertest.Poll[string](t, ctx, `document.getElementById('vh-rename-category-value-error').textContent`)
	require.Contains(t, message, "value")
	require.Empty(t, browsertest.Eval[string](t, ctx, `document.getElementById('vh-rename-category-name-error').textContent`))
	require.Len(t, browsertest.Eval[string](t, ctx, `document.getElementById('vh-rename-category-value').value`), 41, "the refused value stays to be corrected")
	checkPage(t, ctx, "categories-error")
	fill(t, ctx, "#vh-rename-category-value", "sport")
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`tr[data-item-id="`+id+`"] button[type=submit]`))))
	browsertest.Poll[bool](t, ctx, rows+`.some(r => r.cells[1]?.textContent === 'sport')`)

	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`tr[data-item-id="`+id+`"] .vh-button-danger`))))
	browsertest.Poll[bool](t, ctx, `document.querySelector('dialog[open]') !== null`)
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`dialog[open] .vh-button-danger`))))
	browsertest.Poll[bool](t, ctx, `!!document.querySelector('.vh-empty')`)
	mustFail(t, call(t, "GET", "/v2/categories/"+id, ownerOf(t), nil), http.StatusNotFound, "")
}
