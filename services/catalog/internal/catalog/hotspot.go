package catalog

import (
	"math"

	"github.com/vidhost/vidhost/pkg/apirules"
	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/validate"
)

// Hotspot limits: the interface's update shape caps name and link at 100
// characters; one stored model means both shapes keep to them.
const (
	HotspotNameMax = apirules.HotspotNameMax
	HotspotLinkMax = apirules.HotspotLinkMax
)

// Values of Hotspot.Target and TimecodedHotspot.Action.
const (
	TargetBlank   = "_blank"
	TargetParent  = "_parent"
	ActionLink    = "link"
	defaultTarget = TargetBlank
)

// Hotspot is a clickable region, stored once and shown in either of the
// interface's two shapes: as it is (Set A: seconds, numeric opacity) or as
// a TimecodedHotspot (Set B). docs/hotspots.md maps one onto the other.
type Hotspot struct {
	ID      string
	Name    string
	At      int     // seconds at which it appears
	Until   int     // seconds at which it disappears
	X, Y    float64 // percent of the video's width and height
	Pitch   float64 // radians, 360 video only
	Yaw     float64
	Link    string
	Opacity float64 // 0 (invisible) to 1 (opaque)
	Target  string  // _blank or _parent
}

// Validate checks a hotspot, naming the fields of the create shape.
func (h Hotspot) Validate() error {
	return validate.First(
		validate.MaxLength("name", h.Name, HotspotNameMax),
		checkRange("at", h.At, 0, MaxSeconds, " (seconds)"),
		checkRange("until", h.Until, 0, MaxSeconds, " (seconds)"),
		checkAfter("until", h.Until, "at", h.At),
		h.checkPlace(),
		checkLink("link", h.Link, HotspotLinkMax),
		checkNumber("opacity", h.Opacity, 0, 1, ""),
		validate.OneOf("target", h.Target, `"_blank" or "_parent"`, apirules.HotspotTargets...),
	)
}

// checkPlace checks the position, which both shapes share. Pitch is up or
// down from the horizon; yaw turns all the way round.
func (h Hotspot) checkPlace() error {
	return validate.First(
		checkNumber("x", h.X, 0, 100, " (percent of the width)"),
		checkNumber("y", h.Y, 0, 100, " (percent of the height)"),
		checkNumber("pitch", h.Pitch, -math.Pi/2, math.Pi/2, " (radians)"),
		checkNumber("yaw", h.Yaw, -math.Pi, math.Pi, " (radians)"),
	)
}

// withDefaultTarget is h with an empty target read as the default.
func (h Hotspot) withDefaultTarget() Hotspot {
	if h.Target == "" {
		h.Target = defaultTarget
	}
	return h
}

// checkNumber requires a finite value in [min, max].
func checkNumber(field string, value, min, max float64, unit string) error {
	if math.IsNaN(value) || value < min || value > max {
		return apperr.InvalidField(field, "must be a number from %s to %s%s", formatBound(min), formatBound(max), unit)
	}
	return nil
}

func formatBound(v float64) string {
	switch v {
	case math.Pi:
		return "PI"
	case -math.Pi:
		return "-PI"
	case math.Pi / 2:
		return "PI/2"
	case -math.Pi / 2:
		return "-PI/2"
	}
	return trimFloat(v)
}
