package app_test

import (
	"context"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/gateway/openapi/openapitest"
	"github.com/vidhost/vidhost/pkg/apperr"
)

// Every path of the OpenAPI document answers a method it does not list
// with 405 and an Allow header naming the ones it does (RFC 9110), the
// gateway's own routes included (issue 30: only /v2/openapi.json had it).
func TestEveryPathAnswersAWrongMethodWithAllow(t *testing.T) {
	b := setup(t)
	doc, err := openapitest.Load(context.Background())
	require.NoError(t, err)
	for _, template := range doc.Paths.InMatchingOrder() {
		path := pathParameter.ReplaceAllString(template, "abc123")
		var listed []string
		for method := range doc.Paths.Value(template).Operations() {
			listed = append(listed, method)
		}
		wrong := ""
		for _, method := range []string{http.MethodPut, http.MethodPatch, http.MethodDelete, http.MethodPost} {
			if !slices.Contains(listed, method) {
				wrong = method
				break
			}
		}
		if wrong == "" {
			continue
		}
		t.Run(wrong+" "+template, func(t *testing.T) {
			resp, env := b.do(t, call{method: wrong, path: path, key: keyReadWrite})
			assert.Equal(t, http.StatusMethodNotAllowed, resp.StatusCode)
			require.Len(t, env.Errors, 1)
			assert.Equal(t, apperr.CodeMethodNotAllowed, env.Errors[0].Code)
			allow := strings.Split(resp.Header.Get("Allow"), ", ")
			for _, method := range listed {
				assert.Contains(t, allow, method)
			}
			assert.NotContains(t, allow, wrong)
		})
	}
}

// The session routes are for a signed-in person: an API key is told so
// (403 session_required, docs/errors.md), not that it is not signed in.
func TestSessionRoutesRefuseAnAPIKey(t *testing.T) {
	b := setup(t)
	for _, c := range []call{{method: http.MethodDelete, path: "/v2/sessions"}, {method: http.MethodDelete, path: "/v2/session"},
		{method: http.MethodGet, path: "/v2/session"}} {
		t.Run(c.method+" "+c.path, func(t *testing.T) {
			c.key = keyReadWrite
			resp, env := b.do(t, c)
			assert.Equal(t, http.StatusForbidden, resp.StatusCode)
			require.Len(t, env.Errors, 1)
			assert.Equal(t, apperr.CodeSessionRequired, env.Errors[0].Code)
		})
	}
}
