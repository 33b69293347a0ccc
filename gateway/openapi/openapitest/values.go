package openapitest

import (
	"strings"

	"github.com/getkin/kin-openapi/openapi3"
	"pgregory.net/rapid"
)

// maxDrawnLength caps generated strings without a smaller maxLength: long
// enough to cross the interface's short limits, short enough to stay fast.
const maxDrawnLength = 120

// value draws a value schema calls valid. A schema it cannot read well
// (a oneOf, a format the gateway checks further) gets a plausible value;
// the server may still refuse it, for a reason the document states.
func value(t *rapid.T, schema *openapi3.Schema, label string) any {
	if schema == nil {
		return nil
	}
	if len(schema.Enum) > 0 {
		return rapid.SampledFrom(schema.Enum).Draw(t, label)
	}
	if len(schema.AllOf) == 1 && schema.AllOf[0].Value != nil {
		return value(t, schema.AllOf[0].Value, label)
	}
	if len(schema.OneOf) > 0 {
		return value(t, rapid.SampledFrom(schema.OneOf).Draw(t, label+" form").Value, label)
	}
	switch {
	case schema.Type == nil:
		return rapid.SampledFrom([]any{"a", 1.0, true}).Draw(t, label)
	case schema.Type.Is(openapi3.TypeString) || schema.Type.Includes(openapi3.TypeString):
		return stringValue(t, schema, label)
	case schema.Type.Is(openapi3.TypeInteger) || schema.Type.Includes(openapi3.TypeInteger):
		low, high := bounds(schema, -5, 100000)
		return float64(rapid.IntRange(int(low), int(high)).Draw(t, label))
	case schema.Type.Is(openapi3.TypeNumber):
		low, high := bounds(schema, 0, 1000)
		return rapid.Float64Range(low, high).Draw(t, label)
	case schema.Type.Is(openapi3.TypeBoolean):
		return rapid.Bool().Draw(t, label)
	case schema.Type.Is(openapi3.TypeArray):
		return arrayValue(t, schema, label)
	case schema.Type.Is(openapi3.TypeObject):
		return objectValue(t, schema, label)
	}
	return nil
}

func bounds(schema *openapi3.Schema, low, high float64) (float64, float64) {
	if schema.Min != nil {
		low = *schema.Min
	}
	if schema.Max != nil {
		high = *schema.Max
	}
	return low, high
}

func stringValue(t *rapid.T, schema *openapi3.Schema, label string) string {
	switch {
	case schema.Pattern == `^[0-9]{4}-[0-9]{2}-[0-9]{2}$` || schema.Format == "date":
		return rapid.StringMatching(`2026-0[1-9]-[12][0-9]`).Draw(t, label)
	case schema.Format == "date-time":
		return rapid.StringMatching(`2026-0[1-9]-[12][0-9]T1[0-9]:[0-5][0-9]:00Z`).Draw(t, label)
	case schema.Format == "int64":
		return rapid.StringMatching(`[0-9]{1,6}`).Draw(t, label)
	case schema.Pattern != "":
		return rapid.StringMatching(strings.TrimSuffix(strings.TrimPrefix(schema.Pattern, "^"), "$")).Draw(t, label)
	}
	high := maxDrawnLength
	if schema.MaxLength != nil && int(*schema.MaxLength) < high {
		high = int(*schema.MaxLength)
	}
	low := int(schema.MinLength)
	// Often at a limit: that is where validation goes wrong.
	n := rapid.OneOf(rapid.Just(low), rapid.Just(high), rapid.IntRange(low, high)).Draw(t, label+" length")
	return rapid.StringOfN(rapid.RuneFrom([]rune("abcxyz019-_ .é日")), n, n, -1).Draw(t, label)
}

func arrayValue(t *rapid.T, schema *openapi3.Schema, label string) []any {
	high := 3
	if schema.MaxItems != nil && int(*schema.MaxItems) < high {
		high = int(*schema.MaxItems)
	}
	n := rapid.IntRange(0, high).Draw(t, label+" items")
	out := make([]any, n)
	for i := range out {
		if schema.Items != nil {
			out[i] = value(t, schema.Items.Value, label+"[]")
		}
	}
	return out
}

// brokenValue draws a value schema calls invalid, when it states a rule
// to break: past maxLength or maxItems, under minLength, outside the enum,
// or of the wrong type.
func brokenValue(t *rapid.T, schema *openapi3.Schema, label string) (any, bool) {
	if schema == nil || schema.Type == nil || len(schema.OneOf) > 0 {
		return nil, false
	}
	var options []any
	switch {
	case len(schema.Enum) > 0:
		options = append(options, "not-one-of-them")
	case schema.MaxLength != nil:
		options = append(options, strings.Repeat("x", int(*schema.MaxLength)+1))
	case schema.MinLength > 0:
		options = append(options, "")
	case schema.MaxItems != nil && schema.Items != nil && schema.Items.Value != nil:
		items := make([]any, int(*schema.MaxItems)+1)
		for i := range items {
			items[i] = value(t, schema.Items.Value, label+"[]")
		}
		options = append(options, items)
	}
	switch {
	case schema.Type.Is(openapi3.TypeString):
		options = append(options, 12.5, []any{})
	case schema.Type.Is(openapi3.TypeBoolean):
		options = append(options, "yes")
	case schema.Type.Is(openapi3.TypeInteger) || schema.Type.Is(openapi3.TypeNumber):
		options = append(options, "ten")
		if schema.Max != nil {
			options = append(options, *schema.Max+1)
		}
	case schema.Type.Is(openapi3.TypeArray):
		options = append(options, "not a list")
	case schema.Type.Is(openapi3.TypeObject):
		options = append(options, 7.0)
	}
	if len(options) == 0 {
		return nil, false
	}
	return rapid.SampledFrom(options).Draw(t, label+" broken"), true
}
