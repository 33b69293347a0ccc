package openapigen

import (
	"fmt"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"unicode"

	"github.com/getkin/kin-openapi/openapi3"
	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/reflect/protoregistry"

	"github.com/vidhost/vidhost/pkg/apirules"
	"github.com/vidhost/vidhost/pkg/page"
)

// operationBuilder rewrites the converted Swagger operations one by one.
type operationBuilder struct {
	files    *protoregistry.Files
	source   openapi3.Schemas // the converted Swagger file's schemas: texts only
	statuses []int            // of the error responses
	texts    descriptions
	schemas  *schemaSet
	tagNames map[string]bool
	opIDs    map[string]bool
}

// method is the gRPC method behind an operation and how its body maps.
type method struct {
	desc protoreflect.MethodDescriptor
	// body is the message read from the request body: the whole input
	// (body "*"), one of its fields (body: video), or nil.
	body     protoreflect.MessageDescriptor
	bodyName string          // the component name of the body schema
	skip     map[string]bool // input fields taken from the path
}

// verbs in a fixed order: the walk decides schema names and operation ids,
// and the committed file must come out the same every run.
var verbs = []string{http.MethodGet, http.MethodPost, http.MethodPut, http.MethodPatch, http.MethodDelete}

var pathParam = regexp.MustCompile(`\{([a-z_]+)\}`)

// find resolves an operation's method from its operationId
// ("CatalogService_ListVideos", "AnalyticsService_GetViews2" for an
// additional binding) and works out its body.
func (b *operationBuilder) find(path string, op *openapi3.Operation) (method, error) {
	service, name, ok := strings.Cut(op.OperationID, "_")
	if !ok {
		return method{}, fmt.Errorf("operation %q has no service", op.OperationID)
	}
	name = strings.TrimRightFunc(name, unicode.IsDigit)
	desc, err := b.methodNamed(service, name)
	if err != nil {
		return method{}, err
	}
	m := method{desc: desc, skip: map[string]bool{}}
	for _, match := range pathParam.FindAllStringSubmatch(path, -1) {
		m.skip[match[1]] = true
	}
	if op.RequestBody == nil || op.RequestBody.Value == nil {
		return m, nil
	}
	bodyRef := op.RequestBody.Value.Content.Get("application/json").Schema.Ref
	refName := bodyRef[strings.LastIndex(bodyRef, "/")+1:]
	input := desc.Input()
	switch {
	case strings.HasSuffix(refName, "Body"): // body "*" minus the path's fields
		m.body, m.bodyName = input, strings.TrimSuffix(string(input.Name()), "Request")+"Body"
	case strings.HasSuffix(refName, string(input.Name())): // body "*"
		m.body, m.bodyName, m.skip = input, string(input.Name()), nil
	default: // body: <field>, the one message field that is not the mask
		field, err := bodyField(input)
		if err != nil {
			return method{}, fmt.Errorf("%s: %w", op.OperationID, err)
		}
		m.body = field.Message()
	}
	return m, nil
}

func bodyField(input protoreflect.MessageDescriptor) (protoreflect.FieldDescriptor, error) {
	var found protoreflect.FieldDescriptor
	fields := input.Fields()
	for i := range fields.Len() {
		field := fields.Get(i)
		if field.Kind() != protoreflect.MessageKind || field.Message().FullName() == "google.protobuf.FieldMask" {
			continue
		}
		if found != nil {
			return nil, fmt.Errorf("%s has two message fields, cannot tell the body", input.FullName())
		}
		found = field
	}
	if found == nil {
		return nil, fmt.Errorf("%s has no body field", input.FullName())
	}
	return found, nil
}

func (b *operationBuilder) methodNamed(service, name string) (protoreflect.MethodDescriptor, error) {
	var found []protoreflect.MethodDescriptor
	b.files.RangeFiles(func(file protoreflect.FileDescriptor) bool {
		if !strings.HasPrefix(string(file.Package()), "vidhost.") {
			return true
		}
		if svc := file.Services().ByName(protoreflect.Name(service)); svc != nil {
			if m := svc.Methods().ByName(protoreflect.Name(name)); m != nil {
				found = append(found, m)
			}
		}
		return true
	})
	if len(found) != 1 {
		return nil, fmt.Errorf("%d methods %s.%s among the linked protos (want 1)", len(found), service, name)
	}
	return found[0], nil
}

// harvestTexts records the protos' comments of every message the
// operations use, before any schema is made.
func (b *operationBuilder) harvestTexts(doc *openapi3.T) error {
	for _, path := range sortedPaths(doc.Paths) {
		item := doc.Paths.Value(path)
		for _, verb := range verbs {
			op := item.GetOperation(verb)
			if op == nil {
				continue
			}
			m, err := b.find(path, op)
			if err != nil {
				return err
			}
			if ok := op.Responses.Status(http.StatusOK); ok != nil && ok.Value != nil {
				if content := ok.Value.Content.Get("application/json"); content != nil {
					b.texts.harvest(b.source, content.Schema, m.desc.Output())
				}
			}
			if m.body != nil {
				b.texts.harvest(b.source, op.RequestBody.Value.Content.Get("application/json").Schema, m.body)
			}
		}
	}
	return nil
}

