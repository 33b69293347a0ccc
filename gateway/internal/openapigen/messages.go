package openapigen

import (
	"fmt"
	"strings"

	"github.com/getkin/kin-openapi/openapi3"
	"google.golang.org/protobuf/reflect/protoreflect"
)

// side says which way a message travels: the JSON the gateway writes
// (every field present, message fields null when unset) or the JSON it
// reads (any subset of the fields, none unknown).
type side int

const (
	response side = iota
	request
)

// schemaSet collects the component schemas made from messages, named after
// the message (Video) and, on the request side, with the suffix Input
// (VideoInput) since the same message reads with other rules than it writes.
type schemaSet struct {
	schemas openapi3.Schemas
	owners  map[string]protoreflect.FullName // component name -> message, to catch two messages with one name
	texts   descriptions
}

func newSchemaSet(texts descriptions) *schemaSet {
	return &schemaSet{schemas: openapi3.Schemas{}, owners: map[string]protoreflect.FullName{}, texts: texts}
}

// ref returns a reference to the component schema of msg on side s, making
// it (and whatever it references) first. skip names fields left out: path
// parameters, which grpc-gateway takes from the path even when the body is "*".
func (set *schemaSet) ref(msg protoreflect.MessageDescriptor, s side, name string, skip map[string]bool) (*openapi3.SchemaRef, error) {
	if name == "" {
		name = string(msg.Name())
		if s == request && !strings.HasSuffix(name, "Input") {
			name += "Input"
		}
	}
	if owner, ok := set.owners[name]; ok {
		if owner != msg.FullName() {
			return nil, fmt.Errorf("schema name %s is taken by %s and %s", name, owner, msg.FullName())
		}
		return openapi3.NewSchemaRef("#/components/schemas/"+name, nil), nil
	}
	set.owners[name] = msg.FullName()
	set.schemas[name] = openapi3.NewSchemaRef("", &openapi3.Schema{}) // a placeholder for recursive messages
	schema, err := set.message(msg, s, skip)
	if err != nil {
		return nil, err
	}
	set.schemas[name].Value = schema
	return openapi3.NewSchemaRef("#/components/schemas/"+name, nil), nil
}

// messageRef is the well-known type's own JSON form, or a reference to the
// message's component schema.
func (set *schemaSet) messageRef(msg protoreflect.MessageDescriptor, s side) (*openapi3.SchemaRef, error) {
	if known, ok := wellKnown(msg); ok {
		return known, nil
	}
	return set.ref(msg, s, "", nil)
}

// message is the object schema of msg as protojson writes (response) or
// reads (request) it with the gateway's options: proto field names.
func (set *schemaSet) message(msg protoreflect.MessageDescriptor, s side, skip map[string]bool) (*openapi3.Schema, error) {
	text := set.texts[msg.FullName()]
	schema := openapi3.NewObjectSchema()
	schema.Description = text.message
	schema.AdditionalProperties = openapi3.AdditionalProperties{Has: new(false)}
	fields := msg.Fields()
	for i := range fields.Len() {
		field := fields.Get(i)
		name := field.TextName()
		if skip[name] || (s == request && systemFields[name]) {
			continue
		}
		prop, err := set.field(field, s)
		if err != nil {
			return nil, fmt.Errorf("%s.%s: %w", msg.FullName(), name, err)
		}
		prop = withExample(name, prop)
		if desc := text.fields[name]; desc != "" {
			prop = describe(prop, desc)
		}
		schema.Properties[name] = prop
		if s == response && alwaysWritten(field) {
			schema.Required = append(schema.Required, name)
		}
	}
	if s == request {
		if err := applyRules(msg, schema); err != nil {
			return nil, err
		}
	}
	return schema, nil
}

// systemFields are set by the services, never by a client: a request that
// sends one is refused with a 400 naming it (docs/conventions.md, PATCH),
// so request schemas leave them out.
var systemFields = map[string]bool{
	"id": true, "created_by": true, "created_time": true, "updated_by": true, "updated_time": true,
}

// alwaysWritten reports whether protojson with EmitUnpopulated writes the
// field even when unset: every field but the members of a oneof (proto3
// optional fields are members of a synthetic one).
func alwaysWritten(field protoreflect.FieldDescriptor) bool {
	return field.ContainingOneof() == nil
}

// field is the schema of one field's JSON value.
func (set *schemaSet) field(field protoreflect.FieldDescriptor, s side) (*openapi3.SchemaRef, error) {
	if field.IsMap() {
		value, err := set.singular(field.MapValue(), s)
		if err != nil {
			return nil, err
		}
		object := openapi3.NewObjectSchema()
		object.AdditionalProperties = openapi3.AdditionalProperties{Schema: value}
		return openapi3.NewSchemaRef("", object), nil
	}
	item, err := set.singular(field, s)
	if err != nil {
		return nil, err
	}
	if field.IsList() {
		return inline(&openapi3.Schema{Type: &openapi3.Types{openapi3.TypeArray}, Items: item}), nil
	}
	if field.Kind() == protoreflect.MessageKind && field.ContainingOneof() == nil && s == response && !wellKnownScalar(field.Message()) {
		// Unset, protojson writes null: it has presence but is not in a oneof.
		return nullable(item), nil
	}
	return item, nil
}

