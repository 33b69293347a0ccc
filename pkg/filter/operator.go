package filter

// Operator compares a field with a condition's value.
type Operator string

// The operators of the interface.
const (
	Equal          Operator = "=="
	NotEqual       Operator = "!="
	Greater        Operator = ">"
	Less           Operator = "<"
	GreaterOrEqual Operator = ">="
	LessOrEqual    Operator = "<="
	Contains       Operator = "=@"
	NotContains    Operator = "!@"
)

// Operators lists every operator, two-character ones first: the order the
// text parser tries them in, so ">=" is never read as ">" then "=...".
var Operators = []Operator{Equal, NotEqual, GreaterOrEqual, LessOrEqual, Contains, NotContains, Greater, Less}

// Valid reports whether o is one of Operators.
func (o Operator) Valid() bool {
	for _, known := range Operators {
		if o == known {
			return true
		}
	}
	return false
}

// negative operators hold when no value matches (a missing field included).
func (o Operator) negative() bool { return o == NotEqual || o == NotContains }

// ordering operators compare sizes.
func (o Operator) ordering() bool {
	return o == Greater || o == Less || o == GreaterOrEqual || o == LessOrEqual
}
