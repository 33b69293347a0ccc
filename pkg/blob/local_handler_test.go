package blob_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/blob"
	"github.com/vidhost/vidhost/pkg/envelope"
)

// failure is the JSON envelope Handler answers errors with.
type failure struct {
	Success bool             `json:"success"`
	Result  map[string]any   `json:"result"`
	Links   any              `json:"links"`
	Errors  []envelope.Error `json:"errors"`
}

// send issues one request with body (nil: none) and returns the response
// with its body read. contentLength -1 sends the body chunked.
func send(t *testing.T, method, url string, body io.Reader, contentLength int64) (*http.Response, []byte) {
	t.Helper()
	req, err := http.NewRequest(method, url, body)
	require.NoError(t, err)
	req.ContentLength = contentLength
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	return resp, data
}

// requireFailure checks the status and that the body is the failure
// envelope carrying message.
func requireFailure(t *testing.T, resp *http.Response, body []byte, status int, message string) {
	t.Helper()
	require.Equal(t, status, resp.StatusCode, string(body))
	assert.Equal(t, "application/json", resp.Header.Get("Content-Type"))
	var env failure
	require.NoError(t, json.Unmarshal(body, &env), string(body))
	assert.False(t, env.Success)
	assert.Equal(t, map[string]any{}, env.Result)
	require.Len(t, env.Errors, 1)
	assert.True(t, strings.HasPrefix(env.Errors[0].Message, message), "message %q", env.Errors[0].Message)
	// Every failure carries the documented code of its status (docs/errors.md).
	assert.Equal(t, status, apperr.HTTPStatus(env.Errors[0].Code), "code %q", env.Errors[0].Code)
}

// requireNoTemps checks that no temporary file was left in <Dir>/.tmp.
func requireNoTemps(t *testing.T, dir string) {
	t.Helper()
	entries, err := os.ReadDir(filepath.Join(dir, ".tmp"))
	require.NoError(t, err)
	assert.Empty(t, entries, "temporary files left behind")
}

func TestHandlerPutSizeMismatch(t *testing.T) {
	setup := newLocal(t, blob.Config{})
	tests := []struct {
		name          string
		body          []byte
		contentLength int64 // -1: chunked, so only the streamed count can tell
		status        int
	}{
		{"Content-Length larger", make([]byte, 101), 101, http.StatusRequestEntityTooLarge},
		{"Content-Length smaller", make([]byte, 99), 99, http.StatusBadRequest},
		{"chunked larger", make([]byte, 101), -1, http.StatusRequestEntityTooLarge},
		{"chunked much larger", make([]byte, 1<<20), -1, http.StatusRequestEntityTooLarge},
		{"chunked smaller", make([]byte, 99), -1, http.StatusBadRequest},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			url, err := setup.store.PresignPut(context.Background(), "uploads/a/u/f.mp4", 100, time.Minute)
			require.NoError(t, err)
			resp, body := send(t, http.MethodPut, url, bytes.NewReader(tt.body), tt.contentLength)
			requireFailure(t, resp, body, tt.status, "body ")
			_, err = setup.store.Stat(context.Background(), "uploads/a/u/f.mp4")
			require.ErrorIs(t, err, blob.ErrNotFound)
			requireNoTemps(t, setup.dir)
		})
	}
}

func TestHandlerRejectsBadURLs(t *testing.T) {
	setup := newLocal(t, blob.Config{})
	ctx := context.Background()
	putURL, err := setup.store.PresignPut(ctx, "a/f.bin", 4, time.Minute)
	require.NoError(t, err)
	getURL, err := setup.store.PresignGet(ctx, "a/f.bin", time.Minute)
	require.NoError(t, err)
	other, err := blob.NewLocal(blob.Config{Dir: t.TempDir(), PublicBaseURL: setup.url, SigningSecret: strings.Repeat("x", 32)})
	require.NoError(t, err)
	otherSecretURL, err := other.PresignPut(ctx, "a/f.bin", 4, time.Minute)
	require.NoError(t, err)

	tests := []struct {
		name, method, url string
		status            int
		message           string
	}{
		{"size raised", http.MethodPut, strings.Replace(putURL, "size=4", "size=5", 1), 403, "invalid signature"},
		{"expiry extended", http.MethodPut, strings.Replace(putURL, "expires=", "expires=9", 1), 403, "invalid signature"},
		{"GET URL used to PUT", http.MethodPut, getURL, 403, "invalid signature"},
		{"PUT URL used to GET", http.MethodGet, putURL, 403, "invalid signature"},
		{"no signature", http.MethodPut, setup.url + "/blob/a/f.bin?method=PUT&expires=9999999999&size=4", 403, "invalid signature"},
		{"other secret", http.MethodPut, otherSecretURL, 403, "invalid signature"},
		{"invalid key", http.MethodPut, setup.url + "/blob/a%20b?method=PUT", 400, "invalid object key"},
		{"DELETE", http.MethodDelete, putURL, 405, "method not allowed"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resp, body := send(t, tt.method, tt.url, strings.NewReader("data"), 4)
			requireFailure(t, resp, body, tt.status, tt.message)
		})
	}
	_, err = setup.store.Stat(ctx, "a/f.bin")
	require.ErrorIs(t, err, blob.ErrNotFound)
}

