package e2e

import (
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestEnvelopeOnSuccessAndFailure(t *testing.T) {
	ok := mustOK(t, call(t, "POST", "/v2/categories", ownerOf(t), map[string]any{"name": "Sport", "value": uniqueWord(t, "sport-")}))
	assert.NotNil(t, ok.Body.Errors, "errors is an empty array, not null")
	assert.Contains(t, ok.Raw, `"errors":[]`)

	notFound := call(t, "GET", "/v2/categories/AAAAAAAAAAAAAAAAAAAAA", ownerOf(t), nil)
	mustFail(t, notFound, http.StatusNotFound, "Not found")
	assert.Equal(t, "Not found", notFound.message())
}

func TestRequestIDIsReturnedAndKept(t *testing.T) {
	r := call(t, "GET", "/v2/categories", ownerOf(t), nil)
	assert.NotEmpty(t, r.Header.Get("X-Request-Id"))

	req, _ := http.NewRequest("GET", suiteOf(t).URL+"/v2/categories", nil)
	req.Header.Set("Authorization", "Bearer "+ownerOf(t))
	req.Header.Set("X-Request-Id", "trace-me-123")
	assert.Equal(t, "trace-me-123", send(t, req).Header.Get("X-Request-Id"))
}

func TestBadRequestsAreEnvelopedNever500(t *testing.T) {
	cases := []struct {
		name, method, path, contentType, body string
		status                                int
		want                                  string
	}{
		{"malformed json", "POST", "/v2/categories", "application/json", `{"name": "x",`, 400, ""},
		{"wrong type", "POST", "/v2/categories", "application/json", `{"name": 5, "value": "v"}`, 400, "name"},
		{"unknown field", "POST", "/v2/categories", "application/json", `{"name": "n", "value": "v", "colour": "x"}`, 400, "colour"},
		{"wrong content type", "POST", "/v2/categories", "text/plain", `{"name": "n", "value": "v"}`, 400, "Content-Type"},
		{"limit zero", "GET", "/v2/categories?limit=0", "", "", 400, "limit"},
		{"limit too big", "GET", "/v2/categories?limit=26", "", "", 400, "limit"},
		{"limit not a number", "GET", "/v2/categories?limit=abc", "", "", 400, "limit"},
		{"forged cursor", "GET", "/v2/categories?cursor=bm9wZQ", "", "", 400, "cursor"},
		{"unknown route", "GET", "/v2/nothing-here", "", "", 404, "Not found"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			req, err := http.NewRequest(tc.method, suiteOf(t).URL+tc.path, strings.NewReader(tc.body))
			require.NoError(t, err)
			req.Header.Set("Authorization", "Bearer "+ownerOf(t))
			if tc.contentType != "" {
				req.Header.Set("Content-Type", tc.contentType)
			}
			r := send(t, req)
			mustFail(t, r, tc.status, tc.want)
			if tc.status == http.StatusBadRequest && tc.want != "" && tc.want != "Content-Type" && tc.want != "cursor" {
				assert.Equal(t, tc.want, r.Body.Errors[0].Field, "the error names its field: %s", r.Raw)
			}
		})
	}
}

func TestBodyOverTheLimitIs413(t *testing.T) {
	junk := `{"name": "` + strings.Repeat("x", 2<<20) + `", "value": "v"}`
	mustFail(t, call(t, "POST", "/v2/categories", ownerOf(t), junk), http.StatusRequestEntityTooLarge, "")
}
