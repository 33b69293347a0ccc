package openapitest

import (
	"context"
	"net/http"
	"net/url"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const base = "http://127.0.0.1:8080"

const category = `{"id":"cat_1","name":"News","value":"news","created_by":"k","created_time":"2026-01-01T00:00:00.000Z","updated_by":"k","updated_time":"2026-01-01T00:00:00.000Z"}`

func exchange(method, path string, status int, body string) Exchange {
	u, _ := url.Parse(base + path)
	return Exchange{Method: method, URL: u, Header: http.Header{"Authorization": {"Bearer k"}},
		Status: status, RespHeader: http.Header{"Content-Type": {"application/json"}}, RespBody: []byte(body)}
}

// The checker passes what the gateway writes and catches each kind of
// departure from the document.
func TestCheckerCatchesWhatTheDocumentDoesNotSay(t *testing.T) {
	ctx := context.Background()
	checker, err := NewChecker(ctx)
	require.NoError(t, err)
	ok := `{"success":true,"result":` + category + `,"links":{},"errors":[]}`
	require.NoError(t, checker.Check(ctx, exchange(http.MethodGet, "/v2/categories/cat_1", 200, ok)))
	require.NoError(t, checker.Check(ctx, exchange(http.MethodGet, "/v2/categories?limit=1", 200,
		`{"success":true,"result":[`+category+`],"links":{"next":"http://x/v2/categories?cursor=a&limit=1"},"errors":[]}`)))
	require.NoError(t, checker.Check(ctx, exchange(http.MethodGet, "/v2/nothing", 404,
		`{"success":false,"result":{},"links":{},"errors":[{"message":"Not found","code":"not_found"}]}`)))

	assert.NotContains(t, checker.Unexercised(), "GET /v2/categories/{id}")
	assert.Contains(t, checker.Unexercised(), "DELETE /v2/categories/{id}")

	cases := map[string]Exchange{
		"an undocumented field": exchange(http.MethodGet, "/v2/categories/cat_1", 200,
			`{"success":true,"result":`+category[:len(category)-1]+`,"secret":"x"},"links":{},"errors":[]}`),
		"a missing field": exchange(http.MethodGet, "/v2/categories/cat_1", 200,
			`{"success":true,"result":{"id":"cat_1"},"links":{},"errors":[]}`),
		"an undocumented status": exchange(http.MethodGet, "/v2/categories/cat_1", 418, `{}`),
		"no envelope":            exchange(http.MethodGet, "/v2/categories/cat_1", 200, category),
		"an undocumented error code": exchange(http.MethodGet, "/v2/categories/cat_1", 404,
			`{"success":false,"result":{},"links":{},"errors":[{"message":"x","code":"timeout"}]}`),
		"a list result that is not an array": exchange(http.MethodGet, "/v2/categories", 200, ok),
		"an undocumented route answered 200": exchange(http.MethodGet, "/v2/nothing", 200, ok),
		"an accepted request the document refuses": exchange(http.MethodGet, "/v2/categories?limit=99", 200,
			`{"success":true,"result":[],"links":{},"errors":[]}`),
	}
	for name, ex := range cases {
		t.Run(name, func(t *testing.T) {
			assert.Error(t, checker.Check(ctx, ex))
		})
	}
}
