package e2e

import (
	"context"
	"math"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/gateway/web/browsertest"
)

// detailedVideo is a Video with the parts the video page edits.
type detailedVideo struct {
	video
	Thumbnail string          `json:"thumbnail"`
	Tracks    []attachedTrack `json:"tracks"`
}

func getDetailed(t *testing.T, id string) detailedVideo {
	t.Helper()
	var v detailedVideo
	mustOK(t, call(t, "GET", "/v2/videos/"+id, ownerOf(t), nil)).decode(t, &v)
	return v
}

// TestDashboardVideoDetail walks issue 18's video detail on a ready video
// in headless Chromium: a WebVTT track uploaded (a bad language refused
// beside its field first) and offered by the player, a transcribe asked
// for and its status shown, a card the player draws (then edited), chapters (a start
// used twice refused beside the start field), a gate whose leads are
// listed and exported as formula-safe CSV, a hotspot dragged on the video
// and nudged with the keyboard (then renamed), the thumbnail sent as a PNG (made a JPEG)
// and then taken from the player's frame, a category ticked, and a share link of the private video that
// opens it without a session. Each state passes axe-core at 1280 and 390
// px and is photographed. About 40 s with one transcode worker.
func TestDashboardVideoDetail(t *testing.T) {
	t.Parallel() // on a suite and in a browser context of its own (suites_test.go, browsertest.NewTab)
	if testing.Short() {
		t.Skip("a browser and a transcode worker")
	}
	clip := namedClip(t, "detail.mp4", 4)
	withSuite(t, newSuite(t, 1), "local", func() {
		secret := ownerWithTOTP(t)
		ctx := browsertest.NewTab(t)
		signInThroughTheDashboard(t, ctx, secret) // expects an empty list: before the video
		mustOK(t, call(t, "POST", "/v2/categories", ownerOf(t), map[string]any{"name": "Sport", "value": "sport"}))
		data, err := os.ReadFile(clip)
		require.NoError(t, err)
		ref, _ := uploadForVideo(t, "detail.mp4", data)
		id := createVideo(t, map[string]any{"name": "Detail", "input": ref, "privacy": "public"}).ID
		waitReady(t, id)

		require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(suiteOf(t).URL+"/videos/"+id)))
		pollThroughNavigation(t, ctx, `!!document.getElementById('vh-track-form') && !!document.querySelector('.vh-player iframe')`)
		checkPage(t, ctx, "video-detail-empty")

		openTab(t, ctx, "captions")
		addTrack(t, ctx, id)
		askTranscribe(t, ctx, id)
		openTab(t, ctx, "interactivity")
		addCard(t, ctx, id)
		openTab(t, ctx, "chapters")
		addChapters(t, ctx, id)
		openTab(t, ctx, "interactivity")
		gateAndLeads(t, ctx, id)
		dragHotspot(t, ctx, id)
		openTab(t, ctx, "overview")
		thumbnailFromFrame(t, ctx, id)
		tickCategory(t, ctx, id)
		checkPage(t, ctx, "video-detail")
		openTab(t, ctx, "share")
		shareLink(t, ctx, id)
	})
}

// openTab selects a tab of the video page (its id: overview, captions,
// interactivity, chapters, share, analytics) and waits for its panel.
func openTab(t *testing.T, ctx context.Context, tab string) {
	t.Helper()
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#vh-tab-`+tab))))
	browsertest.Poll[bool](t, ctx, `document.getElementById('vh-tab-`+tab+`').getAttribute('aria-selected') === 'true' && !document.getElementById('vh-tabpanel-`+tab+`').hidden`)
}

// submit clicks a form's submit button.
func submit(t *testing.T, ctx context.Context, form string) {
	t.Helper()
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(form+` button[type=submit]`))))
}

