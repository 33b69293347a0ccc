// Package openapigen builds the OpenAPI 3.1 document of the /v2 interface
// (gateway/openapi/vidhost.openapi.json) from what generates the gateway
// itself: the Swagger 2 file protoc-gen-openapiv2 writes from the protos and
// gateway/api_v2.yaml (paths, parameters, the protos' comments), and the
// protos' descriptors (field presence, kinds, enums). It then says what the
// gateway really does around them, which no proto states: the envelope on
// every response (pkg/envelope), list results as arrays with links.next
// (pkg/page), the error objects and their documented codes (pkg/apperr),
// the bearer key and the session cookie with its CSRF header, one tag per
// resource, examples.
//
// The schemas are made from the descriptors rather than patched into the
// Swagger file's, because the JSON the gateway writes follows the
// descriptors (gateway/internal/rest: protojson with proto names and every
// unpopulated field emitted): a repeated field is always an array, a message
// field is null when unset, a proto3 optional scalar is omitted when unset,
// a 64-bit integer is a string. The Swagger file says none of that.
//
// The document is kept as github.com/getkin/kin-openapi values: the one
// library here that converts Swagger 2 to OpenAPI 3 (openapi2conv), models
// 3.1 (type arrays, const), validates a document and validates requests and
// responses against it (openapi3filter, which the replay test uses), so the
// generator and the tests agree on one reading of the document. It is well
// kept (releases every few weeks, used by oapi-codegen). Walking the YAML or
// JSON by hand would re-implement all of that without the validation.
package openapigen
