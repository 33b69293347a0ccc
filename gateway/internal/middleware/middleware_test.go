package middleware

import (
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/envelope"
	"github.com/vidhost/vidhost/pkg/logx"
)

// echoBody answers 200 with the request body it read.
var echoBody = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	_, _ = w.Write(body)
})

func serve(h http.Handler, r *http.Request) *httptest.ResponseRecorder {
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, r)
	return rec
}

func errorMessage(t *testing.T, rec *httptest.ResponseRecorder) string {
	t.Helper()
	var env envelope.Envelope
	require.NoError(t, json.Unmarshal(rec.Body.Bytes(), &env), rec.Body.String())
	require.Len(t, env.Errors, 1)
	assert.False(t, env.Success)
	return env.Errors[0].Message
}

func TestBodyLimit(t *testing.T) {
	h := BodyLimit(8)(echoBody)
	cases := []struct {
		name    string
		body    string
		chunked bool // no Content-Length: only reading finds the size
		status  int
	}{
		{"at the limit", "12345678", false, http.StatusOK},
		{"over the limit by its length", "123456789", false, http.StatusRequestEntityTooLarge},
		{"over the limit, chunked", "123456789", true, http.StatusRequestEntityTooLarge},
		{"under the limit, chunked", "1234", true, http.StatusOK},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := httptest.NewRequest("POST", "/v2/x", strings.NewReader(tc.body))
			if tc.chunked {
				r.ContentLength = -1
			}
			rec := serve(h, r)
			require.Equal(t, tc.status, rec.Code)
			if tc.status == http.StatusOK {
				assert.Equal(t, tc.body, rec.Body.String())
			} else {
				assert.Equal(t, "request body must not exceed 8 bytes", errorMessage(t, rec))
			}
		})
	}
}

func TestRequireJSON(t *testing.T) {
	h := RequireJSON()(echoBody)
	cases := []struct {
		method, contentType, body string
		ok                        bool
	}{
		{"POST", "application/json", "{}", true},
		{"PATCH", "application/json; charset=utf-8", "{}", true},
		{"PUT", "Application/JSON", "{}", true},
		{"POST", "text/plain", "{}", false},
		{"POST", "application/x-www-form-urlencoded", "a=b", false},
		{"POST", "", "{}", false},
		{"POST", "", "", true}, // no body, nothing to declare
		{"GET", "", "", true},
	}
	for _, tc := range cases {
		t.Run(tc.method+" "+tc.contentType, func(t *testing.T) {
			r := httptest.NewRequest(tc.method, "/v2/x", strings.NewReader(tc.body))
			r.Header.Set("Content-Type", tc.contentType)
			rec := serve(h, r)
			if tc.ok {
				assert.Equal(t, http.StatusOK, rec.Code)
				return
			}
			assert.Equal(t, http.StatusBadRequest, rec.Code)
			assert.Equal(t, MessageContentType, errorMessage(t, rec))
		})
	}
}

func TestRecover(t *testing.T) {
	panicking := http.HandlerFunc(func(http.ResponseWriter, *http.Request) { panic("nil map") })
	rec := serve(Chain(panicking, Recover(slog.New(slog.DiscardHandler)), RequestID()), httptest.NewRequest("GET", "/", nil))
	assert.Equal(t, http.StatusInternalServerError, rec.Code)
	assert.Equal(t, "internal error", errorMessage(t, rec))
	assert.NotEmpty(t, rec.Header().Get(RequestIDHeader))

	aborting := http.HandlerFunc(func(http.ResponseWriter, *http.Request) { panic(http.ErrAbortHandler) })
	assert.PanicsWithValue(t, http.ErrAbortHandler, func() {
		serve(Recover(slog.New(slog.DiscardHandler))(aborting), httptest.NewRequest("GET", "/", nil))
	})
}

func TestRequestIDIsInTheContext(t *testing.T) {
	var seen string
	h := RequestID()(http.HandlerFunc(func(_ http.ResponseWriter, r *http.Request) { seen = logx.RequestID(r.Context()) }))
	r := httptest.NewRequest("GET", "/", nil)
	r.Header.Set(RequestIDHeader, "abc")
	rec := serve(h, r)
	assert.Equal(t, "abc", seen)
	assert.Equal(t, "abc", rec.Header().Get(RequestIDHeader))
}
