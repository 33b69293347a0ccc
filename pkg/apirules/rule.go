package apirules

// Rule is what one request field must be. Lengths count characters, as
// pkg/validate does; zero values mean no rule.
type Rule struct {
	// Required fields must be sent (and, for strings, not be empty).
	Required bool
	// MinLength and MaxLength bound a string in characters.
	MinLength, MaxLength int
	// MaxBytes bounds a string in bytes (opaque client data).
	MaxBytes int
	// Enum lists the allowed values of a string; EnumText says what some of
	// them mean, for the field's description (a list, in Enum's order).
	Enum     []string
	EnumText map[string]string
	// Pattern is a regular expression a non-empty string matches.
	Pattern string
	// MinItems and MaxItems bound a list; ItemMaxLength bounds each of its
	// strings, ItemEnum lists their allowed values; UniqueItems refuses a
	// value twice.
	MinItems, MaxItems, ItemMaxLength int
	ItemEnum                          []string
	// ItemPattern is a regular expression each of its strings matches.
	ItemPattern string
	UniqueItems bool
	// Minimum and Maximum bound a number when HasMinimum, HasMaximum;
	// Integer says it is a whole number (sent as text in a query, or a
	// JSON number the proto holds as a double).
	Minimum, Maximum       float64
	HasMinimum, HasMaximum bool
	Integer                bool
}

// Message is the rules of one request message's fields, by JSON name.
type Message struct {
	Fields map[string]Rule
	// AtLeastOne is a PATCH body: an empty one changes nothing and is
	// refused ("request must change at least one field").
	AtLeastOne bool
}

// required returns fields with the named ones required.
func required(fields map[string]Rule, names ...string) map[string]Rule {
	out := make(map[string]Rule, len(fields))
	for name, rule := range fields {
		out[name] = rule
	}
	for _, name := range names {
		rule := out[name]
		rule.Required = true
		out[name] = rule
	}
	return out
}

// with returns fields with name's rule replaced by rule.
func with(fields map[string]Rule, name string, rule Rule) map[string]Rule {
	out := required(fields)
	out[name] = rule
	return out
}

// Lookup returns the rules of the message with the proto full name.
func Lookup(fullName string) (Message, bool) {
	m, ok := Messages[fullName]
	return m, ok
}
