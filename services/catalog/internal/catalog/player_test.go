package catalog

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestPlayerValidate(t *testing.T) {
	tests := []struct {
		name    string
		change  func(p *Player)
		wantErr string
	}{
		{"defaults", func(p *Player) {}, ""},
		{"50-character name", func(p *Player) { p.Name = strings.Repeat("n", 50) }, ""},
		{"empty name", func(p *Player) { p.Name = "" }, "name must be 1-50 characters"},
		{"51-character name", func(p *Player) { p.Name = strings.Repeat("n", 51) }, "name must be 1-50 characters"},
		{"analytics none", func(p *Player) { p.Analytics = "none" }, ""},
		{"analytics other", func(p *Player) { p.Analytics = "all" }, `analytics must be empty or "none"`},
		{"controls none", func(p *Player) { p.Controls = []string{"none"} }, ""},
		{"controls set", func(p *Player) { p.Controls = []string{"play", "fullscreen", "pip"} }, ""},
		{"every known control", func(p *Player) { p.Controls = KnownControls }, ""},
		{"unknown control", func(p *Player) { p.Controls = []string{"play", "rewind"} },
			`controls contains unknown control "rewind" (known: none, ` + strings.Join(KnownControls, ", ") + ")"},
		{"control twice", func(p *Player) { p.Controls = []string{"play", "mute", "play"} }, `controls contains "play" more than once`},
		{"none with others", func(p *Player) { p.Controls = []string{"play", "none"} }, `controls may contain "none" only on its own`},
		{"none twice", func(p *Player) { p.Controls = []string{"none", "none"} }, `controls may contain "none" only on its own`},
		{"colour", func(p *Player) { p.Colour = "#a1b2c3" }, ""},
		{"colour without hash", func(p *Player) { p.Colour = "a1b2c3" }, "colour must be a hex colour like #rrggbb, or empty"},
		{"short colour", func(p *Player) { p.Colour = "#abc" }, "colour must be a hex colour like #rrggbb, or empty"},
		{"colour not hex", func(p *Player) { p.Colour = "#gggggg" }, "colour must be a hex colour like #rrggbb, or empty"},
		{"quality highest", func(p *Player) { p.Quality = "highest" }, ""},
		{"quality lowest", func(p *Player) { p.Quality = "lowest" }, ""},
		{"quality other", func(p *Player) { p.Quality = "1080p" }, `quality must be "highest", "lowest" or empty`},
		{"track", func(p *Player) { p.Track = "en" }, ""},
		{"track upper case", func(p *Player) { p.Track = "EN" }, ""},
		{"track with region", func(p *Player) { p.Track = "en-US" }, ""},
		{"track not a language", func(p *Player) { p.Track = "xx" }, `track must be a BCP 47 language tag, such as "en", "pt-BR" or "zh-Hant", or empty`},
		{"track underscore", func(p *Player) { p.Track = "en_US" }, `track must be a BCP 47 language tag, such as "en", "pt-BR" or "zh-Hant", or empty`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := DefaultPlayer()
			p.Name = "Main"
			tt.change(&p)
			assertValidation(t, p.normalize().Validate(), tt.wantErr)
		})
	}
}

func TestPlayerInputDefaults(t *testing.T) {
	got := PlayerInput{Name: "Main"}.Player()

	want := Player{Name: "Main", Playsinline: true, Preload: true, Controls: []string{}}
	assert.Equal(t, want, got)
}

func TestPlayerInputKeepsSentFields(t *testing.T) {
	no, yes := false, true
	none, colour, lowest, track := "none", "#A1B2C3", "lowest", "fr"
	in := PlayerInput{
		Name: "Muted", Analytics: &none, Autoplay: &yes, Muted: &yes, Playsinline: &no, Preload: &no,
		ShowName: &yes, ShowDuration: &yes, Controls: []string{"play"}, Colour: &colour, Quality: &lowest, Track: &track,
	}

	got := in.Player()

	want := Player{
		Name: "Muted", Analytics: "none", Autoplay: true, Muted: true, Playsinline: false, Preload: false,
		ShowName: true, ShowDuration: true, Controls: []string{"play"}, Colour: "#a1b2c3", Quality: "lowest", Track: "fr",
	}
	assert.Equal(t, want, got, "sent fields win over defaults; colour is stored in lower case")
}
