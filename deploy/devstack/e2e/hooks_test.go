package e2e

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	standardwebhooks "github.com/standard-webhooks/standard-webhooks/libraries/go"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/blob"
	"github.com/vidhost/vidhost/pkg/blob/blobtest"
)

// Services and hooks through the gateway, on an account of their own so the
// shared owner's lists stay as other tests expect. About a second.

func TestWebhookServiceOverREST(t *testing.T) {
	key := createTenant(t, "Hooks REST", "enterprise").key
	var created map[string]any
	mustOK(t, call(t, "POST", "/v2/services", key, map[string]any{
		"name": "Local receiver", "type": "webhook", "url": "http://127.0.0.1:9/in", // the devstack allows this machine
	})).decode(t, &created)
	id := created["id"].(string)
	secret, _ := created["secret"].(string)
	assert.True(t, strings.HasPrefix(secret, "whsec_"), created)
	assert.Equal(t, "webhook", created["type"])
	assert.NotContains(t, created, "bucket", "only the fields of its type")

	var got map[string]any
	mustOK(t, call(t, "GET", "/v2/services/"+id, key, nil)).decode(t, &got)
	assert.NotContains(t, got, "secret", "shown once")
	assert.Equal(t, created["created_time"], got["created_time"])

	var rotated map[string]any
	mustOK(t, call(t, "POST", "/v2/services/"+id+"/rotate_secret", key, nil)).decode(t, &rotated)
	assert.NotEqual(t, secret, rotated["secret"])

	mustFail(t, call(t, "POST", "/v2/services", key, map[string]any{"name": "Metadata", "type": "webhook", "url": "http://169.254.169.254/"}),
		http.StatusBadRequest, "url must not point at a private, loopback or link-local address")
	// The same addresses spelt as a resolver also reads them (issue 26):
	// hexadecimal, octal, one decimal number, fewer parts.
	for _, url := range []string{"http://0xa9fea9fe/", "http://0251.0376.0251.0376/", "http://2852039166/", "http://10.1/", "http://0xa.0x1/"} {
		r := call(t, "POST", "/v2/services", key, map[string]any{"name": "Metadata", "type": "webhook", "url": url})
		mustFail(t, r, http.StatusBadRequest, "url must not point at a private, loopback or link-local address")
		assert.Equal(t, "url", r.Body.Errors[0].Field, url)
	}
	mustFail(t, call(t, "PATCH", "/v2/services/"+id, key, map[string]any{"secret": "whsec_mine"}),
		http.StatusBadRequest, "secret is changed with POST /v2/services/{id}/rotate_secret")
}

func TestHooksOverREST(t *testing.T) {
	key := createTenant(t, "Hooks flow", "enterprise").key
	hook := map[string]any{
		"name": "Mirror launches", "event": "video.created", "action": "videos.insert",
		"filters":       []map[string]any{{"field": "tags", "operator": "==", "value": "launch"}, {"field": "duration", "operator": ">", "value": "60"}},
		"filters_logic": "or",
	}
	r := call(t, "POST", "/v2/hooks", key, withService(hook, "ZZZZZZZZZZZZZZZZZZZZZ"))
	mustFail(t, r, http.StatusBadRequest, "a service must exist first")
	assert.Equal(t, apperr.CodeServiceRequired, r.Body.Errors[0].Code)

	var service struct {
		ID string `json:"id"`
	}
	mustOK(t, call(t, "POST", "/v2/services", key, map[string]any{
		"name": "Archive", "type": "s3", "endpoint": "https://s3.example.com", "region": "eu-west-1", "bucket": "archive",
		"access_key_id": "AKIAEXAMPLE", "secret_access_key": "s3-secret-value",
	})).decode(t, &service)
	hook["params"] = []map[string]any{{"field": "prefix", "value": "launches/"}}

	var created map[string]any
	mustOK(t, call(t, "POST", "/v2/hooks", key, withService(hook, service.ID))).decode(t, &created)
	assert.Equal(t, service.ID, created["service"])
	assert.Equal(t, "or", created["filters_logic"])
	assert.Equal(t, true, created["enabled"])
	assert.Len(t, created["filters"], 2)
	id := created["id"].(string)

	mustFail(t, call(t, "PATCH", "/v2/hooks/"+id, key, map[string]any{"filters": []map[string]any{{"field": "title", "operator": "==", "value": "x"}}}),
		http.StatusBadRequest, "filters[0].field must be one of")
	var patched map[string]any
	mustOK(t, call(t, "PATCH", "/v2/hooks/"+id, key, map[string]any{"name": "Renamed"})).decode(t, &patched)
	assert.Equal(t, "Renamed", patched["name"])
	assert.Equal(t, "or", patched["filters_logic"], "fields not sent are unchanged")

	var listed []map[string]any
	mustOK(t, call(t, "GET", "/v2/hooks?limit=1", key, nil)).decode(t, &listed)
	assert.Len(t, listed, 1)

	// Deleting the service disables the hook; it stays, with its service's id.
	mustOK(t, call(t, "DELETE", "/v2/services/"+service.ID, key, nil))
	var disabled map[string]any
	mustOK(t, call(t, "GET", "/v2/hooks/"+id, key, nil)).decode(t, &disabled)
	assert.Equal(t, false, disabled["enabled"])
	assert.Equal(t, service.ID, disabled["service"])
	mustOK(t, call(t, "DELETE", "/v2/hooks/"+id, key, nil))
	mustFail(t, call(t, "GET", "/v2/hooks/"+id, key, nil), http.StatusNotFound, "Not found")
}

