package openapigen

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/getkin/kin-openapi/openapi2"
	"github.com/getkin/kin-openapi/openapi2conv"
	"github.com/getkin/kin-openapi/openapi3"
	"google.golang.org/protobuf/reflect/protoregistry"
)

// Version is the interface's version, info.version of the document.
const Version = "2.0.0"

// Build makes the OpenAPI 3.1 document from the Swagger 2 file
// protoc-gen-openapiv2 wrote and the descriptors of the services it
// describes (files holds them: protoregistry.GlobalFiles once the
// generated packages are linked in).
func Build(swagger []byte, files *protoregistry.Files) (*openapi3.T, error) {
	var doc2 openapi2.T
	if err := json.Unmarshal(swagger, &doc2); err != nil {
		return nil, fmt.Errorf("read the Swagger file: %w", err)
	}
	converted, err := openapi2conv.ToV3(&doc2)
	if err != nil {
		return nil, fmt.Errorf("convert the Swagger file: %w", err)
	}
	doc := &openapi3.T{
		OpenAPI:    "3.1.0",
		Info:       info(),
		Servers:    openapi3.Servers{{URL: "/", Description: "This installation (paths start with /v2)."}},
		Components: &openapi3.Components{Schemas: openapi3.Schemas{}, SecuritySchemes: securitySchemes()},
		Security:   security(),
		Paths:      openapi3.NewPaths(),
	}
	envelopeSchemas(doc.Components.Schemas)
	statuses := errorResponses(doc.Components)
	ops := operationBuilder{
		files: files, source: converted.Components.Schemas, statuses: statuses,
		texts: descriptions{}, tagNames: map[string]bool{},
	}
	ops.schemas = newSchemaSet(ops.texts)
	if err := ops.harvestTexts(converted); err != nil {
		return nil, err
	}
	for _, path := range sortedPaths(converted.Paths) {
		item, err := ops.pathItem(path, converted.Paths.Value(path))
		if err != nil {
			return nil, err
		}
		doc.Paths.Set(path, item)
	}
	doc.Paths.Set(documentPath, documentOperation())
	if err := gatewayRoutes(doc, statuses); err != nil {
		return nil, err
	}
	for _, tag := range []string{referenceTag, "Tokens", "Sessions"} {
		ops.tagNames[tag] = true
	}
	for name, schema := range ops.schemas.schemas {
		doc.Components.Schemas[name] = schema
	}
	doc.Tags = ops.tags()
	return doc, nil
}

// Marshal writes doc as indented JSON with a final newline: the committed
// file, stable from run to run (kin-openapi sorts every map's keys).
func Marshal(doc *openapi3.T) ([]byte, error) {
	raw, err := json.MarshalIndent(doc, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(raw, '\n'), nil
}

func info() *openapi3.Info {
	return &openapi3.Info{
		Title:   "Vidhost",
		Version: Version,
		Description: "The REST interface of a Vidhost installation. Every response is the envelope " +
			"`{success, result, links, errors}`; lists take `limit` (1-25, default 25) and `cursor` and give the " +
			"next page's URL in `links.next`; failures carry documented error codes (docs/errors.md). " +
			"Authenticate with an API key as a bearer token, or in a browser with the session cookie " +
			"(plus `X-CSRF-Token` on changes). Field names are the protos' (snake_case); every field of a " +
			"result is present, 64-bit integers are strings.",
		License: &openapi3.License{Name: "Apache-2.0", Identifier: "Apache-2.0"}, // the LICENSE file at the top of the repository
	}
}

// securitySchemes: docs/authentication.md.
func securitySchemes() openapi3.SecuritySchemes {
	bearer := openapi3.NewSecurityScheme()
	bearer.Type = "http"
	bearer.Scheme = "bearer"
	bearer.Description = "An API key (`Authorization: Bearer <key>`), or an upload token for the few requests it allows (docs/tokens.md). It wins when a cookie is sent too."
	cookie := &openapi3.SecurityScheme{Type: "apiKey", In: "cookie", Name: "__Host-vidhost_session",
		Description: "The session cookie set by `POST /v2/session` (`vidhost_session` when the public URL is plain http). Changes made with it need `X-CSRF-Token` too."}
	csrf := &openapi3.SecurityScheme{Type: "apiKey", In: "header", Name: "X-CSRF-Token",
		Description: "The session's `csrf_token`, on every request with the cookie whose method is not GET, HEAD or OPTIONS."}
	return openapi3.SecuritySchemes{
		"bearer":  &openapi3.SecuritySchemeRef{Value: bearer},
		"session": &openapi3.SecuritySchemeRef{Value: cookie},
		"csrf":    &openapi3.SecuritySchemeRef{Value: csrf},
	}
}

// security: a key, or the cookie (with the CSRF header on changes: the
// per-operation requirement says which).
func security() openapi3.SecurityRequirements {
	return openapi3.SecurityRequirements{{"bearer": []string{}}, {"session": []string{}}}
}

func changeSecurity() *openapi3.SecurityRequirements {
	return &openapi3.SecurityRequirements{{"bearer": []string{}}, {"session": []string{}, "csrf": []string{}}}
}

// tags lists the tags the operations used, sorted.
func (b *operationBuilder) tags() openapi3.Tags {
	names := make([]string, 0, len(b.tagNames))
	for name := range b.tagNames {
		names = append(names, name)
	}
	slices.Sort(names)
	tags := make(openapi3.Tags, 0, len(names))
	for _, name := range names {
		tags = append(tags, &openapi3.Tag{Name: name, Description: tagDescriptions[name]})
	}
	return tags
}

// resourceTag names the resource of a path: its first segment after /v2,
// in words ("/v2/api_keys" -> "Api keys"), with sub-resources of a video
// under their own tag.
func resourceTag(path string) string {
	segments := strings.Split(strings.TrimPrefix(path, "/v2/"), "/")
	resource := segments[0]
	if resource == "videos" && len(segments) >= 3 {
		resource = "video " + segments[2]
	}
	if resource == "users" && len(segments) >= 3 && segments[1] == "me" {
		resource = "mfa"
	}
	if resource == "account" {
		resource = "mfa"
	}
	if resource == "hooks" && len(segments) >= 3 {
		resource = "deliveries"
	}
	if resource == "api_keys" {
		resource = "keys"
	}
	words := strings.ReplaceAll(resource, "_", " ")
	return strings.ToUpper(words[:1]) + words[1:]
}

// sortedPaths lists the paths in byte order, one order every run.
func sortedPaths(paths *openapi3.Paths) []string {
	keys := make([]string, 0, paths.Len())
	for path := range paths.Map() {
		keys = append(keys, path)
	}
	slices.Sort(keys)
	return keys
}
