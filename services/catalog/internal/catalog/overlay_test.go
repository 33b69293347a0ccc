package catalog

import (
	"math"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/apperr"
)

func validCard() Card {
	return Card{Name: "Buy", At: 5, Until: 10, TopText: "Top", Link: "https://shop.example.com/x", LinkText: "Go", Icon: "shopping-cart"}
}

func TestCardValidate(t *testing.T) {
	tests := []struct {
		name    string
		change  func(c *Card)
		wantErr string
	}{
		{"valid", func(c *Card) {}, ""},
		{"empty texts and icon", func(c *Card) { c.Name, c.TopText, c.LinkText, c.Icon = "", "", "", "" }, ""},
		{"long name", func(c *Card) { c.Name = strings.Repeat("n", 101) }, "name must be at most 100 characters"},
		{"negative at", func(c *Card) { c.At = -1 }, "at must be an integer from 0 to 359999 (seconds)"},
		{"until beyond time-codes", func(c *Card) { c.Until = MaxSeconds + 1 }, "until must be an integer from 0 to 359999 (seconds)"},
		{"until equals at", func(c *Card) { c.Until = c.At }, "until must be greater than at"},
		{"until before at", func(c *Card) { c.Until = 1 }, "until must be greater than at"},
		{"long top text", func(c *Card) { c.TopText = strings.Repeat("t", 201) }, "top_text must be at most 200 characters"},
		{"long bottom text", func(c *Card) { c.BottomText = strings.Repeat("t", 201) }, "bottom_text must be at most 200 characters"},
		{"empty link", func(c *Card) { c.Link = "" }, "link must be an http(s) URL"},
		{"javascript link", func(c *Card) { c.Link = "javascript:alert(1)" }, "link must be an http(s) URL"},
		{"relative link", func(c *Card) { c.Link = "/shop" }, "link must be an http(s) URL"},
		{"link with a space", func(c *Card) { c.Link = "https://e.com/a b" }, "link must be an http(s) URL"},
		{"long link", func(c *Card) { c.Link = "https://e.com/" + strings.Repeat("a", 2048) }, "link must be at most 2048 characters"},
		{"long link text", func(c *Card) { c.LinkText = strings.Repeat("l", 51) }, "link_text must be at most 50 characters"},
		{"icon with spaces", func(c *Card) { c.Icon = "shopping cart" }, "icon must be the name of an icon (lowercase words joined by -, at most 50 characters) or empty"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := validCard()
			tt.change(&c)
			assertValidation(t, c.Validate(), tt.wantErr)
		})
	}
}

func TestCardInputRequiresEveryField(t *testing.T) {
	s, n, b := "", 0, false
	full := CardInput{Name: &s, At: &n, Until: &n, Skip: &b, TopText: &s, BottomText: &s, Link: &s, LinkText: &s, Icon: &s}
	_, err := full.Card()
	require.NoError(t, err, "empty values are fine; absent ones are not")
	for field, clear := range map[string]func(in *CardInput){
		"name": func(in *CardInput) { in.Name = nil }, "at": func(in *CardInput) { in.At = nil },
		"until": func(in *CardInput) { in.Until = nil }, "skip": func(in *CardInput) { in.Skip = nil },
		"top_text": func(in *CardInput) { in.TopText = nil }, "bottom_text": func(in *CardInput) { in.BottomText = nil },
		"link": func(in *CardInput) { in.Link = nil }, "link_text": func(in *CardInput) { in.LinkText = nil },
		"icon": func(in *CardInput) { in.Icon = nil },
	} {
		t.Run(field, func(t *testing.T) {
			in := full
			clear(&in)
			_, err := in.Card()
			assertValidation(t, err, field+" is required (send it even if empty)")
		})
	}
}

