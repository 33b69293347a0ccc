package openapitest

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strings"
	"sync"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
	"github.com/getkin/kin-openapi/routers/gorillamux"

	"github.com/vidhost/vidhost/gateway/openapi"
)

// Load parses and validates the served document (the checks a real
// consumer's tooling would make: structure, references, JSON Schema).
func Load(ctx context.Context) (*openapi3.T, error) {
	loader := openapi3.NewLoader()
	doc, err := loader.LoadFromData(openapi.Document())
	if err != nil {
		return nil, fmt.Errorf("load: %w", err)
	}
	if err := doc.Validate(ctx, openapi3.EnableExamplesValidation()); err != nil {
		return nil, fmt.Errorf("validate: %w", err)
	}
	return doc, nil
}

// Checker validates exchanges with gateways against the document, one at
// a time (it is not safe for concurrent use).
type Checker struct {
	doc    *openapi3.T
	router routers.Router
	host   string          // requests are routed as if sent to it: only paths matter
	mu     sync.Mutex      // guards seen: Check may be called from several goroutines
	seen   map[string]bool // "GET /v2/videos/{id}": the operations some exchange reached
	// Undescribed are path prefixes of the gateway's own /v2 routes the
	// document does not describe yet; their exchanges are not checked. A
	// "*" segment matches any one segment (/v2/videos/*/whip).
	Undescribed []string
}

// NewChecker routes requests through the document's paths, whatever
// gateway (host) they were sent to.
func NewChecker(ctx context.Context) (*Checker, error) {
	doc, err := Load(ctx)
	if err != nil {
		return nil, err
	}
	const base = "http://gateway.test"
	doc.Servers = openapi3.Servers{{URL: base}}
	router, err := gorillamux.NewRouter(doc)
	if err != nil {
		return nil, err
	}
	return &Checker{doc: doc, router: router, host: "gateway.test", seen: map[string]bool{}}, nil
}

// Check validates one exchange. Requests outside /v2 are not the
// document's business. A /v2 path the document lacks must have been
// answered with a 404 or 405 failure envelope. A request the document
// calls invalid must have been refused with a documented failure, and
// any response must be exactly what the document says for its status.
func (c *Checker) Check(ctx context.Context, ex Exchange) error {
	if !strings.HasPrefix(ex.URL.Path, "/v2/") || c.undescribed(ex.URL.Path) {
		return nil
	}
	target := *ex.URL
	target.Scheme, target.Host = "http", c.host
	req, err := http.NewRequestWithContext(ctx, ex.Method, target.String(), bytes.NewReader(ex.Body))
	if err != nil {
		return err
	}
	req.Header = ex.Header.Clone()
	route, params, err := c.router.FindRoute(req)
	if err != nil {
		return c.checkUnrouted(ex)
	}
	c.mu.Lock()
	c.seen[route.Method+" "+route.Path] = true
	c.mu.Unlock()
	input := &openapi3filter.RequestValidationInput{Request: req, PathParams: params, Route: route,
		Options: &openapi3filter.Options{AuthenticationFunc: openapi3filter.NoopAuthenticationFunc, MultiError: true}}
	requestErr := openapi3filter.ValidateRequest(ctx, input)
	if requestErr != nil && ex.Status < 400 {
		return fmt.Errorf("the gateway accepted a request the document calls invalid: %w", requestErr)
	}
	input.Request, _ = http.NewRequestWithContext(ctx, ex.Method, target.String(), nil) // the body was read
	input.Options = &openapi3filter.Options{IncludeResponseStatus: true, MultiError: true,
		AuthenticationFunc: openapi3filter.NoopAuthenticationFunc}
	return openapi3filter.ValidateResponse(ctx, &openapi3filter.ResponseValidationInput{
		RequestValidationInput: input, Status: ex.Status, Header: ex.RespHeader,
		Body: io.NopCloser(bytes.NewReader(ex.RespBody)), Options: input.Options,
	})
}

// checkUnrouted: only the failure envelope of an unknown path or method.
func (c *Checker) checkUnrouted(ex Exchange) error {
	if ex.Status != http.StatusNotFound && ex.Status != http.StatusMethodNotAllowed {
		return fmt.Errorf("the document has no %s %s, but the gateway answered %d", ex.Method, ex.URL.Path, ex.Status)
	}
	failure := c.doc.Components.Schemas["Failure"]
	if failure == nil {
		return errors.New("the document has no Failure schema")
	}
	value, err := decodeJSON(ex.RespBody)
	if err != nil {
		return err
	}
	return failure.Value.VisitJSON(value, openapi3.EnableJSONSchema2020(), openapi3.MultiErrors())
}

func (c *Checker) undescribed(path string) bool {
	segments := strings.Split(path, "/")
	for _, prefix := range c.Undescribed {
		if hasPrefixSegments(segments, strings.Split(prefix, "/")) {
			return true
		}
	}
	return false
}

// hasPrefixSegments reports whether path starts with prefix, segment by
// segment, a "*" in prefix matching any one.
func hasPrefixSegments(path, prefix []string) bool {
	if len(path) < len(prefix) {
		return false
	}
	for i, want := range prefix {
		if want != "*" && path[i] != want {
			return false
		}
	}
	return true
}

// Unexercised lists the document's operations no checked exchange reached,
// sorted: what the end-to-end tests leave unproven.
func (c *Checker) Unexercised() []string {
	var missing []string
	for _, path := range c.doc.Paths.InMatchingOrder() {
		for method := range c.doc.Paths.Value(path).Operations() {
			if !c.seen[method+" "+path] {
				missing = append(missing, method+" "+path)
			}
		}
	}
	slices.Sort(missing)
	return missing
}
