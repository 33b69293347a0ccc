package e2e

import (
	"bytes"
	"encoding/base64"
	"io"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// mintUploadToken asks the suite for an upload token with the owner's key.
func mintUploadToken(t *testing.T, maxSize int) string {
	t.Helper()
	return mintUploadTokenWith(t, ownerOf(t), maxSize)
}

// mintUploadTokenWith asks for an upload token with key.
func mintUploadTokenWith(t *testing.T, key string, maxSize int) string {
	t.Helper()
	var minted struct {
		Token string `json:"token"`
	}
	mustOK(t, call(t, "POST", "/v2/tokens", key,
		map[string]any{"type": "upload", "max_size_bytes": maxSize, "ttl_seconds": 600})).decode(t, &minted)
	require.True(t, strings.HasPrefix(minted.Token, "vht_"), minted.Token)
	return minted.Token
}

// mustFailCode asserts a failure envelope with status and error code.
func mustFailCode(t *testing.T, r response, status int, code string) {
	t.Helper()
	require.Equal(t, status, r.Status, r.Raw)
	require.False(t, r.Body.Success, r.Raw)
	require.Len(t, r.Body.Errors, 1, r.Raw)
	assert.Equal(t, code, r.Body.Errors[0].Code, r.Raw)
}

// TestUploadTokenRefusals: what an upload token may not do is a clear 401
// or 403 in the envelope, through the real gateway and services. (Expiry
// is covered by gateway/internal/auth: the shortest token lives a minute.)
func TestUploadTokenRefusals(t *testing.T) {
	token := mintUploadToken(t, 1000)

	mustFailCode(t, call(t, "POST", "/v2/uploads", token, map[string]any{"name": "big.mp4", "size": 1001}),
		http.StatusForbidden, "token_upload_too_large")
	mustFailCode(t, call(t, "GET", "/v2/videos", token, nil), http.StatusForbidden, "token_scope")
	mustFailCode(t, call(t, "POST", "/v2/tokens", token, map[string]any{"type": "upload", "max_size_bytes": 1}),
		http.StatusForbidden, "token_scope")
	mustFailCode(t, call(t, "POST", "/v2/uploads", token[:len(token)-3]+"abc", map[string]any{"name": "a.mp4", "size": 10}),
		http.StatusUnauthorized, "token_invalid")
	mustFailCode(t, call(t, "POST", "/v2/videos", token, map[string]any{"name": "From a URL", "input": "https://example.com/a.mp4"}),
		http.StatusForbidden, "token_scope")

	other, _ := uploadForVideo(t, "other.mp4", randomBytes(t, 100))
	mustFailCode(t, call(t, "POST", "/v2/videos", token, map[string]any{"name": "Not mine", "input": other}),
		http.StatusForbidden, "token_scope")

	var u upload
	mustOK(t, call(t, "POST", "/v2/uploads", token, map[string]any{"name": "clip.mp4", "size": 1000})).decode(t, &u)
	mustFailCode(t, call(t, "POST", "/v2/uploads", token, map[string]any{"name": "again.mp4", "size": 10}),
		http.StatusForbidden, "token_used")
	require.Equal(t, http.StatusOK, put(t, u.URL, randomBytes(t, 1000)))
	mustOK(t, call(t, "POST", "/v2/videos", token, map[string]any{"name": "Mine", "input": "svc://uploads/" + u.ID}))
	mustFailCode(t, call(t, "POST", "/v2/videos", token, map[string]any{"name": "Twice", "input": "svc://uploads/" + u.ID}),
		http.StatusForbidden, "token_used")
}

// TestDeletingAKeyRevokesItsUploadTokens: a token is only as good as the
// key that minted it, at its next use.
func TestDeletingAKeyRevokesItsUploadTokens(t *testing.T) {
	var key struct {
		ID    string `json:"id"`
		Value string `json:"value"`
	}
	mustOK(t, call(t, "POST", "/v2/keys", ownerOf(t), map[string]any{"type": "api", "name": "minter",
		"permissions": []string{}, "ips": []string{}})).decode(t, &key)
	token := mintUploadTokenWith(t, key.Value, 1000)
	mustOK(t, call(t, "DELETE", "/v2/keys/"+key.ID, ownerOf(t), nil))

	r := call(t, "POST", "/v2/uploads", token, map[string]any{"name": "late.mp4", "size": 10})
	mustFailCode(t, r, http.StatusUnauthorized, "token_invalid")
	assert.Equal(t, "this token is not valid: the API key that minted it was deleted", r.message())
}

// watchStatus GETs a playback page with query and returns the status.
func watchStatus(t *testing.T, path, query string) int {
	t.Helper()
	resp, err := http.Get(suiteOf(t).URL + path + query)
	require.NoError(t, err)
	_ = resp.Body.Close()
	return resp.StatusCode
}

// mintViewerToken asks the suite for a viewer token of video id.
func mintViewerToken(t *testing.T, id string) string {
	t.Helper()
	var minted struct {
		Token   string `json:"token"`
		Type    string `json:"type"`
		VideoID string `json:"video_id"`
	}
	mustOK(t, call(t, "POST", "/v2/tokens", ownerOf(t),
		map[string]any{"type": "viewer", "video_id": id, "ttl_seconds": 300})).decode(t, &minted)
	assert.Equal(t, "viewer", minted.Type)
	assert.Equal(t, id, minted.VideoID)
	return minted.Token
}

// assertViewerTokenOpens checks, on a ready video made private, that a
// viewer token opens its landing page and embed like a viewer JWT, and
// nothing else: not another video, not the API, not once altered.
func assertViewerTokenOpens(t *testing.T, id string) {
	t.Helper()
	mustOK(t, call(t, "PATCH", "/v2/videos/"+id, ownerOf(t), map[string]any{"privacy": "private"}))
	token := mintViewerToken(t, id)
	ref, _ := uploadForVideo(t, "other.mp4", randomBytes(t, 100))
	other := createVideo(t, map[string]any{"name": "Other", "input": ref, "privacy": "private"})

	require.Eventually(t, func() bool { return watchStatus(t, "/watch/"+id, "") == http.StatusForbidden },
		5*time.Second, 50*time.Millisecond, "the edge sees the video private")
	assert.Equal(t, http.StatusOK, watchStatus(t, "/watch/"+id, "?jwt="+token))
	assert.Equal(t, http.StatusOK, watchStatus(t, "/embed/"+id, "?jwt="+token))
	assert.Equal(t, http.StatusForbidden, watchStatus(t, "/watch/"+other.ID, "?jwt="+token))
	assert.Equal(t, http.StatusForbidden, watchStatus(t, "/watch/"+id, "?jwt="+token[:len(token)-3]+"abc"))
	mustFailCode(t, call(t, "GET", "/v2/videos/"+id, token, nil), http.StatusForbidden, "token_scope")
}

// tusWith is one tus request through the gateway with credential.
func tusWith(t *testing.T, credential, method, url string, headers map[string]string, body []byte) (*http.Response, string) {
	t.Helper()
	req, err := http.NewRequest(method, url, bytes.NewReader(body))
	require.NoError(t, err)
	req.Header.Set("Authorization", "Bearer "+credential)
	req.Header.Set("Tus-Resumable", "1.0.0")
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	return resp, string(raw)
}

// TestUploadTokenOverTus: a token creates one tus upload, sends its bytes
// (in two PATCHes, resuming) and makes the video; it cannot touch another
// tus upload.
func TestUploadTokenOverTus(t *testing.T) {
	token := mintUploadToken(t, 2000)
	body := randomBytes(t, 2000)
	create := func(credential string, size int) (*http.Response, string) {
		return tusWith(t, credential, "POST", suiteOf(t).URL+"/v2/uploads/tus/", map[string]string{
			"Upload-Length":   strconv.Itoa(size),
			"Upload-Metadata": "filename " + base64.StdEncoding.EncodeToString([]byte("tus.mp4")),
		}, nil)
	}
	tooBig, raw := create(token, 2001)
	assert.Equal(t, http.StatusForbidden, tooBig.StatusCode)
	assert.Contains(t, raw, `"code":"token_upload_too_large"`)

	created, raw := create(token, len(body))
	require.Equal(t, http.StatusCreated, created.StatusCode, raw)
	location, id := created.Header.Get("Location"), created.Header.Get("Vidhost-Upload-Id")
	again, raw := create(token, 10)
	assert.Equal(t, http.StatusForbidden, again.StatusCode)
	assert.Contains(t, raw, `"code":"token_used"`)

	others, _ := create(ownerOf(t), 10)
	require.Equal(t, http.StatusCreated, others.StatusCode)
	patch := map[string]string{"Content-Type": "application/offset+octet-stream", "Upload-Offset": "0"}
	stolen, raw := tusWith(t, token, "PATCH", others.Header.Get("Location"), patch, []byte("0123456789"))
	assert.Equal(t, http.StatusForbidden, stolen.StatusCode)
	assert.Contains(t, raw, `"code":"token_scope"`)
	deleted, _ := tusWith(t, token, "DELETE", location, nil, nil)
	assert.Equal(t, http.StatusForbidden, deleted.StatusCode)

	first, _ := tusWith(t, token, "PATCH", location, patch, body[:500])
	require.Equal(t, http.StatusNoContent, first.StatusCode)
	head, _ := tusWith(t, token, "HEAD", location, nil, nil)
	require.Equal(t, "500", head.Header.Get("Upload-Offset"))
	patch["Upload-Offset"] = "500"
	rest, _ := tusWith(t, token, "PATCH", location, patch, body[500:])
	require.Equal(t, http.StatusNoContent, rest.StatusCode)
	mustOK(t, call(t, "POST", "/v2/videos", token, map[string]any{"name": "Over tus", "input": "svc://uploads/" + id}))
}

// TestTokensStayInTheirAccount: tokens are outside gateway/api_v2.yaml, so
// the isolation walk does not reach them; B's tokens cannot touch A's
// uploads or videos.
func TestTokensStayInTheirAccount(t *testing.T) {
	a := createTenant(t, "Tokens A", "free")
	b := createTenant(t, "Tokens B", "free")
	var aUpload upload
	mustOK(t, call(t, "POST", "/v2/uploads", a.key, map[string]any{"name": "a.mp4", "size": 100})).decode(t, &aUpload)
	require.Equal(t, http.StatusOK, put(t, aUpload.URL, randomBytes(t, 100)))
	var aVideo struct {
		ID string `json:"id"`
	}
	mustOK(t, call(t, "POST", "/v2/videos", a.key, map[string]any{"name": "A's", "input": "svc://uploads/" + aUpload.ID,
		"privacy": "private"})).decode(t, &aVideo)

	bUpload := mintUploadTokenWith(t, b.key, 1000)
	r := call(t, "POST", "/v2/videos", bUpload, map[string]any{"name": "Stolen", "input": "svc://uploads/" + aUpload.ID})
	mustFail(t, r, http.StatusBadRequest, "input references an upload that does not exist")

	var bViewer struct {
		Token string `json:"token"`
	}
	mustOK(t, call(t, "POST", "/v2/tokens", b.key, map[string]any{"type": "viewer", "video_id": aVideo.ID})).decode(t, &bViewer)
	assert.Equal(t, http.StatusForbidden, watchStatus(t, "/watch/"+aVideo.ID, "?jwt="+bViewer.Token))
}
