package rest

import (
	"math/bits"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"
)

// Most resources of the interface (categories, keys, players...) are flat
// messages: strings, booleans and integers, nothing nested. protojson
// walks them by reflection, value by value, which made the JSON of a page
// of 25 categories a tenth of a /v2 call's CPU. appendMessage writes such
// a message from a plan made once per type: what protojson writes with
// marshalOptions (proto names, every field, declaration order, the same
// string escaping), without the spaces protojson adds at random to keep
// anyone from depending on its bytes. Anything else goes to protojson.

// flatField is a field of a flat message: its kind and `"name":`.
type flatField struct {
	desc protoreflect.FieldDescriptor
	name string
}

// flatPlans holds a []flatField per message type, nil for types that are
// not flat.
var flatPlans sync.Map // protoreflect.FullName -> []flatField

func planOf(desc protoreflect.MessageDescriptor) []flatField {
	if plan, ok := flatPlans.Load(desc.FullName()); ok {
		return plan.([]flatField)
	}
	plan := makePlan(desc)
	flatPlans.Store(desc.FullName(), plan)
	return plan
}

// makePlan returns nil unless every field is a singular scalar without
// presence (which protojson would write as null when unset) of a kind
// written here, in a message that is not a well-known type (their JSON
// has its own shape) and has no extensions.
func makePlan(desc protoreflect.MessageDescriptor) []flatField {
	if strings.HasPrefix(string(desc.FullName()), "google.protobuf.") || desc.ExtensionRanges().Len() > 0 {
		return nil
	}
	fields := desc.Fields()
	plan := make([]flatField, 0, fields.Len())
	for i := range fields.Len() {
		fd := fields.Get(i)
		if fd.Cardinality() == protoreflect.Repeated || fd.HasPresence() || fd.ContainingOneof() != nil || !flatKind(fd.Kind()) {
			return nil
		}
		name, _ := appendJSONString(nil, fd.TextName())
		plan = append(plan, flatField{desc: fd, name: string(name) + ":"})
	}
	return plan
}

func flatKind(kind protoreflect.Kind) bool {
	switch kind {
	case protoreflect.StringKind, protoreflect.BoolKind,
		protoreflect.Int32Kind, protoreflect.Sint32Kind, protoreflect.Sfixed32Kind,
		protoreflect.Uint32Kind, protoreflect.Fixed32Kind,
		protoreflect.Int64Kind, protoreflect.Sint64Kind, protoreflect.Sfixed64Kind,
		protoreflect.Uint64Kind, protoreflect.Fixed64Kind:
		return true
	}
	return false
}

// appendMessage appends the JSON of m, as marshalOptions writes it.
func appendMessage(buf []byte, m proto.Message) ([]byte, error) {
	msg := m.ProtoReflect()
	plan := planOf(msg.Descriptor())
	if plan == nil {
		return marshalOptions.MarshalAppend(buf, m)
	}
	start := len(buf)
	buf = append(buf, '{')
	for i, field := range plan {
		if i > 0 {
			buf = append(buf, ',')
		}
		buf = append(buf, field.name...)
		value := msg.Get(field.desc)
		switch field.desc.Kind() {
		case protoreflect.StringKind:
			var ok bool
			if buf, ok = appendJSONString(buf, value.String()); !ok {
				return marshalOptions.MarshalAppend(buf[:start], m) // its error names the field
			}
		case protoreflect.BoolKind:
			buf = strconv.AppendBool(buf, value.Bool())
		case protoreflect.Int32Kind, protoreflect.Sint32Kind, protoreflect.Sfixed32Kind:
			buf = strconv.AppendInt(buf, value.Int(), 10)
		case protoreflect.Uint32Kind, protoreflect.Fixed32Kind:
			buf = strconv.AppendUint(buf, value.Uint(), 10)
		case protoreflect.Int64Kind, protoreflect.Sint64Kind, protoreflect.Sfixed64Kind:
			buf = append(strconv.AppendInt(append(buf, '"'), value.Int(), 10), '"') // 64-bit integers are strings in proto3 JSON
		default: // Uint64Kind, Fixed64Kind
			buf = append(strconv.AppendUint(append(buf, '"'), value.Uint(), 10), '"')
		}
	}
	return append(buf, '}'), nil
}

// appendJSONString quotes s as protojson does: '"', '\\' and control
// characters escaped (\b \f \n \r \t or \u00XX), everything else as is.
// ok is false for invalid UTF-8, which protojson refuses.
func appendJSONString(buf []byte, s string) ([]byte, bool) {
	buf = append(buf, '"')
	for len(s) > 0 {
		plain := 0 // printable ASCII needs no escape: copied in one go
		for plain < len(s) && s[plain] >= ' ' && s[plain] < utf8.RuneSelf && s[plain] != '"' && s[plain] != '\\' {
			plain++
		}
		buf, s = append(buf, s[:plain]...), s[plain:]
		if len(s) == 0 {
			break
		}
		r, n := utf8.DecodeRuneInString(s)
		switch {
		case r == utf8.RuneError && n == 1:
			return buf, false
		case r < ' ' || r == '"' || r == '\\':
			buf = append(buf, '\\')
			switch r {
			case '"', '\\':
				buf = append(buf, byte(r))
			case '\b':
				buf = append(buf, 'b')
			case '\f':
				buf = append(buf, 'f')
			case '\n':
				buf = append(buf, 'n')
			case '\r':
				buf = append(buf, 'r')
			case '\t':
				buf = append(buf, 't')
			default:
				buf = append(buf, 'u')
				buf = append(buf, "0000"[1+(bits.Len32(uint32(r))-1)/4:]...) //nolint:gosec // bounded: r < 0x20 in this case
				buf = strconv.AppendUint(buf, uint64(r), 16)                 //nolint:gosec // bounded: as above
			}
		default:
			buf = append(buf, s[:n]...)
		}
		s = s[n:]
	}
	return append(buf, '"'), true
}
