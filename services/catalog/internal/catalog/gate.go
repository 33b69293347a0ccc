package catalog

import (
	"slices"
	"strings"

	"github.com/vidhost/vidhost/pkg/apirules"
	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/validate"
)

// GateFields are what a gate may ask the viewer for.
var GateFields = apirules.GateFields

// Gate covers the video from At (seconds; 0 for pre-roll) and asks the
// viewer for Fields.
type Gate struct {
	ID           string
	Name         string
	At           int
	Skip         bool
	TopText      string
	BottomText   string
	CheckboxText string
	Fields       []string
}

// Validate checks the fields a client sets.
func (g Gate) Validate() error {
	return validate.First(
		validate.MaxLength("name", g.Name, OverlayNameMax),
		checkRange("at", g.At, 0, MaxSeconds, " (seconds)"),
		validate.MaxLength("top_text", g.TopText, OverlayTextMax),
		validate.MaxLength("bottom_text", g.BottomText, OverlayTextMax),
		validate.MaxLength("checkbox_text", g.CheckboxText, OverlayTextMax),
		checkGateFields(g.Fields),
	)
}

func checkGateFields(fields []string) error {
	known := strings.Join(GateFields, ", ")
	if len(fields) == 0 {
		return apperr.InvalidField("fields", "must contain one or more of %s", known)
	}
	for i, f := range fields {
		if !slices.Contains(GateFields, f) {
			return apperr.InvalidField("fields", "contains unknown field %q (known: %s)", Truncate(f, 20), known)
		}
		if slices.Contains(fields[:i], f) {
			return apperr.InvalidField("fields", "contains %q more than once", f)
		}
	}
	return nil
}

// gateFields are the gate fields an update mask may name.
var gateFields = setters[Gate]{
	"name":          func(dst *Gate, src Gate) { dst.Name = src.Name },
	"at":            func(dst *Gate, src Gate) { dst.At = src.At },
	"skip":          func(dst *Gate, src Gate) { dst.Skip = src.Skip },
	"top_text":      func(dst *Gate, src Gate) { dst.TopText = src.TopText },
	"bottom_text":   func(dst *Gate, src Gate) { dst.BottomText = src.BottomText },
	"checkbox_text": func(dst *Gate, src Gate) { dst.CheckboxText = src.CheckboxText },
	"fields":        func(dst *Gate, src Gate) { dst.Fields = slices.Clone(src.Fields) },
}

// GateInput is a create request; like cards, every field is required.
// Fields has no presence of its own: an absent list is empty, which
// Validate refuses anyway.
type GateInput struct {
	Name, TopText, BottomText, CheckboxText *string
	At                                      *int
	Skip                                    *bool
	Fields                                  []string
}

// Gate returns the gate, or the first field that was not sent.
func (in GateInput) Gate() (Gate, error) {
	err := validate.First(
		required("name", in.Name), required("at", in.At), required("skip", in.Skip),
		required("top_text", in.TopText), required("bottom_text", in.BottomText),
		required("checkbox_text", in.CheckboxText),
	)
	if err != nil {
		return Gate{}, err
	}
	return Gate{
		Name: *in.Name, At: *in.At, Skip: *in.Skip, TopText: *in.TopText, BottomText: *in.BottomText,
		CheckboxText: *in.CheckboxText, Fields: slices.Clone(in.Fields),
	}, nil
}