func TestHandlerGet(t *testing.T) {
	setup := newLocal(t, blob.Config{})
	ctx := context.Background()
	data := []byte("0123456789abcdefghij")
	require.NoError(t, setup.store.Put(ctx, "v/a.vtt", bytes.NewReader(data), 20, "text/vtt"))
	url, err := setup.store.PresignGet(ctx, "v/a.vtt", time.Minute)
	require.NoError(t, err)

	resp, body := send(t, http.MethodGet, url, nil, 0)
	require.Equal(t, http.StatusOK, resp.StatusCode)
	assert.Equal(t, data, body)
	assert.Equal(t, "text/vtt", resp.Header.Get("Content-Type"))
	etag := resp.Header.Get("ETag")
	assert.NotEmpty(t, etag)

	resp, body = send(t, http.MethodHead, url, nil, 0)
	require.Equal(t, http.StatusOK, resp.StatusCode)
	assert.Empty(t, body)
	assert.Equal(t, int64(20), resp.ContentLength)

	req, err := http.NewRequest(http.MethodGet, url, nil)
	require.NoError(t, err)
	req.Header.Set("Range", "bytes=5-9")
	resp, err = http.DefaultClient.Do(req)
	require.NoError(t, err)
	body, _ = io.ReadAll(resp.Body)
	resp.Body.Close()
	require.Equal(t, http.StatusPartialContent, resp.StatusCode)
	assert.Equal(t, "56789", string(body))
	assert.Equal(t, "bytes 5-9/20", resp.Header.Get("Content-Range"))

	req.Header.Del("Range")
	req.Header.Set("If-None-Match", etag)
	resp, err = http.DefaultClient.Do(req)
	require.NoError(t, err)
	resp.Body.Close()
	assert.Equal(t, http.StatusNotModified, resp.StatusCode)
}

func TestHandlerGetMissing(t *testing.T) {
	setup := newLocal(t, blob.Config{})
	url, err := setup.store.PresignGet(context.Background(), "v/missing.jpg", time.Minute)
	require.NoError(t, err)
	resp, body := send(t, http.MethodGet, url, nil, 0)
	requireFailure(t, resp, body, http.StatusNotFound, "Not found")
}

// TestHandlerAnswersTheSharedEnvelope pins the URL handler's failures to
// pkg/envelope, byte for byte: the same body the gateway writes for the same
// code, and never cached.
func TestHandlerAnswersTheSharedEnvelope(t *testing.T) {
	setup := newLocal(t, blob.Config{})
	missing, err := setup.store.PresignGet(context.Background(), "v/missing.jpg", time.Minute)
	require.NoError(t, err)
	cases := []struct {
		name, method, url string
		want              envelope.Error
	}{
		{"missing object", http.MethodGet, missing, envelope.NewError(apperr.CodeNotFound, "")},
		{"unsigned URL", http.MethodGet, setup.url + blob.HandlerPath + "v/missing.jpg",
			envelope.NewError(apperr.CodePermissionDenied, "")},
		{"other method", http.MethodPost, missing, envelope.NewError(apperr.CodeMethodNotAllowed, "")},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			resp, body := send(t, tc.method, tc.url, nil, 0)
			assert.Equal(t, apperr.HTTPStatus(tc.want.Code), resp.StatusCode)
			assert.Equal(t, "no-store", resp.Header.Get("Cache-Control"))
			var env failure
			require.NoError(t, json.Unmarshal(body, &env), string(body))
			require.Len(t, env.Errors, 1)
			assert.Equal(t, tc.want.Code, env.Errors[0].Code)
			if tc.want.Code != apperr.CodePermissionDenied { // its message says which check failed
				env := envelope.Failure(tc.want)
				want, err := env.MarshalJSON()
				require.NoError(t, err)
				assert.Equal(t, string(want), string(body))
			}
		})
	}
}