// pathItem rewrites the operations of one path.
func (b *operationBuilder) pathItem(path string, source *openapi3.PathItem) (*openapi3.PathItem, error) {
	item := &openapi3.PathItem{}
	for _, verb := range verbs {
		op := source.GetOperation(verb)
		if op == nil {
			continue
		}
		rewritten, err := b.operation(path, verb, op)
		if err != nil {
			return nil, fmt.Errorf("%s %s: %w", verb, path, err)
		}
		item.SetOperation(verb, rewritten)
	}
	return item, nil
}

func (b *operationBuilder) operation(path, verb string, source *openapi3.Operation) (*openapi3.Operation, error) {
	m, err := b.find(path, source)
	if err != nil {
		return nil, err
	}
	op := &openapi3.Operation{
		OperationID: b.operationID(string(m.desc.Name()), source.OperationID),
		Summary:     summary(string(m.desc.Name())),
		Description: joinText(source.Summary, source.Description), // the method's comment
		Tags:        []string{resourceTag(path)},
		Parameters:  parameters(source.Parameters, apirules.Queries[verb+" "+path]),
		Responses:   openapi3.NewResponses(),
	}
	b.tagNames[op.Tags[0]] = true
	if verb != http.MethodGet {
		op.Security = changeSecurity()
	}
	if m.body != nil {
		ref, err := b.schemas.ref(m.body, request, m.bodyName, m.skip)
		if err != nil {
			return nil, err
		}
		op.RequestBody = &openapi3.RequestBodyRef{Value: openapi3.NewRequestBody().WithRequired(true).
			WithDescription("JSON (`Content-Type: application/json`); unknown fields are refused.").WithJSONSchemaRef(ref)}
	}
	result, list, err := b.result(m.desc.Output())
	if err != nil {
		return nil, err
	}
	op.Responses.Set("200", &openapi3.ResponseRef{Value: openapi3.NewResponse().
		WithDescription(successText(list)).WithJSONSchema(successEnvelope(result, list))})
	for _, status := range b.statuses {
		if status == http.StatusRequestEntityTooLarge && m.body == nil {
			continue
		}
		op.Responses.Set(strconv.Itoa(status), &openapi3.ResponseRef{Ref: "#/components/responses/" + errorResponseName(status)})
	}
	return op, nil
}

func successText(list bool) string {
	if list {
		return "The page of items in `result`, the next page's URL in `links.next`."
	}
	return "The success envelope around the result."
}

// result is the schema of the envelope's result for a method's output:
// the items of a list response (gateway/internal/rest.Rewriter), `{}` for
// an empty message, or the message.
func (b *operationBuilder) result(output protoreflect.MessageDescriptor) (*openapi3.SchemaRef, bool, error) {
	items, cursor := output.Fields().ByName("items"), output.Fields().ByName("next_cursor")
	if items != nil && items.IsList() && items.Kind() == protoreflect.MessageKind &&
		cursor != nil && cursor.Kind() == protoreflect.StringKind {
		ref, err := b.schemas.messageRef(items.Message(), response)
		return ref, true, err
	}
	if output.Fields().Len() == 0 {
		return inline(emptyObject()), false, nil
	}
	ref, err := b.schemas.ref(output, response, "", nil)
	return ref, false, err
}

// operationID is the method's name, or for an additional binding of the
// same method the Swagger id without its service (GetViews2).
func (b *operationBuilder) operationID(name, fallback string) string {
	if b.opIDs == nil {
		b.opIDs = map[string]bool{}
	}
	if b.opIDs[name] {
		_, name, _ = strings.Cut(fallback, "_")
	}
	b.opIDs[name] = true
	return name
}

// summary is the method name in words ("List videos"): short enough for
// a reference's sidebar, which the comments are not.
func summary(name string) string {
	var words []string
	start := 0
	for i, r := range name {
		if i > 0 && unicode.IsUpper(r) {
			words = append(words, strings.ToLower(name[start:i]))
			start = i
		}
	}
	words = append(words, strings.ToLower(name[start:]))
	text := strings.Join(words, " ")
	return strings.ToUpper(text[:1]) + text[1:]
}

// parameters keeps the path and query parameters but update_mask (the
// gateway fills it from the body's fields), and states the page rules, or
// the operation's own from pkg/apirules where it has them.
func parameters(source openapi3.Parameters, rules map[string]apirules.Rule) openapi3.Parameters {
	var out openapi3.Parameters
	for _, ref := range source {
		param := ref.Value
		if param == nil || param.Name == "update_mask" || param.In == "body" {
			continue
		}
		copied := *param
		rule, ruled := rules[copied.Name]
		switch {
		case copied.In == "query" && ruled:
			copied.Schema = queryConstrained(copied.Schema, rule)
			copied.Required = rule.Required
		case copied.In == "query" && copied.Name == "limit":
			limit := openapi3.NewInt32Schema().WithMin(1).WithMax(page.MaxLimit).WithDefault(page.DefaultLimit)
			copied.Schema = inline(limit)
			copied.Description = "Items per page, 1 to " + strconv.Itoa(page.MaxLimit) + "."
		case copied.In == "query" && copied.Name == "cursor":
			copied.Description = "Where the page starts: take it from the previous page's `links.next`; it is opaque."
		}
		out = append(out, &openapi3.ParameterRef{Value: &copied})
	}
	return out
}
