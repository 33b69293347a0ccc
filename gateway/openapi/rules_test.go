package openapi_test

import (
	"context"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/gateway/openapi/openapitest"
	"github.com/vidhost/vidhost/pkg/apirules"
)

// The served document's request schemas carry every rule of the table the
// services validate with (pkg/apirules): required fields, lengths, allowed
// values, list sizes, and "at least one field" for PATCH bodies.
func TestRequestSchemasCarryTheServicesRules(t *testing.T) {
	doc, err := openapitest.Load(context.Background())
	require.NoError(t, err)
	for fullName, message := range apirules.Messages {
		short := fullName[strings.LastIndex(fullName, ".")+1:]
		found := 0
		// A create's schema is its message's name, or ...Body when the
		// path holds some of its fields; a resource's request side is ...Input.
		names := []string{short + "Input"}
		switch {
		case strings.HasSuffix(short, "Input"):
			names = []string{short}
		case strings.HasSuffix(short, "Request"):
			names = []string{short, strings.TrimSuffix(short, "Request") + "Body"}
		}
		for _, name := range names {
			ref, ok := doc.Components.Schemas[name]
			if !ok {
				continue
			}
			found++
			t.Run(name, func(t *testing.T) {
				schema := ref.Value
				if message.AtLeastOne {
					assert.Equal(t, uint64(1), schema.MinProps, "a PATCH body must change a field")
				}
				for field, rule := range message.Fields {
					prop := schema.Properties[field]
					require.NotNil(t, prop, field)
					assert.Equal(t, rule.Required, contains(schema.Required, field), "%s required", field)
					assertRule(t, field, prop.Value, rule)
				}
			})
		}
		assert.Positive(t, found, "%s has a request schema", fullName)
	}
}

// The query parameters with rules of their own carry them too.
func TestQueryParametersCarryTheServicesRules(t *testing.T) {
	doc, err := openapitest.Load(context.Background())
	require.NoError(t, err)
	for route, rules := range apirules.Queries {
		method, path, _ := strings.Cut(route, " ")
		op := doc.Paths.Value(path).GetOperation(method)
		require.NotNil(t, op, route)
		for name, rule := range rules {
			param := op.Parameters.GetByInAndName("query", name)
			require.NotNil(t, param, "%s %s", route, name)
			assert.Equal(t, rule.Required, param.Required, "%s %s required", route, name)
			if rule.Integer {
				assert.True(t, param.Schema.Value.Type.Is(openapi3.TypeInteger), "%s %s", route, name)
				assert.Equal(t, rule.Maximum, *param.Schema.Value.Max)
				continue
			}
			assertRule(t, name, param.Schema.Value, rule)
		}
	}
}

func assertRule(t *testing.T, field string, schema *openapi3.Schema, rule apirules.Rule) {
	t.Helper()
	if schema.Items != nil {
		assertListRule(t, field, schema, rule)
		return
	}
	if rule.HasMinimum {
		assert.Equal(t, rule.Minimum, *schema.Min, field)
	}
	if rule.HasMaximum {
		assert.Equal(t, rule.Maximum, *schema.Max, field)
	}
	assert.Equal(t, uint64(rule.MinLength), schema.MinLength, field)
	if limit := max(rule.MaxLength, rule.MaxBytes); limit > 0 {
		assert.Equal(t, uint64(limit), *schema.MaxLength, field)
	}
	assert.Equal(t, rule.Enum, enumOf(schema), field)
	for value, text := range rule.EnumText {
		assert.Contains(t, schema.Description, "- `"+value+"`: "+text, "%s describes %q", field, value)
	}
	assert.Equal(t, rule.Pattern, schema.Pattern, field)
}

func assertListRule(t *testing.T, field string, schema *openapi3.Schema, rule apirules.Rule) {
	t.Helper()
	assert.Equal(t, uint64(rule.MinItems), schema.MinItems, field)
	if rule.MaxItems > 0 {
		assert.Equal(t, uint64(rule.MaxItems), *schema.MaxItems, field)
	}
	assert.Equal(t, rule.UniqueItems, schema.UniqueItems, field)
	if rule.ItemMaxLength > 0 {
		assert.Equal(t, uint64(rule.ItemMaxLength), *schema.Items.Value.MaxLength, field)
	}
	assert.Equal(t, rule.ItemEnum, enumOf(schema.Items.Value), field)
	assert.Equal(t, rule.ItemPattern, schema.Items.Value.Pattern, field)
}

func enumOf(schema *openapi3.Schema) []string {
	var enum []string
	for _, value := range schema.Enum {
		enum = append(enum, value.(string))
	}
	return enum
}

func contains(list []string, s string) bool {
	for _, item := range list {
		if item == s {
			return true
		}
	}
	return false
}