func TestGateValidate(t *testing.T) {
	tests := []struct {
		name    string
		change  func(g *Gate)
		wantErr string
	}{
		{"valid", func(g *Gate) {}, ""},
		{"every field", func(g *Gate) { g.Fields = GateFields }, ""},
		{"pre-roll", func(g *Gate) { g.At = 0 }, ""},
		{"negative at", func(g *Gate) { g.At = -5 }, "at must be an integer from 0 to 359999 (seconds)"},
		{"no fields", func(g *Gate) { g.Fields = nil }, "fields must contain one or more of email, first_name, last_name, telephone"},
		{"unknown field", func(g *Gate) { g.Fields = []string{"email", "age"} }, `fields contains unknown field "age" (known: email, first_name, last_name, telephone)`},
		{"field twice", func(g *Gate) { g.Fields = []string{"email", "email"} }, `fields contains "email" more than once`},
		{"long checkbox text", func(g *Gate) { g.CheckboxText = strings.Repeat("c", 201) }, "checkbox_text must be at most 200 characters"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := Gate{Name: "Signup", At: 30, Fields: []string{"email"}}
			tt.change(&g)
			assertValidation(t, g.Validate(), tt.wantErr)
		})
	}
}

func validHotspot() Hotspot {
	return Hotspot{Name: "Spot", At: 10, Until: 20, X: 50, Y: 50, Link: "https://e.com", Opacity: 0.5, Target: TargetBlank}
}

