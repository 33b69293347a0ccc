package e2e

import (
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

type card struct {
	ID         string `json:"id"`
	Name       string `json:"name"`
	At         int    `json:"at"`
	Until      int    `json:"until"`
	Skip       bool   `json:"skip"`
	TopText    string `json:"top_text"`
	BottomText string `json:"bottom_text"`
	Link       string `json:"link"`
	LinkText   string `json:"link_text"`
	Icon       string `json:"icon"`
}

type gate struct {
	ID           string   `json:"id"`
	Name         string   `json:"name"`
	At           int      `json:"at"`
	Skip         bool     `json:"skip"`
	TopText      string   `json:"top_text"`
	BottomText   string   `json:"bottom_text"`
	CheckboxText string   `json:"checkbox_text"`
	Fields       []string `json:"fields"`
}

// cardBody is a complete card create body with fields overridden (nil
// removes one).
func cardBody(fields map[string]any) map[string]any {
	body := map[string]any{"name": "Buy", "at": 5, "until": 15, "skip": true, "top_text": "Get the kit",
		"bottom_text": "", "link": "https://shop.example.invalid/kit", "link_text": "Shop", "icon": "shopping-cart"}
	return override(body, fields)
}

func gateBody(fields map[string]any) map[string]any {
	body := map[string]any{"name": "Sign up", "at": 0, "skip": false, "top_text": "Stay in touch",
		"bottom_text": "", "checkbox_text": "", "fields": []string{"email", "first_name"}}
	return override(body, fields)
}

func TestCardLifecycle(t *testing.T) {
	v := createVideo(t, map[string]any{"name": "With a card"})
	path := "/v2/videos/" + v.ID + "/cards"
	var c card
	mustOK(t, call(t, "POST", path, ownerOf(t), cardBody(nil))).decode(t, &c)
	assert.Len(t, c.ID, 21)
	assert.Equal(t, card{ID: c.ID, Name: "Buy", At: 5, Until: 15, Skip: true, TopText: "Get the kit",
		Link: "https://shop.example.invalid/kit", LinkText: "Shop", Icon: "shopping-cart"}, c)
	assert.Equal(t, []card{c}, getVideo(t, v.ID).Cards, "the video shows its card")

	var patched card
	mustOK(t, call(t, "PATCH", path+"/"+c.ID, ownerOf(t), map[string]any{"top_text": "Now 20% off"})).decode(t, &patched)
	assert.Equal(t, "Now 20% off", patched.TopText)
	assert.Equal(t, 15, patched.Until, "a field not sent keeps its value")
	assert.Equal(t, []card{patched}, getVideo(t, v.ID).Cards)
	mustFailField(t, call(t, "PATCH", path+"/"+c.ID, ownerOf(t), map[string]any{"until": 5}), "until")
	mustFailField(t, call(t, "PATCH", path+"/"+c.ID, ownerOf(t), map[string]any{}), "request")

	mustOK(t, call(t, "DELETE", path+"/"+c.ID, ownerOf(t), nil))
	assert.Empty(t, getVideo(t, v.ID).Cards)
	mustFail(t, call(t, "DELETE", path+"/"+c.ID, ownerOf(t), nil), http.StatusNotFound, "Not found")
}

func TestCardValidation(t *testing.T) {
	v := createVideo(t, map[string]any{"name": "Card rules"})
	path := "/v2/videos/" + v.ID + "/cards"
	for _, field := range []string{"name", "at", "until", "skip", "top_text", "bottom_text", "link", "link_text", "icon"} {
		t.Run(field+" missing", func(t *testing.T) {
			r := call(t, "POST", path, ownerOf(t), cardBody(map[string]any{field: nil}))
			mustFailField(t, r, field)
			assert.Contains(t, r.message(), "required")
		})
	}
	cases := []struct {
		name   string
		fields map[string]any
		field  string
	}{
		{"at equals until", map[string]any{"at": 10, "until": 10}, "until"},
		{"at after until", map[string]any{"at": 20, "until": 10}, "until"},
		{"at negative", map[string]any{"at": -1}, "at"},
		{"link ftp", map[string]any{"link": "ftp://shop.example.invalid/kit"}, "link"},
		{"link javascript", map[string]any{"link": "javascript:alert(1)"}, "link"},
		{"link empty", map[string]any{"link": ""}, "link"},
		{"icon bogus", map[string]any{"icon": "Shopping Cart"}, "icon"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			mustFailField(t, call(t, "POST", path, ownerOf(t), cardBody(tc.fields)), tc.field)
		})
	}
	assert.Empty(t, getVideo(t, v.ID).Cards, "no refused card was stored")
}

