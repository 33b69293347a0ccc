package filter

import (
	"cmp"
	"math"
	"slices"
	"strconv"
	"strings"
)

// Condition is one <field><operator><value> test.
type Condition struct {
	Field    string
	Operator Operator
	Value    string
}

func (c Condition) String() string {
	return c.Field + string(c.Operator) + escape(c.Value)
}

// Check reports whether c can be evaluated over records of schema: a known
// field, an operator that field's kind takes, and a value of its kind.
func (c Condition) Check(schema Schema) error {
	kind, ok := schema[c.Field]
	if !ok {
		return &Error{Part: PartField, Rule: "must be one of " + strings.Join(schema.fields(), ", ")}
	}
	if !c.Operator.Valid() {
		return &Error{Part: PartOperator, Rule: "must be one of " + operatorList()}
	}
	if rule := kindRefuses(kind, c.Operator); rule != "" {
		return &Error{Part: PartOperator, Rule: rule}
	}
	switch kind {
	case KindNumber:
		if _, ok := parseNumber(c.Value); !ok {
			return &Error{Part: PartValue, Rule: "must be a number for " + c.Field}
		}
	case KindBool:
		if c.Value != "true" && c.Value != "false" {
			return &Error{Part: PartValue, Rule: "must be true or false for " + c.Field}
		}
	}
	return nil
}

// kindRefuses says why kind does not take op, or "" when it does.
func kindRefuses(kind Kind, op Operator) string {
	switch {
	case kind == KindNumber && (op == Contains || op == NotContains):
		return "=@ and !@ apply to text, not to numbers"
	case kind == KindStrings && op.ordering():
		return "must be ==, !=, =@ or !@ for a list"
	case kind == KindBool && op != Equal && op != NotEqual:
		return "must be == or != for a boolean"
	}
	return ""
}

// Match reports whether the record's field satisfies c. A field the record
// lacks, or one whose value c's operator cannot compare, satisfies only the
// negative operators (!= and !@): nothing there equals or contains the value.
func (c Condition) Match(r Record) bool {
	v, ok := r[c.Field]
	if !ok {
		return c.Operator.negative()
	}
	switch v.kind {
	case KindString:
		return matchString(c.Operator, v.text, c.Value)
	case KindNumber:
		want, ok := parseNumber(c.Value)
		if !ok {
			return c.Operator.negative()
		}
		return compare(c.Operator, cmp.Compare(v.number, want))
	case KindStrings:
		return matchList(c.Operator, v.list, c.Value)
	case KindBool:
		if c.Operator != Equal && c.Operator != NotEqual {
			return false
		}
		return compare(c.Operator, strings.Compare(strconv.FormatBool(v.flag), c.Value))
	}
	return c.Operator.negative()
}

func matchString(op Operator, have, want string) bool {
	switch op {
	case Contains:
		return strings.Contains(strings.ToLower(have), strings.ToLower(want))
	case NotContains:
		return !strings.Contains(strings.ToLower(have), strings.ToLower(want))
	}
	return compare(op, strings.Compare(have, want))
}

func matchList(op Operator, list []string, want string) bool {
	switch op {
	case Equal, NotEqual:
		return slices.Contains(list, want) == (op == Equal)
	case Contains, NotContains:
		found := slices.ContainsFunc(list, func(s string) bool { return matchString(Contains, s, want) })
		return found == (op == Contains)
	}
	return false
}

// compare turns a three-way comparison into op's answer.
func compare(op Operator, order int) bool {
	switch op {
	case Equal:
		return order == 0
	case NotEqual:
		return order != 0
	case Greater:
		return order > 0
	case Less:
		return order < 0
	case GreaterOrEqual:
		return order >= 0
	case LessOrEqual:
		return order <= 0
	}
	return false
}

// parseNumber reads a finite decimal number.
func parseNumber(s string) (float64, bool) {
	n, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
	if err != nil || math.IsInf(n, 0) || math.IsNaN(n) {
		return 0, false
	}
	return n, true
}

func (s Schema) fields() []string {
	names := make([]string, 0, len(s))
	for name := range s {
		names = append(names, name)
	}
	slices.Sort(names)
	return names
}

func operatorList() string {
	names := make([]string, len(Operators))
	for i, op := range Operators {
		names[i] = string(op)
	}
	return strings.Join(names, " ")
}
