package e2e

import (
	"bytes"
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/cmd/vidhost/cli"
)

// vidhostAs runs the developer's `vidhost args…` in-process against the
// suite with key, as VIDHOST_URL and VIDHOST_API_KEY would, and returns
// its exit code and output.
func vidhostAs(t *testing.T, key string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	return vidhostFed(t, key, "", args...)
}

// vidhostFed is vidhostAs with stdin as the command's standard input.
func vidhostFed(t *testing.T, key, stdin string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	environ := map[string]string{"VIDHOST_URL": suiteOf(t).URL, "VIDHOST_API_KEY": key}
	env := cli.Env{Getenv: func(k string) string { return environ[k] }, Dir: t.TempDir(), ConfigDir: t.TempDir(), CacheDir: t.TempDir(),
		Stdin: strings.NewReader(stdin)}
	var out, errOut bytes.Buffer
	code = cli.Run(t.Context(), args, env, &out, &errOut)
	return code, out.String(), errOut.String()
}

// getStreamKey reads the owner's event's stream key through the API.
func getStreamKey(t *testing.T, id string) streamKey {
	t.Helper()
	var key streamKey
	mustOK(t, call(t, "GET", "/v2/videos/"+id+"/stream_key", ownerOf(t), nil)).decode(t, &key)
	return key
}

// cliEvent is what `vidhost live create --json` prints.
type cliEvent struct {
	ID           string    `json:"id"`
	Type         string    `json:"type"`
	Status       string    `json:"status"`
	Input        string    `json:"input"`
	StreamKey    streamKey `json:"stream_key"`
	DashboardURL string    `json:"dashboard_url"`
}

// TestLiveCommands: `vidhost live create | ls | key | rotate-key |
// revoke-key | restreams` through the gateway, checked against the API: the new
// event's ingest URLs and key, the list of events only, a rotation that
// replaces the key, a revocation, and a vod's key refused in the API's words.
func TestLiveCommands(t *testing.T) {
	code, out, errOut := vidhostAs(t, ownerOf(t), "live", "create", "--name", "CLI launch", "--json")
	require.Equal(t, 0, code, errOut)
	var event cliEvent
	require.NoError(t, json.Unmarshal([]byte(out), &event), out)
	assert.Equal(t, "event", event.Type)
	assert.Equal(t, "preparing", event.Status)
	assert.Equal(t, getStreamKey(t, event.ID), event.StreamKey, "the stream key as the API shows it")
	assert.Equal(t, suiteOf(t).LiveRTMPURL+"/"+event.StreamKey.Key, event.StreamKey.RTMPURL)
	assert.Equal(t, event.Input, event.StreamKey.RTMPURL)
	assert.Equal(t, suiteOf(t).URL+"/live/"+event.ID, event.DashboardURL)
	vod := createVideo(t, map[string]any{"name": uniqueWord(t, "vod")})

	code, out, _ = vidhostAs(t, ownerOf(t), "live", "ls", "--json")
	require.Equal(t, 0, code)
	var listed struct{ Items []liveEvent }
	require.NoError(t, json.Unmarshal([]byte(out), &listed), out)
	require.NotEmpty(t, listed.Items)
	assert.Equal(t, event.ID, listed.Items[0].ID, "newest first")
	assert.NotContains(t, out, vod.ID, "events only")

	code, out, _ = vidhostAs(t, ownerOf(t), "live", "key", event.ID)
	require.Equal(t, 0, code)
	assert.Contains(t, out, event.StreamKey.Key)
	assert.Contains(t, out, "Server "+suiteOf(t).LiveRTMPURL+",", "OBS's settings")

	code, out, _ = vidhostAs(t, ownerOf(t), "live", "rotate-key", event.ID, "--json")
	require.Equal(t, 0, code)
	var rotated streamKey
	require.NoError(t, json.Unmarshal([]byte(out), &rotated), out)
	assert.NotEqual(t, event.StreamKey.Key, rotated.Key)
	assert.Equal(t, getStreamKey(t, event.ID), rotated, "the API has the new key")

	code, out, _ = vidhostAs(t, ownerOf(t), "live", "revoke-key", event.ID)
	require.Equal(t, 0, code)
	assert.Contains(t, out, "(revoked: run 'vidhost live rotate-key "+event.ID+"'")
	assert.True(t, getStreamKey(t, event.ID).Revoked)

	code, _, errOut = vidhostAs(t, ownerOf(t), "live", "key", vod.ID)
	assert.Equal(t, 1, code)
	assert.Contains(t, errOut, "vidhost: Not found", "a vod has no stream key")
	mustFail(t, call(t, "GET", "/v2/videos?type=live", ownerOf(t), nil), http.StatusBadRequest, `type must be "vod", "event" or empty`)

	// A read-only key sees the key redacted (docs/live.md#stream-keys).
	var readOnly struct{ Value string }
	mustOK(t, call(t, "POST", "/v2/keys", ownerOf(t), map[string]any{"type": "api", "name": uniqueWord(t, "ro"), "permissions": []string{"fetch"}})).decode(t, &readOnly)
	code, out, _ = vidhostAs(t, readOnly.Value, "live", "key", event.ID)
	require.Equal(t, 0, code)
	assert.Contains(t, out, "[redacted]")
	assert.NotContains(t, out, rotated.Key)

	restreamCommands(t, event.ID)
}

// restreamCommands: `vidhost live restreams add | ls | disable | rm` on an
// event, the key read from standard input and shown nowhere.
func restreamCommands(t *testing.T, eventID string) {
	t.Helper()
	const key = "live_cli_secret_key"
	code, out, errOut := vidhostFed(t, ownerOf(t), key+"\n", "live", "restreams", "add", eventID, "--name", "Twitch",
		"--url", "rtmp://live.twitch.tv/app", "--key-stdin", "--json")
	require.Equal(t, 0, code, errOut)
	var added restream
	require.NoError(t, json.Unmarshal([]byte(out), &added), out)
	assert.True(t, added.StreamKeySet)
	assert.NotContains(t, out, key)

	code, out, _ = vidhostAs(t, ownerOf(t), "live", "restreams", "ls", eventID)
	require.Equal(t, 0, code)
	assert.Contains(t, out, added.ID+"  Twitch  rtmp://live.twitch.tv/app  set  idle")

	code, out, _ = vidhostAs(t, ownerOf(t), "live", "restreams", "disable", eventID, added.ID)
	require.Equal(t, 0, code)
	assert.Contains(t, out, ": paused")

	code, _, errOut = vidhostAs(t, ownerOf(t), "live", "restreams", "add", eventID, "--name", "Mine", "--url", "rtmp://10.0.0.5/live")
	assert.Equal(t, 1, code)
	assert.Contains(t, errOut, "url must not point at a private, loopback or link-local address")

	code, _, _ = vidhostAs(t, ownerOf(t), "live", "restreams", "rm", eventID, added.ID)
	require.Equal(t, 0, code)
	mustFail(t, call(t, "GET", "/v2/videos/"+eventID+"/restreams/"+added.ID, ownerOf(t), nil), http.StatusNotFound, "Not found")
}
