package openapigen

import (
	"net/http"
	"strconv"

	"github.com/getkin/kin-openapi/openapi3"
)

// The gateway's own /v2 routes answer without a service method, so no
// proto describes them: their shapes are written here, after the Go code
// that writes them (gateway/app/tokens.go tokenResult and
// gateway/internal/tokens.Request; gateway/internal/session/endpoints.go sessionResult,
// signInBody and passwordBody). The end-to-end replay checks them like
// every other route.

// gatewayRoutes adds the token and session routes to doc.
func gatewayRoutes(doc *openapi3.T, statuses []int) error {
	schemas := doc.Components.Schemas
	tokenRequest, err := tokenRequest()
	if err != nil {
		return err
	}
	schemas["TokenRequest"] = inline(tokenRequest)
	schemas["Token"] = inline(token())
	schemas["SignIn"] = inline(closedObject(map[string]*openapi3.Schema{
		"email": openapi3.NewStringSchema(), "password": openapi3.NewStringSchema(),
		"code": described(openapi3.NewStringSchema(), "The multi-factor code; empty at first."),
	}))
	schemas["PasswordChange"] = inline(closedObject(map[string]*openapi3.Schema{
		"current_password": openapi3.NewStringSchema(), "new_password": openapi3.NewStringSchema(),
	}))
	schemas["Session"] = inline(session())

	add := func(path, verb string, op *openapi3.Operation, body string) {
		op.Tags = []string{gatewayTag(path)}
		for _, status := range statuses {
			if status == http.StatusRequestEntityTooLarge && body == "" {
				continue
			}
			op.Responses.Set(strconv.Itoa(status), &openapi3.ResponseRef{Ref: "#/components/responses/" + errorResponseName(status)})
		}
		if body != "" {
			op.RequestBody = &openapi3.RequestBodyRef{Value: openapi3.NewRequestBody().WithRequired(true).
				WithJSONSchemaRef(componentRef(body))}
		}
		item := doc.Paths.Value(path)
		if item == nil {
			item = &openapi3.PathItem{}
			doc.Paths.Set(path, item)
		}
		item.SetOperation(verb, op)
	}
	add("/v2/tokens", http.MethodPost, gatewayOp("MintToken", "Mint an upload or viewer token",
		"A backend mints a short-lived token for a browser with its API key (docs/tokens.md); the token is shown once.",
		componentRef("Token"), &openapi3.SecurityRequirements{{"bearer": []string{}}}), "TokenRequest")
	add("/v2/session", http.MethodPost, gatewayOp("SignIn", "Sign in",
		"Signs in with a password (and a multi-factor code when the user has them) and sets the session cookie "+
			"(docs/authentication.md). The answer is the session, never its token.",
		componentRef("Session"), &openapi3.SecurityRequirements{}), "SignIn")
	add("/v2/session", http.MethodGet, gatewayOp("GetSession", "Get the session",
		"The cookie's session with its user's email and role, and its CSRF token.",
		componentRef("Session"), sessionOnly(false)), "")
	add("/v2/session", http.MethodDelete, gatewayOp("SignOut", "Sign out",
		"Ends this session and clears the cookie.", ended(), sessionOnly(true)), "")
	add("/v2/sessions", http.MethodDelete, gatewayOp("SignOutEverywhere", "Sign out everywhere",
		"Ends every session of the user and clears the cookie.", ended(), sessionOnly(true)), "")
	add("/v2/session/password", http.MethodPost, gatewayOp("ChangePassword", "Change the password",
		"Changes the signed-in user's password (docs/authentication.md).", inline(emptyObject()), sessionOnly(true)), "PasswordChange")
	return nil
}

func gatewayTag(path string) string {
	if path == "/v2/tokens" {
		return "Tokens"
	}
	return "Sessions"
}

