package catalog

import (
	"slices"
	"strings"

	"github.com/vidhost/vidhost/pkg/apirules"
	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/langtag"
	"github.com/vidhost/vidhost/pkg/validate"
)

// PlayerNameMax is the interface's limit on a player's name.
const PlayerNameMax = apirules.PlayerNameMax

// Values of Player.Analytics and Player.Quality.
const (
	AnalyticsAll    = ""     // report every viewing event
	AnalyticsNone   = "none" // report nothing
	QualityAdaptive = ""     // choose by connection speed
	QualityHighest  = "highest"
	QualityLowest   = "lowest"
)

// Player is a named set of playback settings the embed applies.
type Player struct {
	ID           string
	Name         string
	Analytics    string
	Autoplay     bool
	Muted        bool
	Playsinline  bool
	Preload      bool
	ShowName     bool
	ShowDuration bool
	Controls     []string // empty: the default set; ["none"]: no controls
	Colour       string   // "#rrggbb" in lower case, or empty for the default
	Quality      string
	Track        string // BCP 47 tag (canonical) of the track shown on load, or empty
	Audit
}

// DefaultPlayer returns a player with the interface's defaults and no name.
// Playsinline and Preload default to true, which is why creation needs to
// know which fields a client sent (PlayerInput).
func DefaultPlayer() Player {
	return Player{Playsinline: true, Preload: true, Controls: []string{}}
}

// Validate checks the fields a client sets. Call normalize first.
func (p Player) Validate() error {
	return validate.First(
		validate.Length("name", p.Name, PlayerNameMax),
		validate.OneOf("analytics", p.Analytics, `empty or "none"`, apirules.PlayerAnalytics...),
		checkControls(p.Controls),
		checkPattern("colour", p.Colour, colourPattern, "a hex colour like #rrggbb, or empty"),
		validate.OneOf("quality", p.Quality, `"highest", "lowest" or empty`, apirules.PlayerQualities...),
		checkPlayerTrack(p.Track),
	)
}

// normalize gives equal settings one stored form: colours in lower case and
// controls never nil (nil would be stored as NULL).
func (p Player) normalize() Player {
	p.Colour = strings.ToLower(p.Colour)
	if tag, err := langtag.Canonical(p.Track); err == nil {
		p.Track = tag // the spelling of the tracks it must match
	}
	p.Controls = slices.Clone(p.Controls)
	if p.Controls == nil {
		p.Controls = []string{}
	}
	return p
}

// playerFields are the fields an update mask may name.
var playerFields = setters[Player]{
	"name":          func(dst *Player, src Player) { dst.Name = src.Name },
	"analytics":     func(dst *Player, src Player) { dst.Analytics = src.Analytics },
	"autoplay":      func(dst *Player, src Player) { dst.Autoplay = src.Autoplay },
	"muted":         func(dst *Player, src Player) { dst.Muted = src.Muted },
	"playsinline":   func(dst *Player, src Player) { dst.Playsinline = src.Playsinline },
	"preload":       func(dst *Player, src Player) { dst.Preload = src.Preload },
	"show_name":     func(dst *Player, src Player) { dst.ShowName = src.ShowName },
	"show_duration": func(dst *Player, src Player) { dst.ShowDuration = src.ShowDuration },
	"controls":      func(dst *Player, src Player) { dst.Controls = src.Controls },
	"colour":        func(dst *Player, src Player) { dst.Colour = src.Colour },
	"quality":       func(dst *Player, src Player) { dst.Quality = src.Quality },
	"track":         func(dst *Player, src Player) { dst.Track = src.Track },
}

// checkPlayerTrack requires a BCP 47 tag, the language of the tracks the
// player shows on load ("en", "pt-BR"), or empty.
func checkPlayerTrack(tag string) error {
	if tag == "" {
		return nil
	}
	if _, err := langtag.Canonical(tag); err != nil {
		return apperr.InvalidField("track", "%s, or empty", err)
	}
	return nil
}