func TestGateLifecycleAndFieldsRule(t *testing.T) {
	v := createVideo(t, map[string]any{"name": "With a gate"})
	path := "/v2/videos/" + v.ID + "/gates"
	cases := []struct {
		name   string
		fields map[string]any
		field  string
	}{
		{"fields empty", map[string]any{"fields": []string{}}, "fields"},
		{"fields missing", map[string]any{"fields": nil}, "fields"},
		{"fields unknown", map[string]any{"fields": []string{"email", "address"}}, "fields"},
		{"fields twice", map[string]any{"fields": []string{"email", "email"}}, "fields"},
		{"name missing", map[string]any{"name": nil}, "name"},
		{"checkbox_text missing", map[string]any{"checkbox_text": nil}, "checkbox_text"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			mustFailField(t, call(t, "POST", path, ownerOf(t), gateBody(tc.fields)), tc.field)
		})
	}

	var g gate
	mustOK(t, call(t, "POST", path, ownerOf(t), gateBody(map[string]any{
		"fields": []string{"email", "first_name", "last_name", "telephone"}}))).decode(t, &g)
	assert.Equal(t, []string{"email", "first_name", "last_name", "telephone"}, g.Fields)
	assert.Equal(t, []gate{g}, getVideo(t, v.ID).Gates)

	var patched gate
	mustOK(t, call(t, "PATCH", path+"/"+g.ID, ownerOf(t), map[string]any{"fields": []string{"telephone"}})).decode(t, &patched)
	assert.Equal(t, []string{"telephone"}, patched.Fields)
	assert.Equal(t, "Sign up", patched.Name)
	mustFailField(t, call(t, "PATCH", path+"/"+g.ID, ownerOf(t), map[string]any{"fields": []string{}}), "fields")

	mustOK(t, call(t, "DELETE", path+"/"+g.ID, ownerOf(t), nil))
	require.Empty(t, getVideo(t, v.ID).Gates)
}

// TestSubResourcesOfAnotherVideoAreNotFound addresses each overlay through
// a video it does not belong to, and through a video that does not exist.
func TestSubResourcesOfAnotherVideoAreNotFound(t *testing.T) {
	owning := createVideo(t, map[string]any{"name": "Owning"})
	other := createVideo(t, map[string]any{"name": "Other"})
	ids := map[string]string{}
	bodies := map[string]map[string]any{
		"cards": cardBody(nil), "gates": gateBody(nil), "chapters": {"name": "Intro", "start": "00:00:00"},
		"hotspots": hotspotBody(nil),
	}
	for kind, body := range bodies {
		var created struct{ ID string }
		mustOK(t, call(t, "POST", "/v2/videos/"+owning.ID+"/"+kind, ownerOf(t), body)).decode(t, &created)
		ids[kind] = created.ID
	}
	patches := map[string]map[string]any{"cards": {"name": "x"}, "gates": {"name": "x"},
		"chapters": {"name": "x"}, "hotspots": {"name": "x"}}
	for kind, id := range ids {
		t.Run(kind, func(t *testing.T) {
			wrong := "/v2/videos/" + other.ID + "/" + kind + "/" + id
			mustFail(t, call(t, "PATCH", wrong, ownerOf(t), patches[kind]), http.StatusNotFound, "Not found")
			mustFail(t, call(t, "DELETE", wrong, ownerOf(t), nil), http.StatusNotFound, "Not found")
			mustFail(t, call(t, "POST", "/v2/videos/"+missingID+"/"+kind, ownerOf(t), bodies[kind]), http.StatusNotFound, "Not found")
		})
	}
	got := getVideo(t, owning.ID)
	assert.Len(t, got.Cards, 1, "the owning video keeps its overlays")
	assert.Len(t, got.Gates, 1)
	assert.Len(t, got.Hotspots, 1)
	assert.Len(t, got.Chapters, 1)
}
