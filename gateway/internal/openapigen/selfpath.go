package openapigen

import (
	"github.com/getkin/kin-openapi/openapi3"
)

// documentPath describes the document's own route: served by the gateway
// (gateway/openapi), not by a service, and public.
const documentPath = "/v2/openapi.json"

func documentOperation() *openapi3.PathItem {
	schema := openapi3.NewObjectSchema()
	schema.Description = "An OpenAPI 3.1 document (not in the envelope: tools read it as it is)."
	schema.Required = []string{"openapi", "info", "paths"}
	response := openapi3.NewResponse().WithDescription("This document.").WithJSONSchema(schema)
	op := &openapi3.Operation{
		OperationID: "GetOpenAPIDocument",
		Summary:     "Get this document",
		Description: "The OpenAPI document of /v2, without authentication; /docs/api renders it.",
		Tags:        []string{referenceTag},
		Security:    &openapi3.SecurityRequirements{}, // public
		Responses:   openapi3.NewResponses(),
	}
	op.Responses.Set("200", &openapi3.ResponseRef{Value: response})
	return &openapi3.PathItem{Get: op}
}

const referenceTag = "Reference"