func TestHotspotValidate(t *testing.T) {
	tests := []struct {
		name    string
		change  func(h *Hotspot)
		wantErr string
	}{
		{"valid", func(h *Hotspot) {}, ""},
		{"360 position", func(h *Hotspot) { h.Pitch, h.Yaw = math.Pi/2, -math.Pi }, ""},
		{"long name", func(h *Hotspot) { h.Name = strings.Repeat("n", 101) }, "name must be at most 100 characters"},
		{"until before at", func(h *Hotspot) { h.Until = 5 }, "until must be greater than at"},
		{"x over 100", func(h *Hotspot) { h.X = 100.5 }, "x must be a number from 0 to 100 (percent of the width)"},
		{"negative y", func(h *Hotspot) { h.Y = -1 }, "y must be a number from 0 to 100 (percent of the height)"},
		{"NaN x", func(h *Hotspot) { h.X = math.NaN() }, "x must be a number from 0 to 100 (percent of the width)"},
		{"pitch beyond the pole", func(h *Hotspot) { h.Pitch = 2 }, "pitch must be a number from -PI/2 to PI/2 (radians)"},
		{"yaw beyond a turn", func(h *Hotspot) { h.Yaw = 4 }, "yaw must be a number from -PI to PI (radians)"},
		{"opacity over 1", func(h *Hotspot) { h.Opacity = 1.5 }, "opacity must be a number from 0 to 1"},
		{"link over 100", func(h *Hotspot) { h.Link = "https://e.com/" + strings.Repeat("a", 90) }, "link must be at most 100 characters"},
		{"link not http", func(h *Hotspot) { h.Link = "mailto:a@e.com" }, "link must be an http(s) URL"},
		{"target", func(h *Hotspot) { h.Target = "_top" }, `target must be "_blank" or "_parent"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := validHotspot()
			tt.change(&h)
			assertValidation(t, h.Validate(), tt.wantErr)
		})
	}
}

func TestHotspotShapes(t *testing.T) {
	h := validHotspot()
	h.ID, h.At, h.Until, h.Opacity = "id", 75, 3725, 0.3

	got := h.Timecoded()

	assert.Equal(t, TimecodedHotspot{ID: "id", Name: "Spot", ShowAt: "00:01:15", HideAt: "01:02:05", X: 50, Y: 50,
		Action: "link", Link: "https://e.com", Target: TargetBlank, Opacity: OpacityTranslucent}, got)
	for opacity, name := range map[float64]string{0: OpacityInvisible, 0.01: OpacityTranslucent, 0.99: OpacityTranslucent, 1: OpacityOpaque} {
		assert.Equal(t, name, opacityName(opacity), "%v", opacity)
	}
}

func TestApplyTimecoded(t *testing.T) {
	tests := []struct {
		name    string
		paths   []string
		values  TimecodedHotspot
		want    func(h *Hotspot)
		wantErr string
	}{
		{"time-codes", []string{"show_at", "hide_at"}, TimecodedHotspot{ShowAt: "00:00:01", HideAt: "00:01:00"},
			func(h *Hotspot) { h.At, h.Until = 1, 60 }, ""},
		{"opaque", []string{"opacity"}, TimecodedHotspot{Opacity: OpacityOpaque}, func(h *Hotspot) { h.Opacity = 1 }, ""},
		{"invisible", []string{"opacity"}, TimecodedHotspot{Opacity: OpacityInvisible}, func(h *Hotspot) { h.Opacity = 0 }, ""},
		{"same name keeps the number", []string{"opacity"}, TimecodedHotspot{Opacity: OpacityTranslucent}, func(h *Hotspot) {}, ""},
		{"target and link", []string{"target", "link", "action"}, TimecodedHotspot{Target: TargetParent, Link: "http://e.com/b", Action: "link"},
			func(h *Hotspot) { h.Target, h.Link = TargetParent, "http://e.com/b" }, ""},
		{"bad show_at", []string{"show_at"}, TimecodedHotspot{ShowAt: "1:00"}, nil, "show_at must be a time-code HH:MM:SS"},
		{"nine-character hide_at", []string{"hide_at"}, TimecodedHotspot{HideAt: "100:00:00"}, nil, "hide_at must be a time-code HH:MM:SS"},
		{"hide before show", []string{"hide_at"}, TimecodedHotspot{HideAt: "00:00:05"}, nil, "hide_at must be after show_at"},
		{"opacity number as text", []string{"opacity"}, TimecodedHotspot{Opacity: "0.5"}, nil, `opacity must be "invisible", "translucent" or "opaque"`},
		{"action", []string{"action"}, TimecodedHotspot{Action: "play"}, nil, `action must be "link"`},
		{"target", []string{"target"}, TimecodedHotspot{Target: "_self"}, nil, `target must be "_blank" or "_parent"`},
		{"long name", []string{"name"}, TimecodedHotspot{Name: strings.Repeat("n", 101)}, nil, "name must be at most 100 characters"},
		{"long link", []string{"link"}, TimecodedHotspot{Link: "https://e.com/" + strings.Repeat("a", 90)}, nil, "link must be at most 100 characters"},
		{"x", []string{"x"}, TimecodedHotspot{X: 101}, nil, "x must be a number from 0 to 100 (percent of the width)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			current := validHotspot()
			current.Opacity = 0.3
			got, err := applyTimecoded(current, Patch[TimecodedHotspot]{Paths: tt.paths, Values: tt.values})
			assertValidation(t, err, tt.wantErr)
			if tt.wantErr == "" {
				want := current
				tt.want(&want)
				assert.Equal(t, want, got)
			}
		})
	}
}

func TestChapters(t *testing.T) {
	assertValidation(t, Chapter{Name: "Intro", Start: "00:00:00"}.Validate(), "")
	assertValidation(t, Chapter{Name: "", Start: "00:00:00"}.Validate(), "name must be 1-100 characters")
	assertValidation(t, Chapter{Name: "x", Start: "0:00"}.Validate(), "start must be a time-code HH:MM:SS")

	sorted, err := arrangeChapters([]Chapter{{ID: "b", Start: "00:10:00"}, {ID: "a", Start: "00:00:00"}, {ID: "c", Start: "01:00:00"}})
	require.NoError(t, err)
	assert.Equal(t, []string{"a", "b", "c"}, []string{sorted[0].ID, sorted[1].ID, sorted[2].ID}, "ordered by start")
	_, err = arrangeChapters([]Chapter{{Start: "00:10:00"}, {Start: "00:10:00"}})
	assert.ErrorIs(t, err, ErrChapterStartTaken)
}

func TestOverlayLimitsAndIDs(t *testing.T) {
	v := VideoInput{Name: "v"}.Video()
	for range cardOverlay.max {
		_, err := cardOverlay.add(&v, validCard())
		require.NoError(t, err)
	}
	_, err := cardOverlay.add(&v, validCard())
	assertValidation(t, err, "cards may hold at most 20 items per video")

	id := v.Cards[3].ID
	_, err = cardOverlay.update(&v, "not-an-id", func(c Card) (Card, error) { return c, nil })
	assert.ErrorIs(t, err, apperr.ErrNotFound)
	require.NoError(t, cardOverlay.remove(&v, id))
	assert.Len(t, v.Cards, 19)
	assert.ErrorIs(t, cardOverlay.remove(&v, id), apperr.ErrNotFound, "removed twice")

	event := v
	event.Type = TypeEvent
	assertValidation(t, cardOverlay.allows(event), "cards are supported only for videos of type vod")
	assert.NoError(t, chapterOverlay.allows(event), "chapters are allowed on events")
}