// pollPlayer reloads the page's player until expression (evaluated with
// frame, the player's document) is true: the edge reuses a video it looked
// up for a few seconds, so a change can take one reload more to show.
func pollPlayer(t *testing.T, ctx context.Context, expression string) {
	t.Helper()
	deadline := time.Now().Add(browsertest.WaitTimeout)
	check := `(() => { const frame = document.querySelector('.vh-player iframe')?.contentDocument; return !!frame && !!frame.querySelector('.video-js') && (` + expression + `); })()`
	for {
		require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#vh-player-reload`))))
		end := time.Now().Add(2 * time.Second)
		for time.Now().Before(end) {
			if done, err := chromedp.Run(ctx, chromedp.Evaluate[bool](check)); err == nil && done {
				return
			}
			time.Sleep(browsertest.PollInterval)
		}
		require.True(t, time.Now().Before(deadline), "the player never showed: %s", expression)
	}
}

func addTrack(t *testing.T, ctx context.Context, id string) {
	t.Helper()
	vtt := filepath.Join(t.TempDir(), "english.vtt")
	require.NoError(t, os.WriteFile(vtt, []byte(trackCaptions), 0o644))
	require.NoError(t, chromedp.Do(ctx, chromedp.SetUploadFiles(chromedp.CSS("#vh-track-file"), []string{vtt})))
	fill(t, ctx, "#vh-track-label", "English")
	fill(t, ctx, "#vh-track-language", "xx")
	submit(t, ctx, "#vh-track-form")
	message := browsertest.Poll[string](t, ctx, `document.getElementById('vh-track-language-error').textContent`)
	assert.True(t, strings.HasPrefix(message, "language"), "the refusal is beside the language field: %q", message)
	assert.Equal(t, "true", browsertest.Eval[string](t, ctx, `document.getElementById('vh-track-language').getAttribute('aria-invalid')`))
	assert.Empty(t, browsertest.Eval[string](t, ctx, `document.getElementById('vh-track-label-error').textContent`))
	checkPage(t, ctx, "video-detail-track-error")

	fill(t, ctx, "#vh-track-language", "en")
	submit(t, ctx, "#vh-track-form")
	browsertest.Poll[bool](t, ctx, `document.querySelectorAll('#vh-track-list li').length === 1`)
	tracks := getDetailed(t, id).Tracks
	require.Len(t, tracks, 1)
	assert.Equal(t, "English", tracks[0].Label)
	assert.Equal(t, "en", tracks[0].Language)
	assert.Equal(t, "subtitles", tracks[0].Kind)
	status, body := fetchMedia(t, tracks[0].URL)
	require.Equal(t, http.StatusOK, status)
	assert.Equal(t, trackCaptions, string(body), "the file the browser chose")
	pollPlayer(t, ctx, `(p => !!p && Array.from(p.textTracks()).some(track => track.label === 'English'))(frame.querySelector('.video-js').player)`)
}

func askTranscribe(t *testing.T, ctx context.Context, id string) {
	t.Helper()
	submit(t, ctx, "#vh-transcribe-form")
	status := browsertest.Poll[string](t, ctx, `document.querySelector('#vh-transcribes li[data-transcribe-id]')?.dataset.status`)
	assert.Contains(t, []string{"queued", "processing", "ready", "error"}, status)
	var listed []transcribe
	mustOK(t, call(t, "GET", "/v2/transcribes?video_id="+id, ownerOf(t), nil)).decode(t, &listed)
	require.Len(t, listed, 1)
	assert.Equal(t, "en-US", listed[0].Language)
	assert.Equal(t, "Automatic transcript", listed[0].Label)
	assert.Equal(t, listed[0].ID, browsertest.Eval[string](t, ctx, `document.querySelector('#vh-transcribes li[data-transcribe-id]').dataset.transcribeId`))
}

