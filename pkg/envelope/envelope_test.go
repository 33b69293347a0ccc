package envelope

import (
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/vidhost/vidhost/pkg/apperr"
)

func TestWriteError(t *testing.T) {
	cases := []struct {
		name, code, message string
		status              int
		body                string
	}{
		{"status comes from the code", apperr.CodeBodyTooLarge, "request body must not exceed 10 bytes", http.StatusRequestEntityTooLarge,
			`{"success":false,"result":{},"links":{},"errors":[{"message":"request body must not exceed 10 bytes","code":"body_too_large"}]}`},
		{"empty message is the default", apperr.CodeNotFound, "", http.StatusNotFound,
			`{"success":false,"result":{},"links":{},"errors":[{"message":"Not found","code":"not_found"}]}`},
		{"timeout", apperr.CodeTimeout, "", http.StatusGatewayTimeout,
			`{"success":false,"result":{},"links":{},"errors":[{"message":"request timed out","code":"timeout"}]}`},
		{"an unknown code is internal", "no_such_code", "", http.StatusInternalServerError,
			`{"success":false,"result":{},"links":{},"errors":[{"message":"internal error","code":"internal"}]}`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			rec := httptest.NewRecorder()
			WriteError(rec, tc.code, tc.message)
			assert.Equal(t, tc.status, rec.Code)
			assert.Equal(t, "application/json", rec.Header().Get("Content-Type"))
			assert.Equal(t, tc.body, rec.Body.String())
		})
	}
}

func TestSuccess(t *testing.T) {
	rec := httptest.NewRecorder()
	Write(rec, http.StatusOK, Success([]byte(`{"id":"a"}`), nil))
	assert.Equal(t, `{"success":true,"result":{"id":"a"},"links":{},"errors":[]}`, rec.Body.String())
}
