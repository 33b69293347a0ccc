package filter

import (
	"strings"
	"unicode/utf8"
)

// Bounds of the text form.
const (
	// MaxTextLength is the longest text Parse reads, in bytes.
	MaxTextLength = 1000
	// MaxConditions is the most conditions a filter holds, in either form.
	MaxConditions = 20
	// MaxFieldLength is the longest field name.
	MaxFieldLength = 40
)

// Parse reads the text form (see the package documentation). Empty text is
// the zero Filter, which matches everything. Errors are *Error.
func Parse(text string) (Filter, error) {
	switch {
	case len(text) > MaxTextLength:
		return Filter{}, &Error{Part: PartFilter, Rule: "must be at most 1000 bytes"}
	case !utf8.ValidString(text):
		return Filter{}, &Error{Part: PartFilter, Rule: "must be UTF-8 text"}
	case text == "":
		return Filter{}, nil
	}
	p := parser{text: text}
	return p.filter()
}

// parser reads text from pos on.
type parser struct {
	text string
	pos  int
}

func (p *parser) filter() (Filter, error) {
	var f Filter
	group := []Condition{}
	for count := 1; ; count++ {
		if count > MaxConditions {
			return Filter{}, &Error{Part: PartFilter, Rule: "must hold at most 20 conditions", At: p.pos + 1}
		}
		c, err := p.condition()
		if err != nil {
			return Filter{}, err
		}
		group = append(group, c)
		if p.pos == len(p.text) {
			f.Groups = append(f.Groups, group)
			return f, nil
		}
		// value stops only at a separator or the end.
		if p.text[p.pos] == ';' {
			f.Groups = append(f.Groups, group)
			group = []Condition{}
		}
		p.pos++
	}
}

func (p *parser) condition() (Condition, error) {
	field, err := p.field()
	if err != nil {
		return Condition{}, err
	}
	op, err := p.operator()
	if err != nil {
		return Condition{}, err
	}
	value, err := p.value()
	if err != nil {
		return Condition{}, err
	}
	return Condition{Field: field, Operator: op, Value: value}, nil
}

func (p *parser) field() (string, error) {
	start := p.pos
	for p.pos < len(p.text) && fieldByte(p.text[p.pos], p.pos == start) {
		p.pos++
	}
	switch {
	case p.pos == start:
		return "", &Error{Part: PartField, Rule: "must start with a lowercase letter", At: start + 1}
	case p.pos-start > MaxFieldLength:
		return "", &Error{Part: PartField, Rule: "must be at most 40 characters", At: start + 1}
	}
	return p.text[start:p.pos], nil
}

func fieldByte(b byte, first bool) bool {
	return b >= 'a' && b <= 'z' || !first && (b >= '0' && b <= '9' || b == '_')
}

func (p *parser) operator() (Operator, error) {
	for _, op := range Operators {
		if strings.HasPrefix(p.text[p.pos:], string(op)) {
			p.pos += len(op)
			return op, nil
		}
	}
	return "", &Error{Part: PartOperator, Rule: "must be one of " + operatorList(), At: p.pos + 1}
}

// value reads up to the next unescaped separator or the end.
func (p *parser) value() (string, error) {
	var b strings.Builder
	for p.pos < len(p.text) {
		c := p.text[p.pos]
		switch c {
		case ',', ';':
			return b.String(), nil
		case '\\':
			if p.pos+1 == len(p.text) || !strings.ContainsRune(`,;\`, rune(p.text[p.pos+1])) {
				return "", &Error{Part: PartValue, Rule: `may escape only , ; and \ with \`, At: p.pos + 1}
			}
			p.pos++
			c = p.text[p.pos]
		}
		b.WriteByte(c)
		p.pos++
	}
	return b.String(), nil
}
