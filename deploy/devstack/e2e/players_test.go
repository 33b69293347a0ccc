package e2e

import (
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

type player struct {
	ID           string   `json:"id"`
	Name         string   `json:"name"`
	Analytics    string   `json:"analytics"`
	Autoplay     bool     `json:"autoplay"`
	Muted        bool     `json:"muted"`
	Playsinline  bool     `json:"playsinline"`
	Preload      bool     `json:"preload"`
	ShowName     bool     `json:"show_name"`
	ShowDuration bool     `json:"show_duration"`
	Controls     []string `json:"controls"`
	Colour       string   `json:"colour"`
	Quality      string   `json:"quality"`
	Track        string   `json:"track"`
}

func TestPlayerDefaultsAreEmitted(t *testing.T) {
	r := mustOK(t, call(t, "POST", "/v2/players", ownerOf(t), map[string]any{"name": "Defaults"}))
	for _, field := range []string{`"autoplay":false`, `"muted":false`, `"playsinline":true`, `"preload":true`,
		`"show_name":false`, `"show_duration":false`, `"controls":[]`, `"colour":""`, `"quality":""`,
		`"track":""`, `"analytics":""`, `"created_time":`, `"updated_by":`} {
		assert.Contains(t, strings.ReplaceAll(r.Raw, " ", ""), field)
	}
}

func TestPlayerPatchChangesOnlySentFields(t *testing.T) {
	var p player
	mustOK(t, call(t, "POST", "/v2/players", ownerOf(t), map[string]any{"name": "Patch me", "colour": "#FF0000"})).decode(t, &p)
	var got player
	mustOK(t, call(t, "PATCH", "/v2/players/"+p.ID, ownerOf(t), map[string]any{"autoplay": true})).decode(t, &got)
	assert.True(t, got.Autoplay)
	assert.True(t, got.Playsinline, "a field not sent keeps its value")
	assert.Equal(t, "#ff0000", got.Colour)
	assert.Equal(t, "Patch me", got.Name)
}

func TestPlayerValidation(t *testing.T) {
	cases := []struct {
		name string
		body map[string]any
		want string
	}{
		{"name missing", map[string]any{}, "name"},
		{"name too long", map[string]any{"name": strings.Repeat("p", 51)}, "name"},
		{"colour", map[string]any{"name": "n", "colour": "red"}, "colour"},
		{"quality", map[string]any{"name": "n", "quality": "medium"}, "quality"},
		{"controls unknown", map[string]any{"name": "n", "controls": []string{"play", "teleport"}}, "controls"},
		{"controls none with others", map[string]any{"name": "n", "controls": []string{"none", "play"}}, "controls"},
		{"analytics", map[string]any{"name": "n", "analytics": "some"}, "analytics"},
		{"track", map[string]any{"name": "n", "track": "english"}, "track"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			mustFail(t, call(t, "POST", "/v2/players", ownerOf(t), tc.body), http.StatusBadRequest, tc.want)
		})
	}
}

func TestPlayerDeleteAndNotFound(t *testing.T) {
	var p player
	mustOK(t, call(t, "POST", "/v2/players", ownerOf(t), map[string]any{"name": "Gone", "controls": []string{"none"}})).decode(t, &p)
	assert.Equal(t, []string{"none"}, p.Controls)
	mustOK(t, call(t, "DELETE", "/v2/players/"+p.ID, ownerOf(t), nil))
	mustFail(t, call(t, "GET", "/v2/players/"+p.ID, ownerOf(t), nil), http.StatusNotFound, "Not found")
	mustFail(t, call(t, "PATCH", "/v2/players/"+p.ID, ownerOf(t), map[string]any{"name": "x"}), http.StatusNotFound, "Not found")
}