func addCard(t *testing.T, ctx context.Context, id string) {
	t.Helper()
	fill(t, ctx, "#vh-card-name", "Shop")
	fill(t, ctx, "#vh-card-at", "0")
	fill(t, ctx, "#vh-card-until", "3")
	fill(t, ctx, "#vh-card-top-text", "Like it?")
	fill(t, ctx, "#vh-card-link", "https://shop.example.invalid/")
	fill(t, ctx, "#vh-card-link-text", "Buy")
	submit(t, ctx, "#vh-card-form")
	browsertest.Poll[bool](t, ctx, `document.querySelectorAll('#vh-card-list li').length === 1`)
	cards := getDetailed(t, id).Cards
	require.Len(t, cards, 1)
	assert.Equal(t, card{ID: cards[0].ID, Name: "Shop", At: 0, Until: 3, TopText: "Like it?", Link: "https://shop.example.invalid/", LinkText: "Buy"}, cards[0])
	pollPlayer(t, ctx, `!!frame.querySelector('.vh-card[data-card-id="`+cards[0].ID+`"]')`)

	// Edit: the form takes the card's values, and saving changes only what changed.
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#vh-card-list li[data-card-id="`+cards[0].ID+`"] button:not(.vh-button-danger)`))))
	browsertest.Poll[bool](t, ctx, `document.getElementById('vh-card-link').value === 'https://shop.example.invalid/' && document.activeElement === document.getElementById('vh-card-name')`)
	fill(t, ctx, "#vh-card-until", "4")
	submit(t, ctx, "#vh-card-form")
	browsertest.Poll[bool](t, ctx, `document.getElementById('vh-card-form-title').textContent === 'Add a card' && document.getElementById('vh-card-link').value === ''`)
	edited := getDetailed(t, id).Cards
	require.Len(t, edited, 1)
	cards[0].Until = 4
	assert.Equal(t, cards[0], edited[0])
}

func addChapters(t *testing.T, ctx context.Context, id string) {
	t.Helper()
	for i, name := range []string{"Intro", "Again"} {
		fill(t, ctx, "#vh-chapter-name", name)
		fill(t, ctx, "#vh-chapter-start", "00:00:00")
		submit(t, ctx, "#vh-chapter-form")
		if i == 0 {
			browsertest.Poll[bool](t, ctx, `document.querySelectorAll('#vh-chapter-list li').length === 1`)
		}
	}
	message := browsertest.Poll[string](t, ctx, `document.getElementById('vh-chapter-start-error').textContent`)
	assert.Equal(t, "start is already used by another chapter of the video", message)
	fill(t, ctx, "#vh-chapter-start", "00:00:02")
	submit(t, ctx, "#vh-chapter-form")
	browsertest.Poll[bool](t, ctx, `document.querySelectorAll('#vh-chapter-list li').length === 2`)
	chapters := getDetailed(t, id).Chapters
	require.Len(t, chapters, 2)
	assert.Equal(t, []chapter{{ID: chapters[0].ID, Name: "Intro", Start: "00:00:00"}, {ID: chapters[1].ID, Name: "Again", Start: "00:00:02"}}, chapters)
}

