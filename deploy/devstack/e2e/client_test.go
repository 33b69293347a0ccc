package e2e

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/apperr"
	wire "github.com/vidhost/vidhost/pkg/envelope"
)

// envelope is the body of every /v2 response, decoded from the wire (the
// links as any JSON, to catch a wrong type).
type envelope struct {
	Success bool            `json:"success"`
	Result  json.RawMessage `json:"result"`
	Links   map[string]any  `json:"links"`
	Errors  []wire.Error    `json:"errors"`
}

// response is what a call returned.
type response struct {
	Status int
	Header http.Header
	Body   envelope
	Raw    string
}

// message is the first error message, for assertions.
func (r response) message() string {
	if len(r.Body.Errors) == 0 {
		return ""
	}
	return r.Body.Errors[0].Message
}

// decode unmarshals the result into v.
func (r response) decode(t *testing.T, v any) {
	t.Helper()
	require.NoError(t, json.Unmarshal(r.Body.Result, v), r.Raw)
}

// call sends a request to the suite with the given key; body may be a
// string (sent as is) or a value (sent as JSON).
func call(t *testing.T, method, path, key string, body any) response {
	t.Helper()
	url := path
	if strings.HasPrefix(path, "/") {
		url = suiteOf(t).URL + path
	}
	req, err := http.NewRequest(method, url, bodyReader(t, body))
	require.NoError(t, err)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if key != "" {
		req.Header.Set("Authorization", "Bearer "+key)
	}
	return send(t, req)
}

func bodyReader(t *testing.T, body any) io.Reader {
	switch b := body.(type) {
	case nil:
		return nil
	case string:
		return strings.NewReader(b)
	default:
		raw, err := json.Marshal(b)
		require.NoError(t, err)
		return bytes.NewReader(raw)
	}
}

func send(t *testing.T, req *http.Request) response {
	t.Helper()
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	out := response{Status: resp.StatusCode, Header: resp.Header, Raw: string(raw)}
	require.NoError(t, json.Unmarshal(raw, &out.Body), "every response is an envelope: %s", raw)
	return out
}

// mustOK asserts a successful envelope and returns it.
func mustOK(t *testing.T, r response) response {
	t.Helper()
	require.Equal(t, http.StatusOK, r.Status, r.Raw)
	require.True(t, r.Body.Success, r.Raw)
	require.Empty(t, r.Body.Errors)
	return r
}

// mustFail asserts a failure envelope with the status and a message that
// contains want.
func mustFail(t *testing.T, r response, status int, want string) {
	t.Helper()
	require.Equal(t, status, r.Status, r.Raw)
	require.False(t, r.Body.Success, r.Raw)
	require.JSONEq(t, "{}", string(r.Body.Result), r.Raw)
	require.NotEmpty(t, r.Body.Errors, r.Raw)
	require.Contains(t, r.message(), want, r.Raw)
	// Every failure carries the documented code of its status (docs/errors.md).
	require.Equal(t, status, apperr.HTTPStatus(r.Body.Errors[0].Code), r.Raw)
}
