package e2e

import (
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// hotspotA is the create shape (Set A), in which the video lists them.
type hotspotA struct {
	ID      string  `json:"id"`
	Name    string  `json:"name"`
	At      int     `json:"at"`
	Until   int     `json:"until"`
	X       float64 `json:"x"`
	Y       float64 `json:"y"`
	Pitch   float64 `json:"pitch"`
	Yaw     float64 `json:"yaw"`
	Link    string  `json:"link"`
	Opacity float64 `json:"opacity"`
	Target  string  `json:"target"`
}

type chapter struct {
	ID    string `json:"id"`
	Name  string `json:"name"`
	Start string `json:"start"`
}

func hotspotBody(fields map[string]any) map[string]any {
	body := map[string]any{"name": "Logo", "at": 2, "until": 9, "x": 50, "y": 40, "pitch": 0, "yaw": 0,
		"link": "https://brand.example.invalid/", "opacity": 0.3}
	return override(body, fields)
}

func TestHotspotCreateSetA(t *testing.T) {
	v := createVideo(t, map[string]any{"name": "Hotspot rules"})
	path := "/v2/videos/" + v.ID + "/hotspots"
	cases := []struct {
		name   string
		fields map[string]any
		field  string
	}{
		{"x over 100", map[string]any{"x": 100.5}, "x"},
		{"x negative", map[string]any{"x": -1}, "x"},
		{"y over 100", map[string]any{"y": 101}, "y"},
		{"y negative", map[string]any{"y": -0.1}, "y"},
		{"opacity over 1", map[string]any{"opacity": 1.5}, "opacity"},
		{"opacity negative", map[string]any{"opacity": -0.2}, "opacity"},
		{"until before at", map[string]any{"at": 9, "until": 2}, "until"},
		{"link not http", map[string]any{"link": "mailto:a@example.invalid"}, "link"},
		{"target bogus", map[string]any{"target": "_self"}, "target"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			mustFailField(t, call(t, "POST", path, ownerOf(t), hotspotBody(tc.fields)), tc.field)
		})
	}
	var h hotspotA
	mustOK(t, call(t, "POST", path, ownerOf(t), hotspotBody(nil))).decode(t, &h)
	assert.Equal(t, hotspotA{ID: h.ID, Name: "Logo", At: 2, Until: 9, X: 50, Y: 40,
		Link: "https://brand.example.invalid/", Opacity: 0.3, Target: "_blank"}, h)
	assert.Equal(t, []hotspotA{h}, getVideo(t, v.ID).Hotspots)
}