// singular is the schema of one value of the field's kind (proto3 JSON mapping).
func (set *schemaSet) singular(field protoreflect.FieldDescriptor, s side) (*openapi3.SchemaRef, error) {
	switch field.Kind() {
	case protoreflect.StringKind:
		return inline(openapi3.NewStringSchema()), nil
	case protoreflect.BytesKind:
		return inline(openapi3.NewStringSchema().WithFormat("byte")), nil
	case protoreflect.BoolKind:
		return inline(openapi3.NewBoolSchema()), nil
	case protoreflect.Int32Kind, protoreflect.Sint32Kind, protoreflect.Sfixed32Kind:
		return inline(openapi3.NewInt32Schema()), nil
	case protoreflect.Uint32Kind, protoreflect.Fixed32Kind:
		return inline(openapi3.NewIntegerSchema().WithMin(0).WithFormat("int64")), nil
	case protoreflect.Int64Kind, protoreflect.Sint64Kind, protoreflect.Sfixed64Kind,
		protoreflect.Uint64Kind, protoreflect.Fixed64Kind:
		return int64Schema(s), nil
	case protoreflect.FloatKind, protoreflect.DoubleKind:
		return inline(openapi3.NewFloat64Schema()), nil
	case protoreflect.EnumKind:
		return enumSchema(field.Enum()), nil
	case protoreflect.MessageKind, protoreflect.GroupKind:
		return set.messageRef(field.Message(), s)
	}
	return nil, fmt.Errorf("kind %s has no JSON mapping here", field.Kind())
}

// int64Schema: protojson writes 64-bit integers as decimal strings (a
// JavaScript number loses precision past 2^53) and reads either form.
func int64Schema(s side) *openapi3.SchemaRef {
	schema := openapi3.NewStringSchema().WithFormat("int64")
	schema.Pattern = `^-?[0-9]+$`
	if s == request {
		schema = &openapi3.Schema{Type: &openapi3.Types{openapi3.TypeString, openapi3.TypeInteger}, Format: "int64"}
	}
	return inline(schema)
}

func enumSchema(enum protoreflect.EnumDescriptor) *openapi3.SchemaRef {
	schema := openapi3.NewStringSchema()
	values := enum.Values()
	for i := range values.Len() {
		schema.Enum = append(schema.Enum, string(values.Get(i).Name()))
	}
	return inline(schema)
}

// wellKnown maps the google.protobuf types to their special JSON forms.
func wellKnown(msg protoreflect.MessageDescriptor) (*openapi3.SchemaRef, bool) {
	switch msg.FullName() {
	case "google.protobuf.Timestamp":
		return inline(openapi3.NewDateTimeSchema()), true
	case "google.protobuf.Duration":
		return inline(openapi3.NewStringSchema().WithPattern(`^-?[0-9]+(\.[0-9]+)?s$`)), true
	case "google.protobuf.FieldMask":
		return inline(openapi3.NewStringSchema()), true
	case "google.protobuf.Struct":
		return inline(openapi3.NewObjectSchema()), true
	case "google.protobuf.Value":
		return inline(&openapi3.Schema{}), true
	case "google.protobuf.ListValue":
		return inline(openapi3.NewArraySchema().WithItems(&openapi3.Schema{})), true
	case "google.protobuf.Empty":
		return inline(emptyObject()), true
	}
	return nil, false
}

// wellKnownScalar: Timestamp, Duration and the others are written as null
// too when unset; only Value writes itself.
func wellKnownScalar(msg protoreflect.MessageDescriptor) bool {
	return msg.FullName() == "google.protobuf.Value"
}

func inline(schema *openapi3.Schema) *openapi3.SchemaRef { return openapi3.NewSchemaRef("", schema) }

// nullable allows null besides the schema: OpenAPI 3.1 has no `nullable`,
// and a $ref takes no sibling type, hence oneOf.
func nullable(ref *openapi3.SchemaRef) *openapi3.SchemaRef {
	if ref.Ref == "" && ref.Value.Type != nil {
		value := *ref.Value
		types := append(openapi3.Types{}, *value.Type...)
		types = append(types, openapi3.TypeNull)
		value.Type = &types
		return inline(&value)
	}
	return inline(&openapi3.Schema{OneOf: openapi3.SchemaRefs{ref, inline(&openapi3.Schema{Type: &openapi3.Types{openapi3.TypeNull}})}})
}

// describe attaches a description to a property: beside a $ref only
// through allOf, which every renderer shows.
func describe(ref *openapi3.SchemaRef, text string) *openapi3.SchemaRef {
	if ref.Ref != "" {
		return inline(&openapi3.Schema{Description: text, AllOf: openapi3.SchemaRefs{ref}})
	}
	value := *ref.Value
	value.Description = text
	return inline(&value)
}

// emptyObject is `{}`: the result of a delete and of every failure.
func emptyObject() *openapi3.Schema {
	schema := openapi3.NewObjectSchema()
	schema.AdditionalProperties = openapi3.AdditionalProperties{Has: new(false)}
	return schema
}
