package openapi

import (
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"sync"
)

// QueryTable says which query parameters each operation of the document
// takes. The gateway refuses any other (docs/errors.md): the document is
// generated from the protos the gateway routes by, so the two cannot drift.
type QueryTable struct {
	routes []queryRoute
}

// queryRoute is one operation: its method, its path template split into
// segments ("{id}" matches any one segment), and its query parameters,
// each true when it may be repeated (an array).
type queryRoute struct {
	method   string
	segments []string
	params   map[string]bool
}

// QueryParameters returns the table of the embedded document. The document
// is built into the binary and its tests parse it, so a failure here is a
// build defect, not a condition to handle: it panics.
var QueryParameters = sync.OnceValue(func() *QueryTable {
	table, err := parseQueryTable(document)
	if err != nil {
		panic("openapi: the embedded document: " + err.Error())
	}
	return table
})

// Lookup returns the query parameters of the operation that serves method
// and path (the escaped path, so an encoded slash stays inside its
// segment), or false when the document has no such operation: the request
// is then answered 404 or 405 by the route itself. HEAD is GET's.
func (t *QueryTable) Lookup(method, path string) (map[string]bool, bool) {
	if method == http.MethodHead {
		method = http.MethodGet
	}
	segments := strings.Split(strings.TrimPrefix(path, "/"), "/")
	best, bestLiterals := -1, -1
	for i, route := range t.routes {
		if literals, ok := route.match(method, segments); ok && literals > bestLiterals {
			best, bestLiterals = i, literals // /v2/users/me beats /v2/users/{id}
		}
	}
	if best < 0 {
		return nil, false
	}
	return t.routes[best].params, true
}

// Methods returns the methods the document gives the (escaped) path, with
// HEAD after GET, in a stable order: the Allow header of a 405 (RFC 9110
// section 10.2.1). The path's template is its most literal match, so
// /v2/users/me/mfa has its own methods, never /v2/users/{id}/mfa's. Empty
// when the document has no such path.
func (t *QueryTable) Methods(path string) []string {
	segments := strings.Split(strings.TrimPrefix(path, "/"), "/")
	template, bestLiterals := "", -1
	for _, route := range t.routes {
		if literals, ok := route.matchPath(segments); ok && literals > bestLiterals {
			template, bestLiterals = route.template(), literals
		}
	}
	var methods []string
	for _, method := range []string{http.MethodGet, http.MethodPost, http.MethodPut, http.MethodPatch, http.MethodDelete} {
		for _, route := range t.routes {
			if route.method == method && route.template() == template {
				methods = append(methods, method)
				break
			}
		}
	}
	if slices.Contains(methods, http.MethodGet) {
		methods = slices.Insert(methods, 1, http.MethodHead)
	}
	return methods
}

func (r queryRoute) template() string { return strings.Join(r.segments, "/") }

// match reports whether the route serves method and segments, and how many
// of its segments are literal.
func (r queryRoute) match(method string, segments []string) (int, bool) {
	if r.method != method {
		return 0, false
	}
	return r.matchPath(segments)
}

// matchPath is match without the method.
func (r queryRoute) matchPath(segments []string) (int, bool) {
	if len(r.segments) != len(segments) {
		return 0, false
	}
	literals := 0
	for i, want := range r.segments {
		switch {
		case strings.HasPrefix(want, "{"):
			if segments[i] == "" {
				return 0, false
			}
		case want == segments[i]:
			literals++
		default:
			return 0, false
		}
	}
	return literals, true
}

// documentShape is the part of the document the table needs.
type documentShape struct {
	Paths      map[string]map[string]json.RawMessage `json:"paths"`
	Components struct {
		Parameters map[string]parameterShape `json:"parameters"`
	} `json:"components"`
}

type parameterShape struct {
	Ref    string `json:"$ref"`
	Name   string `json:"name"`
	In     string `json:"in"`
	Schema struct {
		Type any `json:"type"` // "array", or a list of types in 3.1
	} `json:"schema"`
}

type operationShape struct {
	Parameters []parameterShape `json:"parameters"`
}

func parseQueryTable(raw []byte) (*QueryTable, error) {
	var doc documentShape
	if err := json.Unmarshal(raw, &doc); err != nil {
		return nil, err
	}
	table := &QueryTable{}
	for path, item := range doc.Paths {
		var shared []parameterShape // parameters of the path, for every method
		if rawShared, ok := item["parameters"]; ok {
			if err := json.Unmarshal(rawShared, &shared); err != nil {
				return nil, fmt.Errorf("%s parameters: %w", path, err)
			}
		}
		for method, rawOperation := range item {
			if !isMethod(method) {
				continue
			}
			var op operationShape
			if err := json.Unmarshal(rawOperation, &op); err != nil {
				return nil, fmt.Errorf("%s %s: %w", method, path, err)
			}
			params, err := doc.queryParams(append(shared, op.Parameters...))
			if err != nil {
				return nil, fmt.Errorf("%s %s: %w", method, path, err)
			}
			table.routes = append(table.routes, queryRoute{method: strings.ToUpper(method),
				segments: strings.Split(strings.TrimPrefix(path, "/"), "/"), params: params})
		}
	}
	return table, nil
}

// queryParams resolves references and keeps the query parameters.
func (doc documentShape) queryParams(list []parameterShape) (map[string]bool, error) {
	params := map[string]bool{}
	for _, p := range list {
		if p.Ref != "" {
			name := strings.TrimPrefix(p.Ref, "#/components/parameters/")
			resolved, ok := doc.Components.Parameters[name]
			if !ok {
				return nil, fmt.Errorf("unresolved parameter %s", p.Ref)
			}
			p = resolved
		}
		if p.In == "query" {
			params[p.Name] = isArray(p.Schema.Type)
		}
	}
	return params, nil
}

func isArray(schemaType any) bool {
	switch t := schemaType.(type) {
	case string:
		return t == "array"
	case []any:
		for _, one := range t {
			if one == "array" {
				return true
			}
		}
	}
	return false
}

func isMethod(name string) bool {
	switch strings.ToUpper(name) {
	case http.MethodGet, http.MethodPut, http.MethodPost, http.MethodDelete, http.MethodPatch,
		http.MethodHead, http.MethodOptions, http.MethodTrace:
		return true
	}
	return false
}
