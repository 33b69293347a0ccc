package openapigen

import (
	"fmt"
	"slices"
	"strings"

	"github.com/getkin/kin-openapi/openapi3"
	"google.golang.org/protobuf/reflect/protoreflect"

	"github.com/vidhost/vidhost/pkg/apirules"
)

// applyRules writes the services' rules for msg (pkg/apirules, the table
// their validation reads) into its request schema: required fields,
// lengths, allowed values, list sizes, and minProperties 1 for a PATCH body.
// A rule for a field the message lacks is an error: the table and the
// protos must name the same fields.
func applyRules(msg protoreflect.MessageDescriptor, schema *openapi3.Schema) error {
	return applyNamedRules(string(msg.FullName()), schema)
}

// applyNamedRules writes the rules of the table's entry fullName into
// schema: a proto's full name, or a gateway route's "gateway.<schema>".
func applyNamedRules(fullName string, schema *openapi3.Schema) error {
	rules, ok := apirules.Lookup(fullName)
	if !ok {
		return nil
	}
	if rules.AtLeastOne {
		schema.MinProps = 1
	}
	names := make([]string, 0, len(rules.Fields))
	for name := range rules.Fields {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		prop, ok := schema.Properties[name]
		if !ok {
			return fmt.Errorf("%s: pkg/apirules has a rule for %q, which the request schema lacks", fullName, name)
		}
		rule := rules.Fields[name]
		schema.Properties[name] = constrained(prop, rule)
		if rule.Required {
			schema.Required = append(schema.Required, name)
		}
	}
	return nil
}

// constrained returns a copy of prop carrying rule.
func constrained(prop *openapi3.SchemaRef, rule apirules.Rule) *openapi3.SchemaRef {
	value := *prop.Value
	if value.Items != nil { // a list: its items may be a reference
		return inline(constrainedList(value, rule))
	}
	if rule.MinLength > 0 {
		value.MinLength = uint64(rule.MinLength)
	}
	switch {
	case rule.MaxLength > 0:
		value.MaxLength = new(uint64(rule.MaxLength))
	case rule.MaxBytes > 0:
		// JSON Schema counts characters; a byte limit is at least that many.
		value.MaxLength = new(uint64(rule.MaxBytes))
		value.Description = strings.TrimSpace(value.Description + fmt.Sprintf(" At most %d bytes of UTF-8.", rule.MaxBytes))
	}
	for _, allowed := range rule.Enum {
		value.Enum = append(value.Enum, allowed)
	}
	value.Description = withEnumText(value.Description, rule)
	if rule.Pattern != "" {
		value.Pattern = rule.Pattern
	}
	if rule.HasMinimum {
		value.Min = new(rule.Minimum)
	}
	if rule.HasMaximum {
		value.Max = new(rule.Maximum)
	}
	if rule.Integer { // a whole number the proto holds as a double
		value.Type, value.Format = &openapi3.Types{openapi3.TypeInteger}, ""
	}
	return inline(&value)
}

// constrainedList is a list's schema carrying rule: its size, and its
// items' lengths and allowed values.
func constrainedList(value openapi3.Schema, rule apirules.Rule) *openapi3.Schema {
	if rule.MinItems > 0 {
		value.MinItems = uint64(rule.MinItems)
	}
	if rule.MaxItems > 0 {
		value.MaxItems = new(uint64(rule.MaxItems))
	}
	value.UniqueItems = rule.UniqueItems
	if (rule.ItemMaxLength > 0 || len(rule.ItemEnum) > 0 || rule.ItemPattern != "") && value.Items.Value != nil {
		item := *value.Items.Value
		if rule.ItemMaxLength > 0 {
			item.MinLength, item.MaxLength = 1, new(uint64(rule.ItemMaxLength))
		}
		for _, allowed := range rule.ItemEnum {
			item.Enum = append(item.Enum, allowed)
		}
		item.Pattern = rule.ItemPattern
		value.Items = inline(&item)
	}
	return &value
}

// queryConstrained is a query parameter's schema carrying rule: an integer
// one (a limit the service reads as text) becomes an integer schema.
func queryConstrained(schema *openapi3.SchemaRef, rule apirules.Rule) *openapi3.SchemaRef {
	if rule.Integer {
		number := openapi3.NewIntegerSchema()
		if rule.HasMinimum {
			number.Min = new(rule.Minimum)
		}
		if rule.HasMaximum {
			number.Max = new(rule.Maximum)
		}
		return inline(number)
	}
	return constrained(schema, rule)
}

// withEnumText appends to description a list of what the rule's allowed
// values mean, in Enum's order, so the document says it where the values
// are listed.
func withEnumText(description string, rule apirules.Rule) string {
	var lines []string
	for _, allowed := range rule.Enum {
		if text, ok := rule.EnumText[allowed]; ok {
			lines = append(lines, fmt.Sprintf("- `%s`: %s", allowed, text))
		}
	}
	if len(lines) == 0 {
		return description
	}
	return strings.TrimSpace(description + "\n\n" + strings.Join(lines, "\n"))
}
