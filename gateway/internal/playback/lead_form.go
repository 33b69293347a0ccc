package playback

import (
	"net/mail"
	"regexp"
	"slices"
	"unicode/utf8"

	"github.com/vidhost/vidhost/pkg/apperr"
	catalogv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/catalog/v1"
)

// leadBody is what the player posts (web/player/src/overlays/gate-form.ts).
type leadBody struct {
	GateID   string            `json:"gate_id"`
	Fields   map[string]string `json:"fields"`
	Checkbox bool              `json:"checkbox"`
}

// maxFieldLength matches the form's maxlength.
const maxFieldLength = 200

var telephone = regexp.MustCompile(`^\+?[0-9 ().\-/]{3,32}$`)

// validate checks b against the gate it names: every field of the gate is
// required, no other field is allowed, and each obeys its format.
func (b leadBody) validate(v *catalogv1.PlaybackVideo) (*catalogv1.Gate, error) {
	i := slices.IndexFunc(v.GetGates(), func(g *catalogv1.Gate) bool { return g.GetId() == b.GateID })
	if i < 0 {
		return nil, apperr.InvalidField("gate_id", "must name a gate of this video")
	}
	gate := v.GetGates()[i]
	for name := range b.Fields {
		if !slices.Contains(gate.GetFields(), name) {
			return nil, apperr.InvalidField("fields", "must hold only the gate's fields (%q is not one)", shorten(name))
		}
	}
	for _, name := range gate.GetFields() {
		if err := validateLeadField(name, b.Fields[name]); err != nil {
			return nil, err
		}
	}
	return gate, nil
}

func validateLeadField(name, value string) error {
	field := "fields." + name
	switch n := utf8.RuneCountInString(value); {
	case n == 0:
		return apperr.InvalidField(field, "is required")
	case n > maxFieldLength:
		return apperr.InvalidField(field, "must be at most %d characters", maxFieldLength)
	}
	switch name {
	case "email":
		if address, err := mail.ParseAddress(value); err != nil || address.Address != value {
			return apperr.InvalidField(field, "must be an email address")
		}
	case "telephone":
		if !telephone.MatchString(value) {
			return apperr.InvalidField(field, "must be a telephone number")
		}
	}
	return nil
}

func shorten(s string) string {
	if r := []rune(s); len(r) > 40 {
		return string(r[:40]) + "…"
	}
	return s
}
