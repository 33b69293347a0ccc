package apirules

import "math"

// Limits and values of a video's overlays (cards, gates, hotspots,
// chapters) and files (tracks, thumbnail, transcribes), docs/videos.md.
const (
	// MaxSeconds is the last second a time-code can name (99:59:59): every
	// time a client sends stays within it, so each shows as a time-code.
	MaxSeconds     = 99*3600 + 59*60 + 59
	OverlayNameMax = 100
	OverlayTextMax = 200
	LinkMax        = 2048
	LinkTextMax    = 50
	IconMax        = 50
	HotspotNameMax = 100
	// HotspotLinkMax is the interface's tighter limit on hotspot links.
	HotspotLinkMax = 100
	TrackLabelMax  = 50
	// TimecodePattern is HH:MM:SS, exactly eight characters.
	TimecodePattern = `^([0-9]{2}):([0-5][0-9]):([0-5][0-9])$`
	// IconPattern is an icon name of a standard set ("shopping-cart"), or
	// empty for none.
	IconPattern = `^([a-z0-9]+(-[a-z0-9]+)*)?$`
)

// Allowed values of the overlays' and files' enumerated fields.
var (
	GateFields       = []string{"email", "first_name", "last_name", "telephone"}
	HotspotTargets   = []string{"_blank", "_parent"}
	HotspotActions   = []string{"link"}
	HotspotOpacities = []string{"invisible", "translucent", "opaque"}
	TrackKinds       = []string{"captions", "subtitles"}
	seconds          = Rule{Minimum: 0, HasMinimum: true, Maximum: MaxSeconds, HasMaximum: true}
	overlayName      = Rule{MaxLength: OverlayNameMax}
	overlayText      = Rule{MaxLength: OverlayTextMax}
	percent          = Rule{Minimum: 0, HasMinimum: true, Maximum: 100, HasMaximum: true}
	cardFields       = map[string]Rule{
		"name": overlayName, "at": seconds, "until": seconds, "skip": {},
		"top_text": overlayText, "bottom_text": overlayText,
		"link": {MaxLength: LinkMax}, "link_text": {MaxLength: LinkTextMax},
		"icon": {MaxLength: IconMax, Pattern: IconPattern},
	}
	gateFields = map[string]Rule{
		"name": overlayName, "at": seconds, "skip": {},
		"top_text": overlayText, "bottom_text": overlayText, "checkbox_text": overlayText,
		"fields": {MinItems: 1, MaxItems: len(GateFields), ItemEnum: GateFields, UniqueItems: true},
	}
	// hotspotFields are a create's: numbers in seconds, percent and radians;
	// an empty target is the default, _blank.
	hotspotFields = map[string]Rule{
		"name": {MaxLength: HotspotNameMax}, "at": seconds, "until": seconds, "x": percent, "y": percent,
		"pitch":   {Minimum: -math.Pi / 2, HasMinimum: true, Maximum: math.Pi / 2, HasMaximum: true},
		"yaw":     {Minimum: -math.Pi, HasMinimum: true, Maximum: math.Pi, HasMaximum: true},
		"link":    {MaxLength: HotspotLinkMax},
		"opacity": {Minimum: 0, HasMinimum: true, Maximum: 1, HasMaximum: true},
		"target":  {Enum: append([]string{""}, HotspotTargets...)},
	}
	// timecodedHotspotFields are a hotspot's PATCH body, in time-codes and
	// named opacities.
	timecodedHotspotFields = map[string]Rule{
		"name": {MaxLength: HotspotNameMax}, "show_at": {Pattern: TimecodePattern}, "hide_at": {Pattern: TimecodePattern},
		"x": percent, "y": percent, "action": {Enum: HotspotActions}, "link": {MaxLength: HotspotLinkMax},
		"target": {Enum: HotspotTargets}, "opacity": {Enum: HotspotOpacities},
	}
	trackFields = map[string]Rule{
		"kind": {Enum: TrackKinds}, "label": {MinLength: 1, MaxLength: TrackLabelMax}, "language": {MinLength: 1},
		"url": {MinLength: 1},
	}
	// transcribeFields: an empty kind is subtitles.
	transcribeFields = map[string]Rule{
		"video_id": {MinLength: 1}, "language": {MinLength: 1}, "label": {MinLength: 1, MaxLength: TrackLabelMax},
		"kind": {Enum: append([]string{""}, TrackKinds...)},
	}
)