func TestHotspotUpdateSetB(t *testing.T) {
	v := createVideo(t, map[string]any{"name": "Hotspot update"})
	path := "/v2/videos/" + v.ID + "/hotspots"
	var h hotspotA
	mustOK(t, call(t, "POST", path, ownerOf(t), hotspotBody(nil))).decode(t, &h)
	cases := []struct {
		name  string
		body  map[string]any
		field string
	}{
		{"show_at not a time-code", map[string]any{"show_at": "1:05"}, "show_at"},
		{"show_at nine characters", map[string]any{"show_at": "000:00:05"}, "show_at"},
		{"hide_at seconds", map[string]any{"hide_at": "90"}, "hide_at"},
		{"hide_at before show_at", map[string]any{"show_at": "00:01:00", "hide_at": "00:00:30"}, "hide_at"},
		{"target bogus", map[string]any{"target": "_top"}, "target"},
		{"opacity number name", map[string]any{"opacity": "half"}, "opacity"},
		{"action bogus", map[string]any{"action": "play"}, "action"},
		{"name 101 characters", map[string]any{"name": strings.Repeat("h", 101)}, "name"},
		{"link 101 characters", map[string]any{"link": "https://brand.example.invalid/" + strings.Repeat("l", 71)}, "link"},
		{"x over 100", map[string]any{"x": 120}, "x"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			mustFailField(t, call(t, "PATCH", path+"/"+h.ID, ownerOf(t), tc.body), tc.field)
		})
	}
	mustFail(t, call(t, "PATCH", path+"/"+h.ID, ownerOf(t), map[string]any{"until": 20}), http.StatusBadRequest, "until")

	r := mustOK(t, call(t, "PATCH", path+"/"+h.ID, ownerOf(t), map[string]any{
		"show_at": "00:00:05", "hide_at": "00:01:15", "target": "_parent", "opacity": "translucent"}))
	var setB map[string]any
	r.decode(t, &setB)
	assert.Equal(t, map[string]any{"id": h.ID, "name": "Logo", "show_at": "00:00:05", "hide_at": "00:01:15",
		"x": 50.0, "y": 40.0, "action": "link", "link": "https://brand.example.invalid/", "target": "_parent",
		"opacity": "translucent"}, setB, "the update answers in Set B")

	got := getVideo(t, v.ID).Hotspots
	require.Len(t, got, 1)
	assert.Equal(t, hotspotA{ID: h.ID, Name: "Logo", At: 5, Until: 75, X: 50, Y: 40,
		Link: "https://brand.example.invalid/", Opacity: 0.3, Target: "_parent"}, got[0],
		"the video shows it in Set A; translucent kept 0.3")

	mustOK(t, call(t, "PATCH", path+"/"+h.ID, ownerOf(t), map[string]any{"opacity": "opaque"}))
	assert.Equal(t, 1.0, getVideo(t, v.ID).Hotspots[0].Opacity)
	mustOK(t, call(t, "DELETE", path+"/"+h.ID, ownerOf(t), nil))
	assert.Empty(t, getVideo(t, v.ID).Hotspots)
}

func TestChapters(t *testing.T) {
	v := createVideo(t, map[string]any{"name": "Chapters"})
	path := "/v2/videos/" + v.ID + "/chapters"
	for _, start := range []string{"1:00", "00:60:00", "", "00:00:00.5"} {
		mustFailField(t, call(t, "POST", path, ownerOf(t), map[string]any{"name": "Bad", "start": start}), "start")
	}
	mustFailField(t, call(t, "POST", path, ownerOf(t), map[string]any{"name": "", "start": "00:00:00"}), "name")

	var outro, intro chapter
	mustOK(t, call(t, "POST", path, ownerOf(t), map[string]any{"name": "Outro", "start": "00:05:00"})).decode(t, &outro)
	mustOK(t, call(t, "POST", path, ownerOf(t), map[string]any{"name": "Intro", "start": "00:00:00"})).decode(t, &intro)
	assert.Equal(t, chapter{ID: intro.ID, Name: "Intro", Start: "00:00:00"}, intro)
	assert.Equal(t, []chapter{intro, outro}, getVideo(t, v.ID).Chapters, "shown ordered by start")
	mustFail(t, call(t, "POST", path, ownerOf(t), map[string]any{"name": "Twin", "start": "00:05:00"}),
		http.StatusConflict, "start")

	var moved chapter
	mustOK(t, call(t, "PATCH", path+"/"+intro.ID, ownerOf(t), map[string]any{"start": "00:10:00"})).decode(t, &moved)
	assert.Equal(t, chapter{ID: intro.ID, Name: "Intro", Start: "00:10:00"}, moved)
	assert.Equal(t, []chapter{outro, moved}, getVideo(t, v.ID).Chapters)
	mustFailField(t, call(t, "PATCH", path+"/"+intro.ID, ownerOf(t), map[string]any{"start": "ten"}), "start")

	mustOK(t, call(t, "DELETE", path+"/"+outro.ID, ownerOf(t), nil))
	assert.Equal(t, []chapter{moved}, getVideo(t, v.ID).Chapters)
	mustFail(t, call(t, "DELETE", path+"/"+outro.ID, ownerOf(t), nil), http.StatusNotFound, "Not found")
}