func withService(hook map[string]any, serviceID string) map[string]any {
	out := map[string]any{"service": serviceID}
	for k, v := range hook {
		out[k] = v
	}
	return out
}

// TestHooksRunOnReadyVideos runs a suite with a transcode worker: a hook is
// matched when a video is created and runs once it is ready. A tiny clip
// reaches a webhook receiver on this machine, signed, once, as a ready
// video; a video the hook's filter leaves out fires nothing; one whose
// source cannot be read ends in error and its delivery is skipped with the
// reason. About 15 s.
func TestHooksRunOnReadyVideos(t *testing.T) {
	t.Parallel() // on a suite of its own (suites_test.go)
	clip := serveFile(t, makeClip(t, 320, 240, 2))
	garbage := filepath.Join(t.TempDir(), "garbage.mp4")
	require.NoError(t, os.WriteFile(garbage, bytes.Repeat([]byte("not a video "), 100), 0o600))
	notAVideo := serveFile(t, garbage)
	withSuite(t, newSuite(t, 1), "local", func() {
		key := ownerOf(t)
		receiver := newHookReceiver(t)
		hook := receiver.hook(t, key, []map[string]any{{"field": "tags", "operator": "==", "value": "launch"}})

		mustOK(t, call(t, "POST", "/v2/videos", key, map[string]any{"name": "Teaser", "input": clip, "tags": []string{"teaser"}}))
		var launch, broken struct {
			ID string `json:"id"`
		}
		start := time.Now()
		mustOK(t, call(t, "POST", "/v2/videos", key, map[string]any{"name": "Launch", "input": clip, "tags": []string{"launch"}})).decode(t, &launch)
		mustOK(t, call(t, "POST", "/v2/videos", key, map[string]any{"name": "Broken", "input": notAVideo, "tags": []string{"launch"}})).decode(t, &broken)

		select {
		case payload := <-receiver.got:
			t.Logf("POST /v2/videos to a signed delivery of the ready video: %s (one sample, not a benchmark)", time.Since(start))
			assert.Equal(t, "video.created", payload["type"])
			data := payload["data"].(map[string]any)
			assert.Equal(t, launch.ID, data["id"])
			assert.Equal(t, "ready", data["status"], "sent once the outputs exist")
			assert.NotEmpty(t, data["outputs"])
		case <-time.After(2 * time.Minute):
			t.Fatal("no delivery arrived")
		}
		deliveries := func() map[string]map[string]any {
			var list []map[string]any
			mustOK(t, call(t, "GET", "/v2/hooks/"+hook+"/deliveries", key, nil)).decode(t, &list)
			out := map[string]map[string]any{}
			for _, d := range list {
				out[d["video"].(string)] = d
			}
			return out
		}
		var d map[string]map[string]any
		for deadline := time.Now().Add(time.Minute); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
			if d = deliveries(); len(d) == 2 && d[broken.ID]["status"] == "skipped" {
				break
			}
		}
		require.Len(t, d, 2, "the teaser fires nothing")
		assert.Equal(t, "succeeded", d[launch.ID]["status"])
		require.Equal(t, "skipped", d[broken.ID]["status"], "the broken video's delivery: %v", d[broken.ID])
		assert.Contains(t, deliveries()[broken.ID]["error"], "the video ended in error: ")
		select {
		case payload := <-receiver.got:
			t.Fatalf("a second delivery arrived: %v", payload)
		case <-time.After(500 * time.Millisecond):
		}

		t.Run("vidhost", func(t *testing.T) { testVidhostAction(t, clip) })
		t.Run("s3", func(t *testing.T) { testS3Action(t, clip) })
	})
}

