package catalog

import (
	"math"
	"strconv"

	"github.com/vidhost/vidhost/pkg/apirules"
	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/validate"
)

// Named opacities of the update shape, and the numbers they stand for.
const (
	OpacityInvisible   = "invisible"
	OpacityTranslucent = "translucent"
	OpacityOpaque      = "opaque"
	translucentValue   = 0.5
)

// TimecodedHotspot is a hotspot in the interface's update shape (Set B).
type TimecodedHotspot struct {
	ID      string
	Name    string
	ShowAt  string // HH:MM:SS
	HideAt  string
	X, Y    float64
	Action  string // always "link"
	Link    string
	Target  string
	Opacity string // invisible, translucent or opaque
}

// Timecoded returns h in the update shape.
func (h Hotspot) Timecoded() TimecodedHotspot {
	return TimecodedHotspot{
		ID: h.ID, Name: h.Name, ShowAt: FormatTimecode(h.At), HideAt: FormatTimecode(h.Until),
		X: h.X, Y: h.Y, Action: ActionLink, Link: h.Link, Target: h.Target, Opacity: opacityName(h.Opacity),
	}
}

// opacityName names a numeric opacity: 0 is invisible, 1 (or more) opaque,
// anything between translucent.
func opacityName(opacity float64) string {
	switch {
	case opacity <= 0:
		return OpacityInvisible
	case opacity >= 1:
		return OpacityOpaque
	}
	return OpacityTranslucent
}

// opacityValue is the number a named opacity is stored as. A name that
// already describes current keeps current's exact number, so sending back
// "translucent" does not turn 0.3 into 0.5.
func opacityValue(name string, current float64) (float64, error) {
	if name == opacityName(current) {
		return current, nil
	}
	switch name {
	case OpacityInvisible:
		return 0, nil
	case OpacityTranslucent:
		return translucentValue, nil
	case OpacityOpaque:
		return 1, nil
	}
	return 0, apperr.InvalidField("opacity", `must be "invisible", "translucent" or "opaque"`)
}

// timecodedFields apply one field of the update shape to the stored
// hotspot, validating the value as they go.
var timecodedFields = map[string]func(dst *Hotspot, src TimecodedHotspot) error{
	"name": func(dst *Hotspot, src TimecodedHotspot) error {
		dst.Name = src.Name
		return validate.MaxLength("name", src.Name, HotspotNameMax)
	},
	"show_at": func(dst *Hotspot, src TimecodedHotspot) (err error) {
		dst.At, err = timecodeField("show_at", src.ShowAt)
		return err
	},
	"hide_at": func(dst *Hotspot, src TimecodedHotspot) (err error) {
		dst.Until, err = timecodeField("hide_at", src.HideAt)
		return err
	},
	"x": func(dst *Hotspot, src TimecodedHotspot) error { dst.X = src.X; return nil },
	"y": func(dst *Hotspot, src TimecodedHotspot) error { dst.Y = src.Y; return nil },
	"action": func(dst *Hotspot, src TimecodedHotspot) error {
		return validate.OneOf("action", src.Action, `"link"`, apirules.HotspotActions...)
	},
	"link": func(dst *Hotspot, src TimecodedHotspot) error {
		dst.Link = src.Link
		return checkLink("link", src.Link, HotspotLinkMax)
	},
	"target": func(dst *Hotspot, src TimecodedHotspot) error {
		dst.Target = src.Target
		return validate.OneOf("target", src.Target, `"_blank" or "_parent"`, apirules.HotspotTargets...)
	},
	"opacity": func(dst *Hotspot, src TimecodedHotspot) (err error) {
		dst.Opacity, err = opacityValue(src.Opacity, dst.Opacity)
		return err
	},
}

func timecodeField(field, value string) (int, error) {
	seconds, ok := parseTimecode(value)
	if !ok {
		return 0, apperr.InvalidField(field, "must be a time-code HH:MM:SS")
	}
	return seconds, nil
}

// applyTimecoded applies an update-shape patch to h and validates the
// result in the update shape's words.
func applyTimecoded(h Hotspot, patch Patch[TimecodedHotspot]) (Hotspot, error) {
	for _, path := range patch.Paths {
		if err := timecodedFields[path](&h, patch.Values); err != nil {
			return Hotspot{}, err
		}
	}
	if h.Until <= h.At {
		return Hotspot{}, apperr.InvalidField("hide_at", "must be after show_at")
	}
	return h, h.checkPlace()
}

func trimFloat(v float64) string {
	if v == math.Trunc(v) {
		return strconv.FormatFloat(v, 'f', 0, 64)
	}
	return strconv.FormatFloat(v, 'f', -1, 64)
}
