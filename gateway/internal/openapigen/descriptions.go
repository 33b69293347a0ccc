package openapigen

import (
	"strings"

	"github.com/getkin/kin-openapi/openapi3"
	"google.golang.org/protobuf/reflect/protoreflect"
)

// messageText is what the protos' comments say about a message and its
// fields, as protoc-gen-openapiv2 copied them into the Swagger file (the
// compiled descriptors carry no comments).
type messageText struct {
	message string
	fields  map[string]string // proto field name -> description
}

type descriptions map[protoreflect.FullName]messageText

// harvest walks a schema of the converted Swagger document together with
// the message it was made from and records the texts of both and of every
// message they reference.
func (d descriptions) harvest(components openapi3.Schemas, ref *openapi3.SchemaRef, msg protoreflect.MessageDescriptor) {
	if ref == nil || msg == nil {
		return
	}
	schema := resolve(components, ref)
	if schema == nil {
		return
	}
	if _, seen := d[msg.FullName()]; seen {
		return
	}
	text := messageText{message: joinText(schema.Title, schema.Description), fields: map[string]string{}}
	d[msg.FullName()] = text
	for name, prop := range schema.Properties {
		field := msg.Fields().ByName(protoreflect.Name(name))
		if field == nil || prop == nil {
			continue
		}
		if value := resolveInline(prop); value != nil {
			text.fields[name] = joinText(value.Title, value.Description)
		}
		if field.Kind() != protoreflect.MessageKind {
			continue
		}
		target := prop
		if prop.Value != nil && prop.Value.Items != nil {
			target = prop.Value.Items
		}
		if field.IsMap() {
			continue
		}
		d.harvest(components, target, field.Message())
	}
}

// resolve follows a local reference into components.
func resolve(components openapi3.Schemas, ref *openapi3.SchemaRef) *openapi3.Schema {
	if ref.Ref == "" {
		return ref.Value
	}
	target, ok := components[strings.TrimPrefix(ref.Ref, "#/components/schemas/")]
	if !ok || target == nil {
		return nil
	}
	return target.Value
}

// resolveInline is the property's own schema when it has its own text.
func resolveInline(ref *openapi3.SchemaRef) *openapi3.Schema {
	if ref.Ref != "" {
		return nil
	}
	return ref.Value
}

func joinText(title, description string) string {
	switch {
	case title == "":
		return description
	case description == "":
		return title
	}
	return title + "\n\n" + description
}
