package app_test

import (
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/gateway/app"
	"github.com/vidhost/vidhost/pkg/apperr"
)

// fakeLive stands in for the live service's WHIP listener: it answers an
// offer like the real one (201, application/sdp, Location = path +
// "/" + session id) and records what reached it.
type fakeLive struct {
	mu       sync.Mutex
	requests []*http.Request
	bodies   []string
}

func (f *fakeLive) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	f.mu.Lock()
	f.requests = append(f.requests, r)
	f.bodies = append(f.bodies, string(body))
	f.mu.Unlock()
	w.Header().Set("Access-Control-Allow-Origin", "*")
	w.Header().Set("Access-Control-Expose-Headers", "Location")
	switch {
	case r.Method == http.MethodOptions:
		w.WriteHeader(http.StatusNoContent)
	case r.Method == http.MethodPost && r.Header.Get("Authorization") != "Bearer vhlive_good":
		http.Error(w, "unknown stream key", http.StatusForbidden)
	case r.Method == http.MethodPost:
		w.Header().Set("Content-Type", "application/sdp")
		w.Header().Set("Location", r.URL.Path+"/sess1")
		w.WriteHeader(http.StatusCreated)
		_, _ = io.WriteString(w, "v=0 answer")
	case r.Method == http.MethodDelete:
		w.WriteHeader(http.StatusOK)
	}
}

func (f *fakeLive) last(t *testing.T) (*http.Request, string) {
	t.Helper()
	f.mu.Lock()
	defer f.mu.Unlock()
	require.NotEmpty(t, f.requests, "nothing reached the live service")
	return f.requests[len(f.requests)-1], f.bodies[len(f.bodies)-1]
}

func setupWHIP(t *testing.T) (testBundle, *fakeLive) {
	t.Helper()
	live := &fakeLive{}
	srv := httptest.NewServer(live)
	t.Cleanup(srv.Close)
	return setup(t, func(c *app.Config) { c.LiveWHIPURL = srv.URL }), live
}

func whipRequest(t *testing.T, method, url, key, body string) *http.Response {
	t.Helper()
	req, err := http.NewRequest(method, url, strings.NewReader(body))
	require.NoError(t, err)
	req.Header.Set("Content-Type", "application/sdp")
	req.Header.Set("Cookie", "vidhost_session=secret")
	if key != "" {
		req.Header.Set("Authorization", "Bearer "+key)
	}
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	t.Cleanup(func() { _ = resp.Body.Close() })
	return resp
}

func readAll(t *testing.T, resp *http.Response) string {
	t.Helper()
	raw, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	return string(raw)
}

// An offer goes on unchanged (path, key, SDP, no cookie), and the answer
// comes back unchanged (status, Content-Type, Location, CORS, body).
func TestWHIPOfferIsForwardedAndAnswered(t *testing.T) {
	b, live := setupWHIP(t)
	resp := whipRequest(t, http.MethodPost, b.url+"/v2/videos/vid_1/whip", "vhlive_good", "v=0 offer")
	assert.Equal(t, http.StatusCreated, resp.StatusCode)
	assert.Equal(t, "application/sdp", resp.Header.Get("Content-Type"))
	assert.Equal(t, "/v2/videos/vid_1/whip/sess1", resp.Header.Get("Location"))
	assert.Equal(t, "*", resp.Header.Get("Access-Control-Allow-Origin"))
	assert.Equal(t, "v=0 answer", readAll(t, resp))
	req, body := live.last(t)
	assert.Equal(t, "/v2/videos/vid_1/whip", req.URL.Path)
	assert.Equal(t, "Bearer vhlive_good", req.Header.Get("Authorization"))
	assert.Equal(t, "application/sdp", req.Header.Get("Content-Type"))
	assert.Empty(t, req.Header.Get("Cookie"), "the session cookie stays at the edge")
	assert.Equal(t, "v=0 offer", body)

	refused := whipRequest(t, http.MethodPost, b.url+"/v2/videos/vid_1/whip", "vhlive_bad", "v=0 offer")
	assert.Equal(t, http.StatusForbidden, refused.StatusCode)
	assert.Equal(t, "unknown stream key\n", readAll(t, refused), "the live service's words")
}

func TestWHIPSessionDeleteAndPreflightAreForwarded(t *testing.T) {
	b, live := setupWHIP(t)
	resp := whipRequest(t, http.MethodDelete, b.url+"/v2/videos/vid_1/whip/sess1", "", "")
	assert.Equal(t, http.StatusOK, resp.StatusCode)
	req, _ := live.last(t)
	assert.Equal(t, http.MethodDelete, req.Method)
	assert.Equal(t, "/v2/videos/vid_1/whip/sess1", req.URL.Path)

	resp = whipRequest(t, http.MethodOptions, b.url+"/v2/videos/vid_1/whip", "", "")
	assert.Equal(t, http.StatusNoContent, resp.StatusCode)
	assert.Equal(t, "Location", resp.Header.Get("Access-Control-Expose-Headers"))
}

func TestWHIPRefusedAtTheEdge(t *testing.T) {
	b, live := setupWHIP(t)
	cases := []struct {
		name, method, path, body string
		status                   int
		code                     string
	}{
		{"offer over 64 KiB", http.MethodPost, "/v2/videos/vid_1/whip", strings.Repeat("a", 64<<10+1), http.StatusRequestEntityTooLarge, apperr.CodeBodyTooLarge},
		{"trickle ICE", http.MethodPatch, "/v2/videos/vid_1/whip/sess1", "", http.StatusMethodNotAllowed, apperr.CodeMethodNotAllowed},
		{"GET the endpoint", http.MethodGet, "/v2/videos/vid_1/whip", "", http.StatusMethodNotAllowed, apperr.CodeMethodNotAllowed},
		{"POST to a session", http.MethodPost, "/v2/videos/vid_1/whip/sess1", "v=0", http.StatusMethodNotAllowed, apperr.CodeMethodNotAllowed},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			resp, env := b.do(t, call{method: tc.method, path: tc.path, key: "vhlive_good", body: tc.body})
			assert.Equal(t, tc.status, resp.StatusCode)
			require.Len(t, env.Errors, 1)
			assert.Equal(t, tc.code, env.Errors[0].Code)
		})
	}
	resp := whipRequest(t, http.MethodPost, b.url+"/v2/videos/vid_1/whip", "vhlive_good", strings.Repeat("a", 64<<10))
	assert.Equal(t, http.StatusCreated, resp.StatusCode, "64 KiB exactly is taken")
	live.mu.Lock()
	defer live.mu.Unlock()
	assert.Len(t, live.requests, 1, "only the offer within the limit reached the live service")
}

func TestWHIPOffAndDown(t *testing.T) {
	off := setup(t)
	resp, env := off.do(t, call{method: http.MethodPost, path: "/v2/videos/vid_1/whip", body: "v=0"})
	assert.Equal(t, http.StatusNotFound, resp.StatusCode)
	require.Len(t, env.Errors, 1)
	assert.Equal(t, "WHIP ingest is not enabled on this installation", env.Errors[0].Message)

	lis, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	downURL := "http://" + lis.Addr().String()
	require.NoError(t, lis.Close()) // nothing listens there now
	down := setup(t, func(c *app.Config) { c.LiveWHIPURL = downURL })
	resp, env = down.do(t, call{method: http.MethodPost, path: "/v2/videos/vid_1/whip", key: "vhlive_good", body: "v=0"})
	assert.Equal(t, http.StatusServiceUnavailable, resp.StatusCode)
	require.Len(t, env.Errors, 1)
	assert.Equal(t, apperr.CodeUnavailable, env.Errors[0].Code)
}
