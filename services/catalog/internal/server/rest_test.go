package server_test

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/grpc-ecosystem/grpc-gateway/v2/runtime"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"google.golang.org/protobuf/encoding/protojson"

	catalogv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/catalog/v1"

	"github.com/vidhost/vidhost/pkg/grpcx"
	"github.com/vidhost/vidhost/pkg/ids"
	"github.com/vidhost/vidhost/pkg/principal"
)

// rest serves the catalog's part of gateway/api_v2.yaml (the generated
// grpc-gateway handlers) with the gateway's JSON options, as alice. It
// checks the REST mapping: paths, query filters, and update masks made
// from the JSON keys a client sends.
func rest(t *testing.T, b testBundle) string {
	t.Helper()
	mux := runtime.NewServeMux(
		runtime.WithMarshalerOption(runtime.MIMEWildcard, &runtime.JSONPb{
			MarshalOptions:   protojson.MarshalOptions{UseProtoNames: true, EmitUnpopulated: true},
			UnmarshalOptions: protojson.UnmarshalOptions{DiscardUnknown: false},
		}),
	)
	conn, err := grpcx.Dial(b.addr, grpcx.CallerCredentials(root, grpcx.Gateway))
	require.NoError(t, err)
	t.Cleanup(func() { _ = conn.Close() })
	require.NoError(t, catalogv1.RegisterCatalogServiceHandler(t.Context(), mux, conn))
	// The gateway's auth middleware puts the principal into the request's
	// context, and the connection signs it into each call.
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mux.ServeHTTP(w, r.WithContext(principal.NewContext(r.Context(), b.alice)))
	}))
	t.Cleanup(srv.Close)
	return srv.URL
}

// call sends a JSON body (or none) and returns the status and decoded body.
func call(t *testing.T, method, url, body string) (int, map[string]any) {
	t.Helper()
	var reader io.Reader
	if body != "" {
		reader = strings.NewReader(body)
	}
	req, err := http.NewRequestWithContext(t.Context(), method, url, reader)
	require.NoError(t, err)
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	var out map[string]any
	require.NoError(t, json.NewDecoder(resp.Body).Decode(&out))
	return resp.StatusCode, out
}

func TestRESTVideos(t *testing.T) {
	t.Parallel()
	b := setup(t)
	base := rest(t, b) + "/v2"

	status, v := call(t, http.MethodPost, base+"/videos", `{"name": "REST", "input": "`+sourceURL+`", "tags": ["rest"]}`)
	require.Equal(t, http.StatusOK, status, v)
	assert.Equal(t, "", v["input"], "never echoed")
	assert.Equal(t, []any{}, v["outputs"])
	assert.Equal(t, "preparing", v["status"])
	assert.Equal(t, 0.0, v["progress"])
	id := v["id"].(string)

	status, out := call(t, http.MethodPatch, base+"/videos/"+id, `{"outputs": [], "name": "x"}`)
	assert.Equal(t, http.StatusBadRequest, status)
	assert.Equal(t, "outputs is set by the service and cannot be changed", out["message"])
	status, out = call(t, http.MethodPatch, base+"/videos/"+id, `{"input": "https://e.com/b.mp4"}`)
	assert.Equal(t, http.StatusBadRequest, status)
	assert.Equal(t, "input cannot be changed: create a new video for another source", out["message"])
	status, out = call(t, http.MethodPatch, base+"/videos/"+id, `{"enabled": false}`)
	require.Equal(t, http.StatusOK, status, out)
	assert.Equal(t, false, out["enabled"])
	assert.Equal(t, "REST", out["name"], "only the sent field changed")

	status, out = call(t, http.MethodGet, base+"/videos?status=bogus", "")
	assert.Equal(t, http.StatusBadRequest, status)
	assert.Equal(t, `status must be "preparing", "processing", "ready", "error", "live" or empty`, out["message"])
	status, out = call(t, http.MethodGet, base+"/videos?tag=rest&privacy=unlisted&search=RE&limit=5", "")
	require.Equal(t, http.StatusOK, status, out)
	assert.Len(t, out["items"], 1)
}

func TestRESTJunkBodiesAreBadRequests(t *testing.T) {
	t.Parallel()
	b := setup(t)
	base := rest(t, b) + "/v2"
	junk := strings.Repeat("\x00junk{[\"", 1<<20/8)

	for _, path := range []string{"/videos", "/folders", "/videos/" + ids.New() + "/cards"} {
		status, out := call(t, http.MethodPost, base+path, junk)
		assert.Equal(t, http.StatusBadRequest, status, "%s: %v", path, out["message"])
	}
	status, out := call(t, http.MethodPost, base+"/videos", `{"name": "`+strings.Repeat("n", 1<<20)+`", "input": "`+sourceURL+`"}`)
	assert.Equal(t, http.StatusBadRequest, status)
	assert.Equal(t, "name must be 1-100 characters", out["message"])
}

func TestRESTOverlaysAndFolders(t *testing.T) {
	t.Parallel()
	b := setup(t)
	base := rest(t, b) + "/v2"
	id := createVideo(t, b, b.alice, "V").GetId()

	status, h := call(t, http.MethodPost, base+"/videos/"+id+"/hotspots",
		`{"name": "S", "at": 1, "until": 65, "x": 50, "y": 50, "pitch": 0, "yaw": 0, "link": "https://e.com", "opacity": 0.5}`)
	require.Equal(t, http.StatusOK, status, h)
	assert.Equal(t, 0.5, h["opacity"], "Set A answers with a number")
	status, h = call(t, http.MethodPatch, base+"/videos/"+id+"/hotspots/"+h["id"].(string), `{"show_at": "00:00:30", "opacity": "opaque"}`)
	require.Equal(t, http.StatusOK, status, h)
	assert.Equal(t, "opaque", h["opacity"], "Set B answers with a name")
	assert.Equal(t, "00:00:30", h["show_at"])
	assert.Equal(t, "00:01:05", h["hide_at"])

	status, out := call(t, http.MethodPost, base+"/videos/"+id+"/cards", `{"name": "c", "at": 1, "until": 2}`)
	assert.Equal(t, http.StatusBadRequest, status)
	assert.Equal(t, "skip is required (send it even if empty)", out["message"])

	status, f := call(t, http.MethodPost, base+"/folders", `{"name": "F"}`)
	require.Equal(t, http.StatusOK, status, f)
	status, out = call(t, http.MethodPost, base+"/folders/"+f["id"].(string)+"/videos/"+id, "")
	require.Equal(t, http.StatusOK, status, out)
	status, out = call(t, http.MethodGet, base+"/folders/"+f["id"].(string)+"/videos", "")
	require.Equal(t, http.StatusOK, status, out)
	assert.Len(t, out["items"], 1)
	status, out = call(t, http.MethodGet, base+"/folders/"+ids.New()+"/videos", "")
	assert.Equal(t, http.StatusNotFound, status)
	assert.Equal(t, "Not found", out["message"])
}
