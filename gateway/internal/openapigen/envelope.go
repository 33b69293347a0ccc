package openapigen

import (
	"net/http"
	"slices"
	"strconv"

	"github.com/getkin/kin-openapi/openapi3"

	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/page"
)

// Names of the component schemas that describe the envelope (pkg/envelope).
const (
	errorSchema     = "Error"
	failureSchema   = "Failure"
	pageLinksSchema = "PageLinks"
	noLinksSchema   = "NoLinks"
)

func componentRef(name string) *openapi3.SchemaRef {
	return openapi3.NewSchemaRef("#/components/schemas/"+name, nil)
}

// envelopeSchemas are the parts every response shares: the error object
// (message and a documented code, plus the field a validation error is
// about when the gateway names one), the failure envelope and the links.
func envelopeSchemas(schemas openapi3.Schemas) {
	code := openapi3.NewStringSchema()
	code.Description = "A documented error code (docs/errors.md): programs branch on it, never on the message."
	for _, name := range apperr.Codes() {
		code.Enum = append(code.Enum, name)
	}
	errorObject := openapi3.NewObjectSchema().
		WithProperty("message", openapi3.NewStringSchema()).
		WithPropertyRef("code", inline(code)).
		WithProperty("field", openapi3.NewStringSchema())
	errorObject.Required = []string{"message", "code"}
	errorObject.AdditionalProperties = openapi3.AdditionalProperties{Has: new(false)}
	errorObject.Description = "One failure: a message for people, a code for programs, and (for some " +
		"validation errors) the request field it is about."
	errorObject.Properties["message"].Value.Description = "For people; validation messages name the field and the rule."
	errorObject.Properties["field"].Value.Description = "The request field (JSON or query name) a 400 is about, so a " +
		"form can show the error beside it; absent when the error is about the whole request (malformed JSON)."
	schemas[errorSchema] = inline(errorObject)

	failure := envelopeObject(inline(&openapi3.Schema{Const: false}), inline(emptyObject()), componentRef(noLinksSchema),
		inline(&openapi3.Schema{Type: &openapi3.Types{openapi3.TypeArray}, Items: componentRef(errorSchema), MinItems: 1}))
	failure.Description = "The envelope of a failed request: `success` false, `result` `{}`, the errors."
	schemas[failureSchema] = inline(failure)

	noLinks := emptyObject()
	noLinks.Description = "No links: only lists have one."
	schemas[noLinksSchema] = inline(noLinks)
	next := openapi3.NewStringSchema().WithFormat("uri")
	next.Description = "The full URL of the next page (same path and filters, `cursor` set, `limit` explicit). " +
		"Absent on the last page."
	pageLinks := openapi3.NewObjectSchema().WithPropertyRef("next", inline(next))
	pageLinks.AdditionalProperties = openapi3.AdditionalProperties{Has: new(false)}
	schemas[pageLinksSchema] = inline(pageLinks)
}

// envelopeObject is {success, result, links, errors}, all four always present.
func envelopeObject(success, result, links, errs *openapi3.SchemaRef) *openapi3.Schema {
	schema := openapi3.NewObjectSchema()
	schema.Properties = openapi3.Schemas{"success": success, "result": result, "links": links, "errors": errs}
	schema.Required = []string{"success", "result", "links", "errors"}
	schema.AdditionalProperties = openapi3.AdditionalProperties{Has: new(false)}
	return schema
}

// successEnvelope wraps a result; a list's result is the array of its
// items and its links may hold next.
func successEnvelope(result *openapi3.SchemaRef, list bool) *openapi3.Schema {
	links := componentRef(noLinksSchema)
	if list {
		result = inline(&openapi3.Schema{Type: &openapi3.Types{openapi3.TypeArray}, Items: result, MaxItems: new(uint64(page.MaxLimit))})
		links = componentRef(pageLinksSchema)
	}
	noErrors := &openapi3.Schema{Type: &openapi3.Types{openapi3.TypeArray}, Items: componentRef(errorSchema), MaxItems: new(uint64(0))}
	return envelopeObject(inline(&openapi3.Schema{Const: true}), result, links, inline(noErrors))
}

// errorStatuses are the statuses of the documented codes, each with its
// codes. 405 is left out (only paths and methods the document does not
// list get it) and so is 499 (the client has gone and reads nothing).
func errorStatuses() map[int][]string {
	statuses := map[int][]string{}
	for _, code := range apperr.Codes() {
		status := apperr.HTTPStatus(code)
		if status == http.StatusMethodNotAllowed || status == 499 {
			continue
		}
		statuses[status] = append(statuses[status], code)
	}
	return statuses
}

// errorResponses are components/responses Error400, Error401...: the
// failure envelope whose codes are those of the status, with an example.
func errorResponses(components *openapi3.Components) []int {
	statuses := errorStatuses()
	if components.Responses == nil {
		components.Responses = openapi3.ResponseBodies{}
	}
	var order []int
	for status, codes := range statuses {
		order = append(order, status)
		components.Responses[errorResponseName(status)] = &openapi3.ResponseRef{Value: errorResponse(status, codes)}
	}
	slices.Sort(order)
	return order
}

func errorResponseName(status int) string { return "Error" + strconv.Itoa(status) }

func errorResponse(status int, codes []string) *openapi3.Response {
	code := openapi3.NewStringSchema()
	for _, name := range codes {
		code.Enum = append(code.Enum, name)
	}
	item := &openapi3.Schema{AllOf: openapi3.SchemaRefs{componentRef(errorSchema),
		inline(openapi3.NewObjectSchema().WithPropertyRef("code", inline(code)))}}
	schema := &openapi3.Schema{AllOf: openapi3.SchemaRefs{componentRef(failureSchema),
		inline(openapi3.NewObjectSchema().WithPropertyRef("errors", inline(openapi3.NewArraySchema().WithItems(item))))}}
	def, _ := apperr.Lookup(codes[0])
	example := map[string]any{"success": false, "result": map[string]any{}, "links": map[string]any{},
		"errors": []any{map[string]any{"message": def.Message, "code": codes[0]}}}
	description := http.StatusText(status)
	if description == "" {
		description = "Failure"
	}
	content := openapi3.NewContentWithJSONSchema(schema)
	content["application/json"].Example = example
	response := openapi3.NewResponse().WithDescription(description + ": the failure envelope; codes " + joinCodes(codes) + ".")
	response.Content = content
	return response
}

func joinCodes(codes []string) string {
	out := ""
	for i, code := range codes {
		if i > 0 {
			out += ", "
		}
		out += "`" + code + "`"
	}
	return out
}
