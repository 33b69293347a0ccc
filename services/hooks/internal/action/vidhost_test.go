package action

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/blob"
	"github.com/vidhost/vidhost/services/hooks/internal/hooks"
)

// otherInstance records the requests a vidhost action makes.
type otherInstance struct {
	mu       sync.Mutex
	requests []string
	bodies   []map[string]any
	fail     bool
}

func (o *otherInstance) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.requests = append(o.requests, r.Method+" "+r.URL.Path+" "+r.Header.Get("Authorization"))
	var body map[string]any
	_ = json.NewDecoder(r.Body).Decode(&body)
	o.bodies = append(o.bodies, body)
	if o.fail {
		http.Error(w, `{"success":false}`, http.StatusBadRequest)
		return
	}
	_, _ = w.Write([]byte(`{"success":true,"result":{"id":"new-video"}}`))
}

func TestVidhostInsertsFromASignedURLOfTheBestMP4(t *testing.T) {
	store, err := blob.Open(t.Context(), blob.Config{Driver: "local", Dir: t.TempDir(), PublicBaseURL: "http://media.example",
		SigningSecret: strings.Repeat("k", 32)})
	require.NoError(t, err)
	for _, path := range []string{"mp4/360p.mp4", "mp4/720p.mp4", "stream/master.m3u8"} {
		key, err := blob.VideoKey("acct", "vid", path)
		require.NoError(t, err)
		require.NoError(t, store.Put(t.Context(), key, bytes.NewReader([]byte("x")), 1, "video/mp4"))
	}
	other := &otherInstance{}
	srv := httptest.NewServer(other)
	defer srv.Close()
	action := Vidhost{Client: srv.Client(), Objects: store, Timeout: 5 * time.Second}
	job := Job{
		Delivery: hooks.Delivery{ID: "d1", AccountID: "acct", Payload: []byte(`{"type":"video.created","data":{"id":"vid","name":"Launch"}}`)},
		Service:  hooks.Target{Type: hooks.TypeVidhost, BaseURL: srv.URL + "/v2", Credentials: hooks.Credentials{APIKey: "vh_other"}},
		Params:   map[string]string{"name": "{name} (mirror)", "privacy": "private", "folder": "f1"},
	}

	result := action.Run(t.Context(), job)
	require.NoError(t, result.Err)
	assert.Equal(t, []string{"POST /v2/videos Bearer vh_other", "POST /v2/folders/f1/videos/new-video Bearer vh_other"}, other.requests)
	assert.Equal(t, "Launch (mirror)", other.bodies[0]["name"])
	assert.Equal(t, "private", other.bodies[0]["privacy"])
	input, _ := other.bodies[0]["input"].(string)
	assert.True(t, strings.HasPrefix(input, "http://media.example/blob/videos/acct/vid/mp4/720p.mp4?"), input)
	assert.Contains(t, input, "sig=", "a signed URL")

	other.fail = true
	result = action.Run(t.Context(), job)
	assert.Equal(t, http.StatusBadRequest, result.Status)
	assert.ErrorContains(t, result.Err, "the other instance answered 400")

	job.Delivery.AccountID = "other-account" // its folder is empty
	assert.ErrorContains(t, action.Run(t.Context(), job).Err, "the video has no MP4 output to send")
	assert.ErrorIs(t, Vidhost{}.Run(t.Context(), job).Err, ErrNoBlobStore)
}
