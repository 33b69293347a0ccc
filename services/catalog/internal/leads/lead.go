package leads

import (
	"maps"
	"net/mail"
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/services/catalog/internal/catalog"
)

// FieldMax bounds each value of a lead: the player's form has the same
// maxlength, and a name or an address longer than this is not a person's.
const FieldMax = 200

// Lead is a viewer's answer to a gate: the gate's fields as filled in and
// whether the opt-in checkbox was ticked. Nothing else about the viewer is
// kept (no address, referrer or browser): the customer asked for these
// fields and nothing more (docs/leads.md). Audit.CreatedBy is empty: a
// viewer made it, not a user of the account; leads are never changed.
type Lead struct {
	ID        string
	AccountID string
	VideoID   string
	GateID    string
	Fields    map[string]string
	Checkbox  bool
	catalog.Audit
}

// Submission is what the playback edge passes on from a viewer.
type Submission struct {
	VideoID  string
	GateID   string
	Fields   map[string]string
	Checkbox bool
}

// errNoSuchGate refuses a submission naming a gate the video does not have.
var errNoSuchGate = apperr.InvalidField("gate_id", "must name a gate of this video")

// telephonePattern accepts what people type for a number: digits with an
// optional leading +, spaces, dots, dashes, slashes and parentheses.
var telephonePattern = regexp.MustCompile(`^\+?[0-9 ().\-/]{3,32}$`)

// checkAgainst validates the submission against the gate it names: every
// field of the gate is required, no other is allowed, and each value obeys
// its format. The messages are the playback edge's, word for word.
func (in Submission) checkAgainst(g catalog.Gate) error {
	for _, name := range slices.Sorted(maps.Keys(in.Fields)) {
		if !slices.Contains(g.Fields, name) {
			return apperr.InvalidField("fields", "must hold only the gate's fields (%q is not one)", catalog.Truncate(name, 40))
		}
	}
	for _, name := range g.Fields {
		if err := checkLeadValue(name, in.Fields[name]); err != nil {
			return err
		}
	}
	if in.Checkbox && g.CheckboxText == "" {
		return apperr.InvalidField("checkbox", "must be false: the gate has no checkbox")
	}
	return nil
}

// checkLeadValue checks the value of the gate field name.
func checkLeadValue(name, value string) error {
	field := "fields." + name
	switch {
	case strings.TrimSpace(value) == "":
		return apperr.InvalidField(field, "is required")
	case utf8.RuneCountInString(value) > FieldMax:
		return apperr.InvalidField(field, "must be at most %d characters", FieldMax)
	case strings.ContainsFunc(value, unicode.IsControl):
		return apperr.InvalidField(field, "must not contain control characters")
	}
	switch name {
	case "email":
		if address, err := mail.ParseAddress(value); err != nil || address.Address != value {
			return apperr.InvalidField(field, "must be an email address")
		}
	case "telephone":
		if !telephonePattern.MatchString(value) {
			return apperr.InvalidField(field, "must be a telephone number")
		}
	}
	return nil
}

// gateOf returns v's gate with id.
func gateOf(v catalog.Video, id string) (catalog.Gate, bool) {
	i := slices.IndexFunc(v.Gates, func(g catalog.Gate) bool { return g.ID == id })
	if i < 0 {
		return catalog.Gate{}, false
	}
	return v.Gates[i], true
}
