// Package openapi holds the OpenAPI 3.1 document of the /v2 interface
// (vidhost.openapi.json, written by ./generate from the protos and
// gateway/api_v2.yaml; see gateway/internal/openapigen) and serves it at
// /v2/openapi.json. The Swagger 2 file beside it is buf's intermediate
// output, kept because generate-check compares it too.
package openapi