func gatewayOp(id, summary, description string, result *openapi3.SchemaRef, security *openapi3.SecurityRequirements) *openapi3.Operation {
	op := &openapi3.Operation{OperationID: id, Summary: summary, Description: description,
		Security: security, Responses: openapi3.NewResponses()}
	op.Responses.Set("200", &openapi3.ResponseRef{Value: openapi3.NewResponse().
		WithDescription(successText(false)).WithJSONSchema(successEnvelope(result, false))})
	return op
}

// sessionOnly: the session routes take the cookie, never a key; changes
// need the CSRF header too.
func sessionOnly(change bool) *openapi3.SecurityRequirements {
	if change {
		return &openapi3.SecurityRequirements{{"session": []string{}, "csrf": []string{}}}
	}
	return &openapi3.SecurityRequirements{{"session": []string{}}}
}

func ended() *openapi3.SchemaRef {
	count := described(openapi3.NewInt32Schema(), "How many sessions ended.")
	schema := closedObject(map[string]*openapi3.Schema{"ended": count})
	schema.Required = []string{"ended"}
	return inline(schema)
}

func closedObject(properties map[string]*openapi3.Schema) *openapi3.Schema {
	schema := openapi3.NewObjectSchema()
	for name, property := range properties {
		schema.WithProperty(name, property)
	}
	schema.AdditionalProperties = openapi3.AdditionalProperties{Has: new(false)}
	return schema
}

// tokenRequest carries its rules from pkg/apirules, which the gateway's
// tokens package validates with.
func tokenRequest() (*openapi3.Schema, error) {
	schema := closedObject(map[string]*openapi3.Schema{
		"type":           openapi3.NewStringSchema(),
		"max_size_bytes": described(openapi3.NewIntegerSchema(), "Upload tokens only, required: the largest file, in bytes."),
		"video_id":       described(openapi3.NewStringSchema(), "Viewer tokens only, required: the video it opens."),
		"ttl_seconds":    described(openapi3.NewIntegerSchema(), "Upload 60-3600 (default 900), viewer 60-86400 (default 3600)."),
	})
	return schema, applyNamedRules("gateway.TokenRequest", schema)
}

func token() *openapi3.Schema {
	schema := closedObject(map[string]*openapi3.Schema{
		"id": openapi3.NewStringSchema(), "type": openapi3.NewStringSchema().WithEnum("upload", "viewer"),
		"token":          described(openapi3.NewStringSchema(), "The bearer value (`vht_…`), shown once."),
		"max_size_bytes": described(openapi3.NewIntegerSchema(), "Upload tokens."),
		"video_id":       described(openapi3.NewStringSchema(), "Viewer tokens."),
		"expires_time":   openapi3.NewStringSchema(), "created_by": openapi3.NewStringSchema(),
		"created_time": openapi3.NewStringSchema(),
	})
	schema.Required = []string{"id", "type", "token", "expires_time", "created_by", "created_time"}
	return schema
}

func session() *openapi3.Schema {
	schema := closedObject(map[string]*openapi3.Schema{
		"id": openapi3.NewStringSchema(), "account_id": openapi3.NewStringSchema(), "user_id": openapi3.NewStringSchema(),
		"method":       described(openapi3.NewStringSchema(), "How the session began: `password`, or `sso`."),
		"csrf_token":   described(openapi3.NewStringSchema(), "Send it as X-CSRF-Token on every change made with the cookie."),
		"created_time": openapi3.NewStringSchema(), "idle_expires_time": openapi3.NewStringSchema(),
		"expires_time": openapi3.NewStringSchema(),
		"email":        described(openapi3.NewStringSchema(), "GET only."),
		"role":         described(openapi3.NewStringSchema(), "GET only."),
		"mfa_enrolment_required": described(openapi3.NewBoolSchema(),
			"GET only: the user must enrol multi-factor codes before doing anything else."),
	})
	schema.Required = []string{"id", "account_id", "user_id", "method", "csrf_token", "created_time", "idle_expires_time", "expires_time"}
	return schema
}

// described sets a schema's description and returns it.
func described(schema *openapi3.Schema, text string) *openapi3.Schema {
	schema.Description = text
	return schema
}