// testVidhostAction: a vidhost service pointing at this same instance under
// a second account gets the inserted video to ready there.
func testVidhostAction(t *testing.T, clip string) {
	mirror := createTenant(t, "Hooks mirror", "enterprise")
	var folder struct {
		ID string `json:"id"`
	}
	mustOK(t, call(t, "POST", "/v2/folders", mirror.key, map[string]any{"name": "Mirrored"})).decode(t, &folder)
	var service struct {
		ID string `json:"id"`
	}
	mustOK(t, call(t, "POST", "/v2/services", ownerOf(t), map[string]any{"name": "Mirror", "type": "vidhost",
		"base_url": suiteOf(t).URL + "/v2", "api_key": mirror.key})).decode(t, &service)
	var hook struct {
		ID string `json:"id"`
	}
	mustOK(t, call(t, "POST", "/v2/hooks", ownerOf(t), map[string]any{"name": "Mirror", "event": "video.created",
		"service": service.ID, "action": "videos.insert",
		"filters": []map[string]any{{"field": "tags", "operator": "==", "value": "mirror"}},
		"params": []map[string]any{{"field": "name", "value": "Copy of {name}"}, {"field": "privacy", "value": "private"},
			{"field": "tags", "value": "mirrored,e2e"}, {"field": "folder", "value": folder.ID}}})).decode(t, &hook)

	var original struct {
		ID string `json:"id"`
	}
	mustOK(t, call(t, "POST", "/v2/videos", ownerOf(t), map[string]any{"name": "Mirrored", "input": clip, "tags": []string{"mirror"}})).decode(t, &original)
	var copied map[string]any
	for deadline := time.Now().Add(2 * time.Minute); time.Now().Before(deadline) && copied["status"] != "ready"; time.Sleep(250 * time.Millisecond) {
		var list []map[string]any
		mustOK(t, call(t, "GET", "/v2/videos", mirror.key, nil)).decode(t, &list)
		if len(list) > 0 {
			copied = list[0]
			require.NotEqual(t, "error", copied["status"], "the copy failed: %v", copied["status_reason"])
		}
	}
	require.NotNil(t, copied, "no video arrived in the second account")
	assert.Equal(t, "ready", copied["status"], "the inserted video is ready: %v", copied)
	assert.Equal(t, "Copy of Mirrored", copied["name"])
	assert.Equal(t, "private", copied["privacy"])
	assert.ElementsMatch(t, []any{"mirrored", "e2e"}, copied["tags"])
	var filed []map[string]any
	mustOK(t, call(t, "GET", "/v2/folders/"+folder.ID+"/videos", mirror.key, nil)).decode(t, &filed)
	require.Len(t, filed, 1, "filed in the folder param's folder")
	assert.Equal(t, copied["id"], filed[0]["id"])
	var deliveries []map[string]any
	mustOK(t, call(t, "GET", "/v2/hooks/"+hook.ID+"/deliveries", ownerOf(t), nil)).decode(t, &deliveries)
	require.Len(t, deliveries, 1)
	assert.Equal(t, "succeeded", deliveries[0]["status"])
	assert.Equal(t, original.ID, deliveries[0]["video"])
}

