package openapitest

import (
	"encoding/json"
	"fmt"
	"net/url"
	"slices"
	"strings"

	"github.com/getkin/kin-openapi/openapi3"
	"pgregory.net/rapid"
)

// Operation is one method and path template of the document.
type Operation struct {
	Method, Path string
	Op           *openapi3.Operation
}

// Operations lists the document's operations in a stable order.
func Operations(doc *openapi3.T) []Operation {
	var out []Operation
	for _, path := range doc.Paths.InMatchingOrder() {
		for method, op := range doc.Paths.Value(path).Operations() {
			out = append(out, Operation{Method: method, Path: path, Op: op})
		}
	}
	slices.SortFunc(out, func(a, b Operation) int { return strings.Compare(a.Method+a.Path, b.Method+b.Path) })
	return out
}

// Request is a generated request: its path and query, its JSON body (nil
// for none), and whether the document calls it valid.
type Request struct {
	Method, Target string
	Body           []byte
	Valid          bool
	Broken         string // what makes an invalid request invalid
}

// Generate draws a request for op: valid by the document, or invalid in one
// way it states (a required field or parameter missing, a length, value,
// list size or type broken, an unknown field). ids are identifiers the run
// has seen, drawn for path parameters besides made-up ones.
func Generate(t *rapid.T, op Operation, ids []string) Request {
	req := Request{Method: op.Method, Valid: true}
	body, hasBody := requestSchema(op.Op)
	var breakers []func() string
	path := op.Path
	query := url.Values{}
	for _, ref := range op.Op.Parameters {
		p := ref.Value
		switch p.In {
		case "path":
			path = strings.ReplaceAll(path, "{"+p.Name+"}", url.PathEscape(pathID(t, p.Name, ids)))
		case "query":
			if p.Required || rapid.Bool().Draw(t, "send "+p.Name) {
				query.Set(p.Name, queryText(value(t, p.Schema.Value, p.Name)))
			}
			if p.Required {
				name := p.Name
				breakers = append(breakers, func() string { query.Del(name); return "no " + name })
			}
			if broken, ok := brokenValue(t, p.Schema.Value, p.Name); ok {
				name := p.Name
				breakers = append(breakers, func() string { query.Set(name, queryText(broken)); return "bad " + name })
			}
		}
	}
	var object map[string]any
	if hasBody {
		object = objectValue(t, body, "body")
		breakers = append(breakers, bodyBreakers(t, body, object)...)
	}
	if len(breakers) > 0 && rapid.Bool().Draw(t, "invalid") {
		req.Valid = false
		req.Broken = rapid.SampledFrom(breakers).Draw(t, "break")()
	}
	if hasBody {
		req.Body, _ = json.Marshal(object)
	}
	req.Target = path
	if len(query) > 0 {
		req.Target += "?" + query.Encode()
	}
	return req
}

func requestSchema(op *openapi3.Operation) (*openapi3.Schema, bool) {
	if op.RequestBody == nil || op.RequestBody.Value == nil {
		return nil, false
	}
	media := op.RequestBody.Value.Content.Get("application/json")
	if media == nil || media.Schema == nil || media.Schema.Value == nil {
		return nil, false
	}
	return media.Schema.Value, true
}

// pathID is an identifier seen in the run, or a made-up one (an unknown
// id, an odd character): either must be answered by the document.
func pathID(t *rapid.T, name string, ids []string) string {
	if len(ids) > 0 && rapid.Bool().Draw(t, "known "+name) {
		return rapid.SampledFrom(ids).Draw(t, name)
	}
	return rapid.StringMatching(`[A-Za-z0-9_\-]{1,24}|me|%|\.`).Draw(t, name)
}

func queryText(v any) string {
	switch v := v.(type) {
	case string:
		return v
	case nil:
		return ""
	}
	raw, _ := json.Marshal(v)
	return string(raw)
}

// objectValue is a valid object: every required property, some others.
func objectValue(t *rapid.T, schema *openapi3.Schema, label string) map[string]any {
	out := map[string]any{}
	names := make([]string, 0, len(schema.Properties))
	for name := range schema.Properties {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		if slices.Contains(schema.Required, name) || rapid.Bool().Draw(t, label+"."+name+"?") {
			out[name] = value(t, schema.Properties[name].Value, label+"."+name)
		}
	}
	if uint64(len(out)) < schema.MinProps && len(names) > 0 {
		name := rapid.SampledFrom(names).Draw(t, label+" one")
		out[name] = value(t, schema.Properties[name].Value, label+"."+name)
	}
	return out
}

// bodyBreakers are the ways to make object invalid by the document.
func bodyBreakers(t *rapid.T, schema *openapi3.Schema, object map[string]any) []func() string {
	var out []func() string
	for _, name := range schema.Required {
		out = append(out, func() string { delete(object, name); return "no " + name })
	}
	if schema.MinProps > 0 {
		out = append(out, func() string { clear(object); return "empty body" })
	}
	if schema.AdditionalProperties.Has != nil && !*schema.AdditionalProperties.Has {
		out = append(out, func() string { object["fitler"] = "x"; return "unknown field" })
	}
	names := make([]string, 0, len(schema.Properties))
	for name := range schema.Properties {
		names = append(names, name)
	}
	slices.Sort(names) // a seed draws the same values every run
	for _, name := range names {
		if broken, ok := brokenValue(t, schema.Properties[name].Value, name); ok {
			out = append(out, func() string { object[name] = broken; return fmt.Sprintf("bad %s %.40v", name, broken) })
		}
	}
	return out
}
