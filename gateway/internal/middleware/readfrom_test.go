package middleware

import (
	"bytes"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The access log must not hide the writer's ReadFrom (sendfile for files),
// and must still count what goes through it.
func TestAccessLogKeepsReadFrom(t *testing.T) {
	var logs bytes.Buffer
	handler := AccessLog(slog.New(slog.NewJSONHandler(&logs, nil)), nil)(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		readerFrom, ok := w.(io.ReaderFrom)
		require.True(t, ok, "the recorder offers ReadFrom")
		n, err := readerFrom.ReadFrom(io.LimitReader(strings.NewReader("segment bytes"), 7))
		require.NoError(t, err)
		assert.EqualValues(t, 7, n)
	}))
	rec := httptest.NewRecorder()
	handler.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/media/v/seg.m4s", nil))
	assert.Equal(t, "segment", rec.Body.String())
	assert.Contains(t, logs.String(), `"bytes":7`)
	assert.Contains(t, logs.String(), `"status":200`)
}
