package transcodetest

import (
	"bytes"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/vidhost/vidhost/pkg/blob"
)

// ServeBlob serves store's objects at <URL>/<key> until t ends, as the
// playback edge would, Range requests included.
func ServeBlob(t testing.TB, store blob.Store) string {
	t.Helper()
	server := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, info, err := store.Open(r.Context(), strings.TrimPrefix(r.URL.Path, "/"))
		if err != nil {
			http.NotFound(w, r)
			return
		}
		defer body.Close()
		data, err := io.ReadAll(body)
		if err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		w.Header().Set("Content-Type", info.ContentType)
		http.ServeContent(w, r, "", time.Time{}, bytes.NewReader(data))
	}))
	t.Cleanup(server.Close)
	return server.URL
}