// gateAndLeads adds a gate, sends two leads as viewers would (one whose
// name a spreadsheet would run as a formula), and exports the CSV.
func gateAndLeads(t *testing.T, ctx context.Context, id string) {
	t.Helper()
	fill(t, ctx, "#vh-gate-name", "Contact")
	fill(t, ctx, "#vh-gate-at", "1")
	fill(t, ctx, "#vh-gate-checkbox-text", "Send me news")
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#vh-gate-field-first_name`))))
	submit(t, ctx, "#vh-gate-form")
	browsertest.Poll[bool](t, ctx, `document.querySelectorAll('#vh-gate-list li').length === 1`)
	gates := getDetailed(t, id).Gates
	require.Len(t, gates, 1)
	assert.Equal(t, gate{ID: gates[0].ID, Name: "Contact", At: 1, CheckboxText: "Send me news", Fields: []string{"email", "first_name"}}, gates[0])

	leads := []map[string]any{
		{"gate_id": gates[0].ID, "fields": map[string]any{"email": "ada@example.com", "first_name": `=HYPERLINK("http://evil.example")`}, "checkbox": true},
		{"gate_id": gates[0].ID, "fields": map[string]any{"email": "grace@example.com", "first_name": `Grace, "Amazing"`}, "checkbox": false},
	}
	for _, body := range leads {
		// The edge may hold the video as it was before the gate for a few seconds.
		deadline := time.Now().Add(10 * time.Second)
		for {
			r := postLead(t, id, body)
			if r.Status == http.StatusAccepted {
				break
			}
			require.True(t, time.Now().Before(deadline), "lead refused: %s", r.Raw)
			time.Sleep(time.Second)
		}
	}
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#vh-leads .vh-actions-start button:first-child`))))
	browsertest.Poll[bool](t, ctx, `document.querySelectorAll('#vh-lead-table tbody tr').length === 2`)
	// The export is a Blob handed to a download link: keep a copy to read.
	browsertest.Eval[chromedp.Void](t, ctx, `void (() => { const make = URL.createObjectURL; window.vhExported = []; URL.createObjectURL = (b) => { window.vhExported.push(b); return make.call(URL, b); }; })()`)
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#vh-leads-export`))))
	browsertest.Poll[bool](t, ctx, `window.vhExported.length === 1`)
	exported, err := chromedp.Run(ctx, chromedp.Evaluate[string](`window.vhExported[0].text()`, chromedp.EvalAwaitPromise))
	require.NoError(t, err)
	lines := strings.Split(strings.TrimPrefix(exported, "\uFEFF"), "\r\n")
	require.Len(t, lines, 4, "a header, two leads and the final line break: %q", exported)
	assert.Equal(t, `"created_time","gate","email","first_name","last_name","telephone","checkbox"`, lines[0])
	assert.Regexp(t, `^"[0-9T:.\-]+Z","Contact","ada@example.com","'=HYPERLINK\(""http://evil.example""\)","","","yes"$`, lines[1],
		"a formula is quoted text, prefixed with '")
	assert.Regexp(t, `^"[0-9T:.\-]+Z","Contact","grace@example.com","Grace, ""Amazing""","","","no"$`, lines[2])
	assert.Empty(t, lines[3])
	checkPage(t, ctx, "video-detail-leads")
}

