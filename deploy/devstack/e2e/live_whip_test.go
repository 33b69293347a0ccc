package e2e

import (
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// whipPost sends an offer to the suite's edge route, as a page would.
func whipPost(t *testing.T, id, key, offer string) (int, string) {
	t.Helper()
	req, err := http.NewRequestWithContext(t.Context(), http.MethodPost, suiteOf(t).URL+"/v2/videos/"+id+"/whip", strings.NewReader(offer))
	require.NoError(t, err)
	req.Header.Set("Content-Type", "application/sdp")
	if key != "" {
		req.Header.Set("Authorization", "Bearer "+key)
	}
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	return resp.StatusCode, string(body)
}

// The devstack's edge forwards /v2/videos/{id}/whip to its live service,
// whose key check answers (a second, no media): no key is 401, a wrong
// key 403, and another video's key 403 with why.
func TestWHIPRefusalsThroughTheEdge(t *testing.T) {
	var event liveEvent
	mustOK(t, call(t, "POST", "/v2/videos", ownerOf(t), map[string]any{"name": "WHIP refusals", "type": "event"})).decode(t, &event)
	var other liveEvent
	mustOK(t, call(t, "POST", "/v2/videos", ownerOf(t), map[string]any{"name": "WHIP other", "type": "event"})).decode(t, &other)

	status, body := whipPost(t, event.ID, "", "v=0\r\n")
	assert.Equal(t, http.StatusUnauthorized, status, body)
	assert.Contains(t, body, "no stream key")

	status, body = whipPost(t, event.ID, "vhlive_"+strings.Repeat("A", 43), "v=0\r\n")
	assert.Equal(t, http.StatusForbidden, status, body)

	key := getStreamKey(t, event.ID).Key
	status, body = whipPost(t, other.ID, key, "v=0\r\n")
	assert.Equal(t, http.StatusForbidden, status, body)
	assert.Contains(t, body, "another video's live event")
	// The claim was given back: the right path gets as far as the offer
	// (not "already has a publisher"), twice.
	for range 2 {
		status, body = whipPost(t, event.ID, key, "v=0\r\n")
		assert.Equal(t, http.StatusUnprocessableEntity, status, body)
		assert.Contains(t, body, "the offer sends no video")
	}
}
