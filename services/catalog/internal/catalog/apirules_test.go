package catalog

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/vidhost/vidhost/pkg/apirules"
	"github.com/vidhost/vidhost/pkg/ids"
	"github.com/vidhost/vidhost/pkg/uploadref"
)

// The catalog's validation follows the table the OpenAPI document is
// generated from (pkg/apirules): a value at each limit and every allowed
// value passes, one past the limit or outside the list is refused.
func TestValidationFollowsTheInterfaceTable(t *testing.T) {
	for field, check := range textChecks() {
		rule := tableRule(field)
		t.Run(field, func(t *testing.T) {
			if limit := max(rule.MaxLength, rule.MaxBytes); limit > 0 {
				assert.NoError(t, check(strings.Repeat("a", limit)))
				assert.Error(t, check(strings.Repeat("a", limit+1)))
			}
			if rule.MinLength > 0 {
				assert.Error(t, check(""))
			}
			for _, allowed := range rule.Enum {
				assert.NoError(t, check(allowed))
			}
			if len(rule.Enum) > 0 || rule.Pattern != "" {
				assert.Error(t, check("not-allowed!"))
			}
		})
	}
	for field, check := range numberChecks() {
		rule := tableRule(field)
		t.Run(field, func(t *testing.T) {
			assert.NoError(t, check(rule.Minimum))
			assert.NoError(t, check(rule.Maximum))
			assert.Error(t, check(rule.Minimum-1))
			assert.Error(t, check(rule.Maximum+1))
		})
	}
}

// tableRule is the rule of "Message.field" among the catalog's messages.
func tableRule(field string) apirules.Rule {
	message, name, _ := strings.Cut(field, ".")
	return apirules.Messages["vidhost.catalog.v1."+message].Fields[name]
}

func textChecks() map[string]func(string) error {
	video := func(set func(*Video)) error {
		v := Video{Type: TypeVOD, Name: "a", Privacy: PrivacyPublic}
		set(&v)
		return v.Validate()
	}
	player := func(set func(*Player)) error {
		p := DefaultPlayer()
		p.Name = "a"
		set(&p)
		return p.Validate()
	}
	card := func(set func(*Card)) error { c := validCard(); set(&c); return c.Validate() }
	gate := func(set func(*Gate)) error {
		g := Gate{Fields: []string{"email"}}
		set(&g)
		return g.Validate()
	}
	timecoded := func(path string, set func(*TimecodedHotspot)) error {
		var values TimecodedHotspot
		set(&values)
		_, err := applyTimecoded(validHotspot(), Patch[TimecodedHotspot]{Paths: []string{path}, Values: values})
		return err
	}
	return map[string]func(string) error{
		"Video.name":                func(s string) error { return video(func(v *Video) { v.Name = s }) },
		"Video.description":         func(s string) error { return video(func(v *Video) { v.Description = s }) },
		"Video.metadata":            func(s string) error { return video(func(v *Video) { v.Metadata = s }) },
		"Video.type":                func(s string) error { return video(func(v *Video) { v.Type = s }) },
		"Video.privacy":             func(s string) error { return video(func(v *Video) { v.Privacy = s }) },
		"Video.projection":          func(s string) error { return video(func(v *Video) { v.Projection = s }) },
		"Player.name":               func(s string) error { return player(func(p *Player) { p.Name = s }) },
		"Player.analytics":          func(s string) error { return player(func(p *Player) { p.Analytics = s }) },
		"Player.quality":            func(s string) error { return player(func(p *Player) { p.Quality = s }) },
		"Player.colour":             func(s string) error { return player(func(p *Player) { p.Colour = s }) },
		"Folder.name":               func(s string) error { return Folder{Name: s}.Validate() },
		"Chapter.name":              func(s string) error { return Chapter{Name: s, Start: "00:00:00"}.Validate() },
		"Chapter.start":             func(s string) error { return Chapter{Name: "a", Start: s}.Validate() },
		"Card.name":                 func(s string) error { return card(func(c *Card) { c.Name = s }) },
		"Card.top_text":             func(s string) error { return card(func(c *Card) { c.TopText = s }) },
		"Card.bottom_text":          func(s string) error { return card(func(c *Card) { c.BottomText = s }) },
		"Card.link_text":            func(s string) error { return card(func(c *Card) { c.LinkText = s }) },
		"Card.icon":                 func(s string) error { return card(func(c *Card) { c.Icon = s }) },
		"Gate.name":                 func(s string) error { return gate(func(g *Gate) { g.Name = s }) },
		"Gate.top_text":             func(s string) error { return gate(func(g *Gate) { g.TopText = s }) },
		"Gate.bottom_text":          func(s string) error { return gate(func(g *Gate) { g.BottomText = s }) },
		"Gate.checkbox_text":        func(s string) error { return gate(func(g *Gate) { g.CheckboxText = s }) },
		"TimecodedHotspot.name":     func(s string) error { return timecoded("name", func(h *TimecodedHotspot) { h.Name = s }) },
		"TimecodedHotspot.action":   func(s string) error { return timecoded("action", func(h *TimecodedHotspot) { h.Action = s }) },
		"TimecodedHotspot.target":   func(s string) error { return timecoded("target", func(h *TimecodedHotspot) { h.Target = s }) },
		"TimecodedHotspot.opacity":  func(s string) error { return timecoded("opacity", func(h *TimecodedHotspot) { h.Opacity = s }) },
		"TimecodedHotspot.hide_at":  func(s string) error { return timecoded("hide_at", func(h *TimecodedHotspot) { h.HideAt = s }) },
		"CreateTrackRequest.kind":   func(s string) error { return validTrack(func(in *TrackInput) { in.Kind = s }) },
		"CreateTrackRequest.label":  func(s string) error { return validTrack(func(in *TrackInput) { in.Label = s }) },
		"CreateHotspotRequest.name": func(s string) error { return hotspot(func(h *Hotspot) { h.Name = s }) },
		"CreateHotspotRequest.link": func(s string) error {
			return hotspot(func(h *Hotspot) { h.Link = "https://e.com/" + s[min(len(s), 14):] })
		},
		"CreateHotspotRequest.target": func(s string) error { return hotspot(func(h *Hotspot) { h.Target = s; *h = h.withDefaultTarget() }) },
	}
}

