package filter

// Kind is the type of a field.
type Kind int

// The kinds of field a record holds.
const (
	// KindString compares exactly (== !=), by byte order (> < >= <=), and
	// by case-insensitive substring (=@ !@).
	KindString Kind = iota + 1
	// KindNumber takes numeric values and the six comparisons.
	KindNumber
	// KindStrings is a list (tags, categories): == holds when one element
	// equals the value, =@ when one element contains it; != and !@ when none
	// does. Lists have no order, so > < >= <= are refused.
	KindStrings
	// KindBool takes "true" or "false" with == and !=.
	KindBool
)

func (k Kind) String() string {
	switch k {
	case KindString:
		return "string"
	case KindNumber:
		return "number"
	case KindStrings:
		return "list of strings"
	case KindBool:
		return "boolean"
	}
	return "unknown"
}

// Value is one typed field of a record.
type Value struct {
	kind   Kind
	text   string
	number float64
	list   []string
	flag   bool
}

// String is a text field's value.
func String(s string) Value { return Value{kind: KindString, text: s} }

// Number is a numeric field's value.
func Number(n float64) Value { return Value{kind: KindNumber, number: n} }

// Strings is a list field's value.
func Strings(list ...string) Value { return Value{kind: KindStrings, list: list} }

// Bool is a boolean field's value.
func Bool(b bool) Value { return Value{kind: KindBool, flag: b} }

// Kind is v's kind; the zero Value has none.
func (v Value) Kind() Kind { return v.kind }

// Record is what conditions are evaluated against: field name to value.
type Record map[string]Value

// Schema names the fields conditions may use and their kinds.
type Schema map[string]Kind
