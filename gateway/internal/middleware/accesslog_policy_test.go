package middleware

import (
	"bytes"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestAccessLogPolicy(t *testing.T) {
	cases := []struct {
		name       string
		mode       AccessLogMode
		rate       float64
		mediaLines int // of 1000 media requests
		exact      bool
	}{
		{"off", LogOff, 0.5, 0, true},
		{"all", LogAll, 0, 1000, true},
		{"sample", LogSample, 0.1, 100, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var logs bytes.Buffer
			h := AccessLog(slog.New(slog.NewJSONHandler(&logs, nil)), LogPolicy("/media/", tc.mode, tc.rate))(
				http.HandlerFunc(func(http.ResponseWriter, *http.Request) {}))
			for range 1000 {
				h.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest("GET", "/media/v/seg.m4s", nil))
			}
			media := strings.Count(logs.String(), `"path":"/media/v/seg.m4s"`)
			if tc.exact {
				assert.Equal(t, tc.mediaLines, media)
			} else {
				assert.InDelta(t, tc.mediaLines, media, 60, "sampled lines")
			}
			h.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest("GET", "/v2/categories", nil))
			assert.Contains(t, logs.String(), `"path":"/v2/categories"`, "the API is always logged")
		})
	}
}

func TestParseAccessLogMode(t *testing.T) {
	for _, s := range []string{"off", "sample", "all"} {
		mode, err := ParseAccessLogMode(s)
		require.NoError(t, err)
		assert.Equal(t, AccessLogMode(s), mode)
	}
	_, err := ParseAccessLogMode("some")
	assert.EqualError(t, err, `access log mode "some" must be off, sample or all`)
}
