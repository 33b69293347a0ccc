package e2e

import (
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// callWithKey is call with an Idempotency-Key header.
func callWithKey(t *testing.T, path, apiKey, idempotencyKey string, body any) response {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, suiteOf(t).URL+path, bodyReader(t, body))
	require.NoError(t, err)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+apiKey)
	req.Header.Set("Idempotency-Key", idempotencyKey)
	return send(t, req)
}

// Through the stack: a retried POST with the same key and body creates one
// video and gets the first answer back, marked as a replay; another body
// with the key is a 409 with its code; another account's same key is its own.
func TestIdempotencyKeyCreatesOneVideo(t *testing.T) {
	key := uniqueWord(t, "idem")
	body := videoBody(map[string]any{"name": key})
	first := callWithKey(t, "/v2/videos", ownerOf(t), key, body)
	mustOK(t, first)
	assert.Empty(t, first.Header.Get("Idempotent-Replayed"))
	again := callWithKey(t, "/v2/videos", ownerOf(t), key, body)
	mustOK(t, again)
	assert.Equal(t, "true", again.Header.Get("Idempotent-Replayed"))
	assert.JSONEq(t, first.Raw, again.Raw, "the first answer, byte for byte")
	assert.Len(t, listAll(t, "/v2/videos?search="+key), 1, "one video was made")

	other := callWithKey(t, "/v2/videos", ownerOf(t), key, videoBody(map[string]any{"name": key + "x"}))
	mustFail(t, other, http.StatusConflict, "this Idempotency-Key was used with another request")
	require.Len(t, other.Body.Errors, 1)
	assert.Equal(t, "idempotency_key_reused", other.Body.Errors[0].Code)

	tenant := createTenant(t, "Idempotency B", "free")
	theirs := callWithKey(t, "/v2/videos", tenant.key, key, body)
	mustOK(t, theirs)
	assert.Empty(t, theirs.Header.Get("Idempotent-Replayed"), "keys belong to their account")
}
