package filter

import "strings"

// Filter is a conjunction of groups, each a disjunction of conditions: it
// matches a record when every group has a condition that matches. The zero
// Filter matches every record.
type Filter struct {
	Groups [][]Condition
}

// Logic joins a list of conditions: all of them, or any of them.
type Logic string

// The two ways to join a list of conditions.
const (
	And Logic = "and"
	Or  Logic = "or"
)

// Valid reports whether l is And or Or.
func (l Logic) Valid() bool { return l == And || l == Or }

// Of joins conditions with logic, the structured form hooks use: And puts
// each condition in its own group, Or puts them all in one.
func Of(conditions []Condition, logic Logic) Filter {
	if len(conditions) == 0 {
		return Filter{}
	}
	if logic == Or {
		return Filter{Groups: [][]Condition{append([]Condition(nil), conditions...)}}
	}
	groups := make([][]Condition, len(conditions))
	for i, c := range conditions {
		groups[i] = []Condition{c}
	}
	return Filter{Groups: groups}
}

// Match reports whether r satisfies f.
func (f Filter) Match(r Record) bool {
	for _, group := range f.Groups {
		if !anyMatch(group, r) {
			return false
		}
	}
	return true
}

func anyMatch(group []Condition, r Record) bool {
	for _, c := range group {
		if c.Match(r) {
			return true
		}
	}
	return false
}

// Check checks every condition against schema (Condition.Check), first
// failure first.
func (f Filter) Check(schema Schema) error {
	for _, group := range f.Groups {
		for _, c := range group {
			if err := c.Check(schema); err != nil {
				return err
			}
		}
	}
	return nil
}

// Len is the number of conditions.
func (f Filter) Len() int {
	n := 0
	for _, group := range f.Groups {
		n += len(group)
	}
	return n
}

// String is f in the text form; Parse reads it back to f.
func (f Filter) String() string {
	var b strings.Builder
	for i, group := range f.Groups {
		if i > 0 {
			b.WriteByte(';')
		}
		for j, c := range group {
			if j > 0 {
				b.WriteByte(',')
			}
			b.WriteString(c.String())
		}
	}
	return b.String()
}

// escape makes value safe between the text form's separators.
func escape(value string) string {
	if !strings.ContainsAny(value, `,;\`) {
		return value
	}
	var b strings.Builder
	for _, r := range value {
		if r == ',' || r == ';' || r == '\\' {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}
