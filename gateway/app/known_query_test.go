package app_test

import (
	"context"
	"io"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/gateway/openapi/openapitest"
	"github.com/vidhost/vidhost/pkg/apperr"
)

// pathParameter is a {name} of a path template.
var pathParameter = regexp.MustCompile(`\{[^}]+\}`)

// Every operation of the OpenAPI document refuses a query parameter it does
// not take, naming it (issue 26: a misspelt ?fitler= was ignored and the
// report came back unfiltered), and accepts every one it does take.
func TestEveryRouteRefusesUnknownQueryParameters(t *testing.T) {
	b := setup(t)
	doc, err := openapitest.Load(context.Background())
	require.NoError(t, err)
	operations := 0
	for _, template := range doc.Paths.InMatchingOrder() {
		path := pathParameter.ReplaceAllString(template, "abc123")
		for method, op := range doc.Paths.Value(template).Operations() {
			operations++
			t.Run(method+" "+template, func(t *testing.T) {
				resp, env := b.do(t, call{method: method, path: path + "?fitler=views", key: keyReadWrite})
				assert.Equal(t, http.StatusBadRequest, resp.StatusCode)
				require.Len(t, env.Errors, 1)
				assert.Equal(t, `unknown query parameter "fitler"`, env.Errors[0].Message)
				assert.Equal(t, "fitler", env.Errors[0].Field)
				assert.Equal(t, apperr.CodeInvalidArgument, env.Errors[0].Code)

				// Its own parameters pass this check (their values are the route's business).
				query := url.Values{}
				for _, p := range op.Parameters {
					if p.Value.In == "query" {
						query.Set(p.Value.Name, "1")
					}
				}
				if len(query) > 0 {
					body := send(t, method, b.url+path+"?"+query.Encode())
					assert.NotContains(t, body, "unknown query parameter")
					assert.NotContains(t, body, "must be given once")
				}
			})
		}
	}
	assert.Greater(t, operations, 90, "the walk reached the whole document")
}

// A parameter that is not a list may be given once; a query that does not
// parse is refused rather than half read; outside /v2 nothing changes.
func TestQueryParameterRefusals(t *testing.T) {
	b := setup(t)
	tests := []struct {
		path, message, field string
	}{
		{"/v2/videos?limit=1&limit=25", "limit must be given once", "limit"},
		{"/v2/analytics?filter=a&filter=b", "filter must be given once", "filter"},
		{"/v2/videos?Limit=1", `unknown query parameter "Limit"`, "Limit"},
		{"/v2/videos?actorType=x", `unknown query parameter "actorType"`, "actorType"},
		{"/v2/analytics/videos?fitler=video_id%3D%3Dx", `unknown query parameter "fitler"`, "fitler"},
		{"/v2/videos/abc?fields=name", `unknown query parameter "fields"`, "fields"},
		{"/v2/session?next=/", `unknown query parameter "next"`, "next"},
		{"/v2/openapi.json?v=2", `unknown query parameter "v"`, "v"},
		{"/v2/videos?search=%zz", "malformed query string", ""},
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			resp, env := b.do(t, call{method: http.MethodGet, path: tt.path, key: keyReadWrite})
			assert.Equal(t, http.StatusBadRequest, resp.StatusCode)
			require.Len(t, env.Errors, 1)
			assert.Equal(t, tt.message, env.Errors[0].Message)
			assert.Equal(t, tt.field, env.Errors[0].Field)
		})
	}
	// A path the document lacks is still a 404, whatever its query.
	resp, env := b.do(t, call{method: http.MethodGet, path: "/v2/nothing?fitler=1", key: keyReadWrite})
	assert.Equal(t, http.StatusNotFound, resp.StatusCode, env)
}

// send makes a request and returns the body, whatever its shape.
func send(t *testing.T, method, target string) string {
	t.Helper()
	req, err := http.NewRequest(method, target, strings.NewReader(""))
	require.NoError(t, err)
	req.Header.Set("Authorization", "Bearer "+keyReadWrite)
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	return string(raw)
}