// dragHotspot adds a hotspot at the centre, drags its handle on the
// player to a quarter across and three quarters down, then moves it one
// percent right with the arrow key; the API has each position.
func dragHotspot(t *testing.T, ctx context.Context, id string) {
	t.Helper()
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#vh-hotspot-edit`))))
	browsertest.Poll[bool](t, ctx, `!!document.getElementById('vh-hotspot-layer')`)
	fill(t, ctx, "#vh-hotspot-name", "Logo")
	fill(t, ctx, "#vh-hotspot-link", "https://brand.example.invalid/")
	fill(t, ctx, "#vh-hotspot-at", "0")
	fill(t, ctx, "#vh-hotspot-until", "4")
	submit(t, ctx, "#vh-hotspot-form")
	spotID := browsertest.Poll[string](t, ctx, `document.querySelector('#vh-hotspot-layer [data-hotspot-id]')?.dataset.hotspotId`)
	spots := getDetailed(t, id).Hotspots
	require.Len(t, spots, 1)
	assert.Equal(t, 50.0, spots[0].X)
	assert.Equal(t, 50.0, spots[0].Y)

	require.NoError(t, chromedp.Do(ctx, chromedp.ScrollIntoView(chromedp.CSS(`#vh-hotspot-layer`))))
	box := browsertest.Eval[map[string]float64](t, ctx, `(() => { const r = document.getElementById('vh-hotspot-layer').getBoundingClientRect(); return {left: r.left, top: r.top, width: r.width, height: r.height}; })()`)
	fromX, fromY := box["left"]+box["width"]/2, box["top"]+box["height"]/2
	toX, toY := box["left"]+box["width"]/4, box["top"]+box["height"]*3/4
	held := func(p *input.DispatchMouseEventParams) {
		p.Button, p.Buttons, p.ClickCount = input.MouseButtonLeft, 1, 1
	}
	released := func(p *input.DispatchMouseEventParams) {
		p.Button, p.Buttons, p.ClickCount = input.MouseButtonLeft, 0, 1
	}
	require.NoError(t, chromedp.Do(ctx,
		chromedp.MouseEvent(input.DispatchMouseEventTypeMousePressed, fromX, fromY, held),
		chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, (fromX+toX)/2, (fromY+toY)/2, held),
		chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, toX, toY, held),
		chromedp.MouseEvent(input.DispatchMouseEventTypeMouseReleased, toX, toY, released),
	))
	near := func(want, got float64) bool { return math.Abs(want-got) <= 0.5 }
	deadline := time.Now().Add(browsertest.WaitTimeout)
	for spot := getDetailed(t, id).Hotspots[0]; !near(25, spot.X) || !near(75, spot.Y); spot = getDetailed(t, id).Hotspots[0] {
		require.True(t, time.Now().Before(deadline), "the hotspot stayed at %v,%v", spot.X, spot.Y)
		time.Sleep(browsertest.PollInterval)
	}
	checkPage(t, ctx, "video-detail-hotspots")

	// The keyboard's way: the handle takes the arrow keys.
	browsertest.Eval[chromedp.Void](t, ctx, `void document.querySelector('#vh-hotspot-layer [data-hotspot-id="`+spotID+`"]').focus()`)
	before := getDetailed(t, id).Hotspots[0].X
	require.NoError(t, chromedp.Do(ctx, chromedp.KeyEvent(kb.ArrowRight)))
	for spot := getDetailed(t, id).Hotspots[0]; !near(before+1, spot.X); spot = getDetailed(t, id).Hotspots[0] {
		require.True(t, time.Now().Before(deadline), "the arrow key did not move the hotspot from %v (now %v)", before, spot.X)
		time.Sleep(browsertest.PollInterval)
	}
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#vh-hotspot-edit`))))
	browsertest.Poll[bool](t, ctx, `!document.getElementById('vh-hotspot-layer')`)

	// Edit through the form (a Set B PATCH): the rest of it stays.
	moved := getDetailed(t, id).Hotspots[0]
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#vh-hotspot-list li[data-hotspot-id="`+spotID+`"] > button:not(.vh-button-danger)`))))
	browsertest.Poll[bool](t, ctx, `document.getElementById('vh-hotspot-name').value === 'Logo' && document.getElementById('vh-hotspot-until').value === '4'`)
	fill(t, ctx, "#vh-hotspot-name", "Brand")
	submit(t, ctx, "#vh-hotspot-form")
	browsertest.Poll[bool](t, ctx, `document.getElementById('vh-hotspot-form-title').textContent === 'Add a hotspot'`)
	edited := getDetailed(t, id).Hotspots
	require.Len(t, edited, 1)
	moved.Name = "Brand"
	assert.Equal(t, moved, edited[0])
}

// thumbnailFromFrame sends a PNG, which the page makes a JPEG, then picks
// the frame the player shows; each becomes the thumbnail.
func thumbnailFromFrame(t *testing.T, ctx context.Context, id string) {
	t.Helper()
	poster := filepath.Join(t.TempDir(), "poster.png")
	require.NoError(t, os.WriteFile(poster, pngImage(t), 0o644))
	original := getDetailed(t, id).Thumbnail
	require.NoError(t, chromedp.Do(ctx, chromedp.SetUploadFiles(chromedp.CSS("#vh-thumbnail-file"), []string{poster})))
	browsertest.Poll[bool](t, ctx, `document.querySelector('#vh-thumbnail [role=status]').textContent === 'The thumbnail is now the image poster.png.'`)
	before := getDetailed(t, id).Thumbnail
	assert.NotEqual(t, original, before)
	status, body := fetchMedia(t, before)
	require.Equal(t, http.StatusOK, status)
	assert.True(t, len(body) > 2 && body[0] == 0xFF && body[1] == 0xD8, "the PNG was sent as a JPEG")

	browsertest.Poll[bool](t, ctx, `(() => { const v = document.querySelector('.vh-player iframe')?.contentDocument?.querySelector('video'); return !!v && v.readyState >= 2 && v.videoWidth > 0; })()`)
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#vh-thumbnail-frame`))))
	browsertest.Poll[bool](t, ctx, `document.querySelector('#vh-thumbnail [role=status]').textContent.startsWith('The thumbnail is now the frame')`)
	after := getDetailed(t, id).Thumbnail
	assert.NotEqual(t, before, after)
	assert.Contains(t, after, "/thumbs/custom-")
	status, body = fetchMedia(t, after)
	require.Equal(t, http.StatusOK, status)
	assert.True(t, len(body) > 2 && body[0] == 0xFF && body[1] == 0xD8, "a JPEG")
}

