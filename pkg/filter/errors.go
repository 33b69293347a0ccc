package filter

import "fmt"

// The parts of a condition an Error can be about.
const (
	PartField    = "field"
	PartOperator = "operator"
	PartValue    = "value"
	// PartFilter is the whole text (too long, too many conditions).
	PartFilter = "filter"
)

// Error is a condition or a text the grammar or a Schema refuses. Rule is
// worded to follow the part's name: "field must be one of name, tags".
type Error struct {
	Part string
	Rule string
	// At is the 1-based byte position in the text where parsing stopped,
	// or 0 when the error is not about a position in a text.
	At int
}

func (e *Error) Error() string {
	if e.At > 0 {
		return fmt.Sprintf("%s %s (at byte %d)", e.Part, e.Rule, e.At)
	}
	return e.Part + " " + e.Rule
}