// testS3Action: an s3 service receives the video's outputs in the test S3
// server, under prefix/video_id/.
func testS3Action(t *testing.T, clip string) {
	acct := createTenant(t, "Hooks archive", "enterprise")
	target := blobtest.StartVersityGW(t)
	bucket, err := blob.Open(t.Context(), target) // creates the bucket
	require.NoError(t, err)
	var service struct {
		ID string `json:"id"`
	}
	mustOK(t, call(t, "POST", "/v2/services", acct.key, map[string]any{"name": "Archive", "type": "s3",
		"endpoint": "http://" + strings.TrimPrefix(target.Endpoint, "http://"), "region": target.Region, "bucket": target.Bucket, "prefix": "archive",
		"access_key_id": target.AccessKey, "secret_access_key": target.SecretKey})).decode(t, &service)
	var hook struct {
		ID string `json:"id"`
	}
	mustOK(t, call(t, "POST", "/v2/hooks", acct.key, map[string]any{"name": "Archive", "event": "video.created",
		"service": service.ID, "action": "videos.insert",
		"filters": []map[string]any{{"field": "tags", "operator": "==", "value": "archive"}},
		"params":  []map[string]any{{"field": "prefix", "value": "launches/2026"}}})).decode(t, &hook)
	var video struct {
		ID string `json:"id"`
	}
	mustOK(t, call(t, "POST", "/v2/videos", acct.key, map[string]any{"name": "Archived", "input": clip, "tags": []string{"archive"}})).decode(t, &video)
	var d map[string]any
	for deadline := time.Now().Add(2 * time.Minute); time.Now().Before(deadline); time.Sleep(250 * time.Millisecond) {
		var list []map[string]any
		mustOK(t, call(t, "GET", "/v2/hooks/"+hook.ID+"/deliveries", acct.key, nil)).decode(t, &list)
		if len(list) == 1 && list[0]["status"] != "waiting" && list[0]["status"] != "pending" {
			d = list[0]
			break
		}
	}
	require.NotNil(t, d, "the delivery did not end")
	require.Equal(t, "succeeded", d["status"], "%v", d)

	var copied []string
	for info, err := range bucket.List(t.Context(), "launches/2026/"+video.ID+"/") {
		require.NoError(t, err)
		copied = append(copied, strings.TrimPrefix(info.Key, "launches/2026/"+video.ID+"/"))
	}
	var source []string
	local, err := blob.Open(t.Context(), suiteOf(t).Blob().Config())
	require.NoError(t, err)
	prefix, err := blob.VideoPrefix(acct.id, video.ID)
	require.NoError(t, err)
	for info, err := range local.List(t.Context(), prefix) {
		require.NoError(t, err)
		source = append(source, strings.TrimPrefix(info.Key, prefix))
	}
	require.NotEmpty(t, source)
	assert.ElementsMatch(t, source, copied, "every file of the video, under prefix/video_id/")
	assert.True(t, slices.ContainsFunc(copied, func(k string) bool { return strings.HasPrefix(k, "mp4/") }), "an MP4: %v", copied)
	assert.True(t, slices.ContainsFunc(copied, func(k string) bool { return strings.HasSuffix(k, ".m3u8") }), "HLS: %v", copied)
	assert.True(t, slices.ContainsFunc(copied, func(k string) bool { return strings.HasSuffix(k, ".mpd") }), "DASH: %v", copied)
}

// hookReceiver is a webhook endpoint on this machine that verifies every
// delivery with the Standard Webhooks library.
type hookReceiver struct {
	*httptest.Server
	secret string
	got    chan map[string]any
}

func newHookReceiver(t *testing.T) *hookReceiver {
	r := &hookReceiver{got: make(chan map[string]any, 16)}
	r.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		body, _ := io.ReadAll(req.Body)
		verifier, err := standardwebhooks.NewWebhook(r.secret)
		if err == nil {
			err = verifier.Verify(body, req.Header)
		}
		if err != nil {
			http.Error(w, err.Error(), http.StatusUnauthorized)
			return
		}
		var payload map[string]any
		_ = json.Unmarshal(body, &payload)
		payload["webhook-id"] = req.Header.Get("webhook-id")
		r.got <- payload
	}))
	t.Cleanup(r.Close)
	return r
}

// hook creates a webhook service to r and a hook with filters on it, and
// returns the hook's id.
func (r *hookReceiver) hook(t *testing.T, key string, filters []map[string]any) string {
	t.Helper()
	var service struct {
		ID     string `json:"id"`
		Secret string `json:"secret"`
	}
	mustOK(t, call(t, "POST", "/v2/services", key, map[string]any{"name": "Local", "type": "webhook", "url": r.URL})).decode(t, &service)
	r.secret = service.Secret
	var hook struct {
		ID string `json:"id"`
	}
	mustOK(t, call(t, "POST", "/v2/hooks", key, map[string]any{"name": "Launches", "event": "video.created",
		"service": service.ID, "action": "videos.insert", "filters": filters})).decode(t, &hook)
	return hook.ID
}