func numberChecks() map[string]func(float64) error {
	return map[string]func(float64) error{
		"Gate.at":                      func(n float64) error { return Gate{At: int(n), Fields: []string{"email"}}.Validate() },
		"CreateHotspotRequest.x":       func(n float64) error { return hotspot(func(h *Hotspot) { h.X = n }) },
		"CreateHotspotRequest.y":       func(n float64) error { return hotspot(func(h *Hotspot) { h.Y = n }) },
		"CreateHotspotRequest.pitch":   func(n float64) error { return hotspot(func(h *Hotspot) { h.Pitch = n }) },
		"CreateHotspotRequest.yaw":     func(n float64) error { return hotspot(func(h *Hotspot) { h.Yaw = n }) },
		"CreateHotspotRequest.opacity": func(n float64) error { return hotspot(func(h *Hotspot) { h.Opacity = n }) },
	}
}

func hotspot(set func(*Hotspot)) error {
	h := validHotspot()
	set(&h)
	return h.Validate()
}

func validTrack(set func(*TrackInput)) error {
	in := TrackInput{Kind: TrackCaptions, Label: "English", Language: "en", URL: uploadref.Format(ids.New())}
	set(&in)
	return in.Validate()
}

// The video list's filters follow the table's query rules: every allowed
// value (empty included) passes, anything else is refused.
func TestVideoFilterFollowsTheInterfaceTable(t *testing.T) {
	rules := apirules.Queries["GET /v2/videos"]
	filters := map[string]func(string) VideoFilter{
		"status":  func(s string) VideoFilter { return VideoFilter{Status: s} },
		"privacy": func(s string) VideoFilter { return VideoFilter{Privacy: s} },
		"type":    func(s string) VideoFilter { return VideoFilter{Type: s} },
		"sort":    func(s string) VideoFilter { return VideoFilter{Sort: s} },
	}
	for name, filter := range filters {
		for _, allowed := range rules[name].Enum {
			assert.NoError(t, filter(allowed).Validate(), "%s=%s", name, allowed)
		}
		assert.Error(t, filter("not-allowed").Validate(), name)
	}
	assert.NoError(t, VideoFilter{Search: strings.Repeat("a", rules["search"].MaxLength)}.Validate())
	assert.Error(t, VideoFilter{Search: strings.Repeat("a", rules["search"].MaxLength+1)}.Validate())
	assert.Error(t, VideoFilter{Tag: "Not-A-Tag"}.Validate())
}