func tickCategory(t *testing.T, ctx context.Context, id string) {
	t.Helper()
	browsertest.Poll[bool](t, ctx, `!!document.getElementById('vh-category-sport')`)
	require.NoError(t, chromedp.Do(ctx,
		chromedp.Click(chromedp.CSS(`#vh-category-sport`)),
		chromedp.Click(chromedp.CSS(`form.vh-form[aria-labelledby="vh-edit-title"] button[type=submit]`)),
	))
	browsertest.Poll[bool](t, ctx, `document.querySelector('form.vh-form [role=status]').textContent === 'Saved.'`)
	assert.Equal(t, []string{"sport"}, getDetailed(t, id).Categories)
}

// shareLink makes the video private and makes a share link, which opens
// the watch page for a browser without a session.
func shareLink(t *testing.T, ctx context.Context, id string) {
	t.Helper()
	mustOK(t, call(t, "PATCH", "/v2/videos/"+id, ownerOf(t), map[string]any{"privacy": "private"}))
	require.NoError(t, chromedp.Do(ctx, chromedp.Reload()))
	pollThroughNavigation(t, ctx, `!!document.querySelector('form[aria-label="Share link"]')`)
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`form[aria-label="Share link"] button[type=submit]`))))
	link := browsertest.Poll[string](t, ctx, `document.getElementById('vh-share-link')?.textContent`)
	require.True(t, strings.HasPrefix(link, suiteOf(t).URL+"/watch/"+id+"?jwt="), link)
	checkPage(t, ctx, "video-detail-share")
	resp, err := http.Get(link)
	require.NoError(t, err)
	resp.Body.Close()
	assert.Equal(t, http.StatusOK, resp.StatusCode, "the link opens the private video without a session")
	resp, err = http.Get(suiteOf(t).URL + "/watch/" + id)
	require.NoError(t, err)
	resp.Body.Close()
	assert.NotEqual(t, http.StatusOK, resp.StatusCode, "without the link's token it stays closed")
}

// TestSessionMintsViewerTokensWithItsCSRFToken: the dashboard's share links
// are viewer tokens minted with the session, which, like every write of a
// session, needs its CSRF token; a session mints no upload token.
func TestSessionMintsViewerTokensWithItsCSRFToken(t *testing.T) {
	v := createVideo(t, map[string]any{"privacy": "private"})
	p := newPerson(t)
	mustOK(t, p.signIn(t, suiteOf(t).Credentials.OwnerPassword, ""))
	body := map[string]any{"type": "viewer", "video_id": v.ID, "ttl_seconds": 600}

	csrf := p.csrf
	p.csrf = ""
	refused := p.do(t, "POST", "/v2/tokens", body)
	assert.Equal(t, http.StatusForbidden, refused.Status, refused.Raw)
	p.csrf = csrf

	var minted struct {
		Token   string `json:"token"`
		VideoID string `json:"video_id"`
	}
	mustOK(t, p.do(t, "POST", "/v2/tokens", body)).decode(t, &minted)
	assert.Equal(t, v.ID, minted.VideoID)
	require.True(t, strings.HasPrefix(minted.Token, "vht_"), minted.Token)

	// No key would revoke a person's upload token: only keys mint them.
	mustFail(t, p.do(t, "POST", "/v2/tokens", map[string]any{"type": "upload", "max_size_bytes": 1000}), http.StatusBadRequest,
		"type must be viewer when signed in: upload tokens are minted with an API key, whose deletion revokes them")
}
