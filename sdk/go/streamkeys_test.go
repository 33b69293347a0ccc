package vidhost

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The stream key calls reach /v2/videos/{id}/stream_key with their method,
// and a list's filter travels as query parameters.
func TestStreamKeyCallsAndListFilter(t *testing.T) {
	var seen []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		seen = append(seen, r.Method+" "+r.URL.RequestURI())
		if r.URL.Path == "/v2/videos" {
			writeEnvelope(w, http.StatusOK, []Video{{ID: "e1", Type: TypeEvent}}, nil)
			return
		}
		writeEnvelope(w, http.StatusOK, StreamKey{VideoID: "e1", Key: "vhlive_k"}, nil)
	}))
	defer srv.Close()
	videos := New(srv.URL, "k").Videos

	key, err := videos.StreamKey(t.Context(), "e1")
	require.NoError(t, err)
	assert.Equal(t, "vhlive_k", key.Key)
	_, err = videos.RotateStreamKey(t.Context(), "e1")
	require.NoError(t, err)
	require.NoError(t, videos.RevokeStreamKey(t.Context(), "e1"))
	events, err := Collect(videos.List(t.Context(), &ListOptions{Filter: url.Values{"type": {TypeEvent}}}))
	require.NoError(t, err)
	assert.Len(t, events, 1)

	assert.Equal(t, []string{
		"GET /v2/videos/e1/stream_key", "POST /v2/videos/e1/stream_key", "DELETE /v2/videos/e1/stream_key",
		"GET /v2/videos?type=event",
	}, seen)
}
