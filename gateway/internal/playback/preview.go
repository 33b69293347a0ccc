package playback

import (
	"encoding/json"
	"net/http"
	"regexp"
	"strings"

	"github.com/vidhost/vidhost/gateway/web"
)

// PreviewParam carries unsaved Player settings for the dashboard's live
// preview (/embed/{id}?preview=<JSON>, docs/embed.md#preview).
const PreviewParam = "preview"

// maxPreview bounds the JSON of ?preview= (a full Player is ~300 bytes).
const maxPreview = 2048

var (
	previewColour  = regexp.MustCompile(`^(#[0-9a-fA-F]{6})?$`)
	previewControl = regexp.MustCompile(`^[a-z-]{1,20}$`)
	previewTrack   = regexp.MustCompile(`^([A-Za-z0-9-]{1,35})?$`)
)

// previewPlayer returns the settings of ?preview= when the request may use
// them: only a frame navigated from a page of this origin (the dashboard)
// carries Sec-Fetch-Site: same-origin and Sec-Fetch-Dest: iframe, headers a
// browser sets itself and no page can forge, so another site cannot show a
// video with settings its owner did not save. The preview never reports views
// (analytics "none") and names no Player. ok is false when the request has no
// usable preview: the page then applies ?player= as usual.
func previewPlayer(r *http.Request) (web.Player, bool) {
	raw := r.URL.Query().Get(PreviewParam)
	if raw == "" || len(raw) > maxPreview ||
		r.Header.Get("Sec-Fetch-Site") != "same-origin" || r.Header.Get("Sec-Fetch-Dest") != "iframe" {
		return web.Player{}, false
	}
	player := web.DefaultPlayer()
	decoder := json.NewDecoder(strings.NewReader(raw))
	decoder.DisallowUnknownFields()
	if err := decoder.Decode(&player); err != nil || !validPreview(player) {
		return web.Player{}, false
	}
	player.ID = ""
	player.Analytics = "none"
	return player, true
}

// validPreview keeps the values within what a saved Player may hold, so the
// player never sees a shape the catalog would have refused.
func validPreview(p web.Player) bool {
	if !previewColour.MatchString(p.Colour) || !previewTrack.MatchString(p.Track) || len(p.Controls) > 20 {
		return false
	}
	if p.Quality != "" && p.Quality != "highest" && p.Quality != "lowest" {
		return false
	}
	for _, c := range p.Controls {
		if !previewControl.MatchString(c) {
			return false
		}
	}
	return true
}
