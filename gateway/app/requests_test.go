package app_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/vidhost/vidhost/pkg/envelope"
)

func TestClientInputIsNeverAServerError(t *testing.T) {
	b := setup(t)
	tooBig := `{"name":"` + strings.Repeat("x", testBodyLimit) + `"}`
	cases := []struct {
		name    string
		call    call
		status  int
		message string
		code    string
		field   string // the field the error object names, if any
	}{
		{"limit not a number", call{method: "GET", path: "/v2/players?limit=abc"}, 400, "invalid value for limit", "invalid_argument", "limit"},
		{"limit given twice", call{method: "GET", path: "/v2/players?limit=1&limit=2"}, 400, "limit must be given once", "invalid_argument", "limit"},
		{"malformed JSON", call{method: "POST", path: "/v2/players", body: `{"name":`}, 400, "malformed JSON", "invalid_argument", ""},
		{"not JSON at all", call{method: "POST", path: "/v2/players", body: `name=x`}, 400, "malformed JSON", "invalid_argument", ""},
		{"unknown field", call{method: "POST", path: "/v2/players", body: `{"name":"a","foo":1}`}, 400, `unknown field "foo"`, "invalid_argument", "foo"},
		{"unknown field in a patch", call{method: "PATCH", path: "/v2/players/p1", body: `{"bar":true}`}, 400, `unknown field "bar"`, "invalid_argument", "bar"},
		{"wrong type", call{method: "POST", path: "/v2/players", body: `{"name":5}`}, 400, "invalid value for name", "invalid_argument", "name"},
		{"wrong type, two-word field", call{method: "POST", path: "/v2/players", body: `{"name":"a","show_name":"yes"}`}, 400, "invalid value for show_name", "invalid_argument", "show_name"},
		{"wrong content type", call{method: "POST", path: "/v2/players", body: `{"name":"a"}`,
			header: map[string]string{"Content-Type": "text/plain"}}, 400, "Content-Type must be application/json", "unsupported_media_type", ""},
		{"no content type", call{method: "POST", path: "/v2/players", body: `{"name":"a"}`,
			header: map[string]string{"Content-Type": ""}}, 400, "Content-Type must be application/json", "unsupported_media_type", ""},
		{"body over the limit", call{method: "POST", path: "/v2/players", body: tooBig}, 413, "request body must not exceed 1024 bytes", "body_too_large", ""},
		{"unknown route", call{method: "GET", path: "/v2/nope"}, 404, "Not found", "not_found", ""},
		{"unknown route outside /v2", call{method: "GET", path: "/nope"}, 404, "Not found", "not_found", ""},
		{"wrong method", call{method: "PUT", path: "/v2/players"}, 405, "method not allowed", "method_not_allowed", ""},
		// Not cleaned into the list, another route or a redirect (the fuzz test found them).
		{"dot segment", call{method: "GET", path: "/v2/players/."}, 404, "Not found", "not_found", ""},
		{"dot segment inside", call{method: "POST", path: "/v2/videos/./chapters", body: `{"name":"a"}`}, 404, "Not found", "not_found", ""},
		{"escaped dot-dot", call{method: "DELETE", path: "/v2/players/%2E%2E"}, 404, "Not found", "not_found", ""},
		{"empty segment", call{method: "GET", path: "/v2//players"}, 404, "Not found", "not_found", ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			tc.call.key = keyReadWrite
			resp, env := b.do(t, tc.call)
			assertFailure(t, resp, env, tc.status, envelope.Error{Message: tc.message, Code: tc.code, Field: tc.field})
		})
	}
}

func TestJSONWithParametersIsAccepted(t *testing.T) {
	b := setup(t)
	resp, env := b.do(t, call{method: "POST", path: "/v2/players", key: keyReadWrite, body: `{"name":"lobby"}`,
		header: map[string]string{"Content-Type": "application/json; charset=utf-8"}})
	assert.Equal(t, http.StatusOK, resp.StatusCode, "%+v", env)
	assert.Contains(t, string(env.Result), `"name":"lobby"`)
}
