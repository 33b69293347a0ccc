package tus

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/envelope"
)

// TestErrorsUseTheSharedEnvelope pins tus failures to pkg/envelope: the
// same body, status and code the gateway would answer for the same error.
func TestErrorsUseTheSharedEnvelope(t *testing.T) {
	cases := []struct {
		name   string
		err    error
		status int
		want   envelope.Error
	}{
		{"not found", apperr.ErrNotFound, http.StatusNotFound, envelope.Error{Message: "Not found", Code: "not_found"}},
		{"unauthenticated", apperr.ErrUnauthenticated, http.StatusUnauthorized,
			envelope.Error{Message: "a valid API key is required", Code: "unauthenticated"}},
		{"read-only key", &apperr.Denied{Code: apperr.CodeReadOnlyKey, Reason: "this API key is read-only"}, http.StatusForbidden,
			envelope.Error{Message: "this API key is read-only", Code: "read_only_key"}},
		{"refusal keeps its code", &apperr.Refused{Code: apperr.CodeUploadsDisabled, Reason: "uploads are disabled for this account"},
			http.StatusConflict, envelope.Error{Message: "uploads are disabled for this account", Code: "uploads_disabled"}},
		{"timeout", fmt.Errorf("get upload: %w", context.DeadlineExceeded), http.StatusGatewayTimeout,
			envelope.Error{Message: "request timed out", Code: "timeout"}},
		{"unknown errors are hidden", errors.New("pq: password=secret"), http.StatusInternalServerError,
			envelope.Error{Message: "internal error", Code: "internal"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			resp := response(tc.err)
			assert.Equal(t, tc.status, resp.StatusCode)
			assert.Equal(t, "application/json", resp.Header["Content-Type"])
			env := envelope.Failure(tc.want)
			body, err := env.MarshalJSON()
			require.NoError(t, err)
			assert.Equal(t, string(body), resp.Body)
		})
	}
}

func TestExpiredUploadIs410(t *testing.T) {
	resp := refusal(apperr.CodeUploadExpired, "")
	assert.Equal(t, http.StatusGone, resp.StatusCode)
	assert.JSONEq(t, `{"success":false,"result":{},"links":{},"errors":[{"message":"this upload's time to complete has passed; create a new upload","code":"upload_expired"}]}`, resp.Body)
}
