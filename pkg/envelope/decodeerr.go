package envelope

import (
	"regexp"
	"strings"
)

// MessageMalformedJSON answers a body that is not JSON at all.
const MessageMalformedJSON = "malformed JSON"

// grpc-gateway turns request decoding failures into InvalidArgument with the
// decoder's raw text ("proto: (line 1:9): unknown field \"foo\"",
// "parsing field \"limit\": strconv.ParseInt: ..."). These patterns
// recognise them; a service's own validation messages match none and pass
// through unchanged. protobuf deliberately randomises the space after
// "proto:" (an ASCII space or U+00A0) so nobody relies on its text: the
// patterns accept both.
var (
	protoPrefix     = regexp.MustCompile(`^proto:[\s\x{00a0}]*`)
	syntaxPrefix    = regexp.MustCompile(`^syntax error[\s\x{00a0}]*\(line \d+:\d+\):[\s\x{00a0}]*`)
	positionPrefix  = regexp.MustCompile(`^\(line \d+:\d+\):[\s\x{00a0}]*`)
	unknownField    = regexp.MustCompile(`^unknown field (".*")$`)
	duplicateField  = regexp.MustCompile(`^duplicate field (".*")$`)
	invalidValue    = regexp.MustCompile(`^invalid value for (?:[a-z0-9]+ )*field (\w+)`)
	unexpectedToken = regexp.MustCompile(`^unexpected token (.+)$`)
	queryParse      = regexp.MustCompile(`^parsing (?:field|list|map key|map value) "(\w+)":`)
	queryTooMany    = regexp.MustCompile(`^too many values for field "(\w+)"`)
	jsonSyntax      = regexp.MustCompile(`^(invalid character|unexpected EOF|unexpected end of JSON|json: )`)
)

// CleanInvalid turns a decoder's error text into a short message naming the
// field, e.g. `unknown field "foo"`, `invalid value for limit` or
// `malformed JSON`. Other messages are returned unchanged.
func CleanInvalid(msg string) string {
	msg = protoPrefix.ReplaceAllString(msg, "")
	if rest := syntaxPrefix.ReplaceAllString(msg, ""); rest != msg {
		if m := unexpectedToken.FindStringSubmatch(rest); m != nil {
			return "unexpected value " + m[1] + " in request body"
		}
		return MessageMalformedJSON
	}
	msg = positionPrefix.ReplaceAllString(msg, "")
	switch {
	case unknownField.MatchString(msg), duplicateField.MatchString(msg):
		return msg
	case jsonSyntax.MatchString(msg):
		return MessageMalformedJSON
	}
	if m := invalidValue.FindStringSubmatch(msg); m != nil {
		return "invalid value for " + snakeCase(m[1])
	}
	if m := queryParse.FindStringSubmatch(msg); m != nil {
		return "invalid value for " + m[1]
	}
	if m := queryTooMany.FindStringSubmatch(msg); m != nil {
		return m[1] + " must be given once"
	}
	return msg
}

// cleanedField finds the field in the messages CleanInvalid writes.
var cleanedField = []*regexp.Regexp{
	regexp.MustCompile(`^(?:unknown|duplicate) field "(\w+)"$`),
	regexp.MustCompile(`^invalid value for (\w+)$`),
	regexp.MustCompile(`^(\w+) must be given once$`),
}

// DecodeField is the field a decoder's cleaned message (CleanInvalid) is
// about, or "" for one about the whole body (malformed JSON).
func DecodeField(cleaned string) string {
	for _, re := range cleanedField {
		if m := re.FindStringSubmatch(cleaned); m != nil {
			return m[1]
		}
	}
	return ""
}

// snakeCase turns protojson's JSON field names back into the proto names
// clients send ("showName" -> "show_name").
func snakeCase(name string) string {
	var b strings.Builder
	for _, r := range name {
		if r >= 'A' && r <= 'Z' {
			b.WriteByte('_')
			r += 'a' - 'A'
		}
		b.WriteRune(r)
	}
	return b.String()
}
