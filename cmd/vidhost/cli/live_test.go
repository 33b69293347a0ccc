package cli

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// fakeLiveAPI answers the calls of `vidhost live` like /v2 does, and
// records them; deploy/devstack/e2e/live_cli_test.go runs the commands
// against the real stack.
func fakeLiveAPI(t *testing.T) (*httptest.Server, *[]string) {
	var seen []string
	key := map[string]any{"video_id": "ev1", "key": "vhlive_abc", "rtmp_url": "rtmp://live.example:1935/live/vhlive_abc",
		"srt_url": "srt://live.example:8890?streamid=publish:vhlive_abc", "revoked": false}
	event := map[string]any{"id": "ev1", "type": "event", "name": "Launch", "status": "preparing", "privacy": "unlisted"}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		seen = append(seen, r.Method+" "+r.URL.RequestURI())
		var result any = key
		switch {
		case r.URL.Path == "/v2/videos" && r.Method == http.MethodPost:
			result = event
		case r.URL.Path == "/v2/videos":
			result = []any{event}
		case r.Method == http.MethodDelete:
			key["revoked"], result = true, map[string]any{}
		}
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(map[string]any{"success": true, "result": result, "links": map[string]string{}})
	}))
	t.Cleanup(srv.Close)
	return srv, &seen
}

func TestLiveCommandsCallTheAPIAndPrintWhereToPublish(t *testing.T) {
	srv, seen := fakeLiveAPI(t)
	env := isolated(t, map[string]string{"VIDHOST_URL": srv.URL, "VIDHOST_API_KEY": "vh_test"})

	code, stdout, stderr := run(t, env, "live", "create", "--name", "Launch", "--json")
	require.Equal(t, exitOK, code, stderr)
	var created struct {
		ID           string               `json:"id"`
		StreamKey    struct{ Key string } `json:"stream_key"`
		DashboardURL string               `json:"dashboard_url"`
	}
	require.NoError(t, json.Unmarshal([]byte(stdout), &created), stdout)
	assert.Equal(t, "vhlive_abc", created.StreamKey.Key)
	assert.Equal(t, srv.URL+"/live/ev1", created.DashboardURL)

	code, stdout, _ = run(t, env, "live", "key", "ev1")
	require.Equal(t, exitOK, code)
	assert.Equal(t, "stream key of ev1\n"+
		"  key        vhlive_abc\n"+
		"  rtmp       rtmp://live.example:1935/live/vhlive_abc\n"+
		"  srt        srt://live.example:8890?streamid=publish:vhlive_abc\n"+
		"  OBS        Server rtmp://live.example:1935/live, Stream Key the key; keyframe interval 2 s\n", stdout)

	code, stdout, _ = run(t, env, "live", "ls")
	require.Equal(t, exitOK, code)
	assert.Contains(t, stdout, "ev1  Launch  preparing")
	code, _, _ = run(t, env, "live", "rotate-key", "ev1")
	require.Equal(t, exitOK, code)
	code, stdout, _ = run(t, env, "live", "revoke-key", "ev1")
	require.Equal(t, exitOK, code)
	assert.Contains(t, stdout, "(revoked: run 'vidhost live rotate-key ev1' to go live again)")

	assert.Equal(t, []string{
		"POST /v2/videos", "GET /v2/videos/ev1/stream_key",
		"GET /v2/videos/ev1/stream_key",
		"GET /v2/videos?sort=-created_time&type=event",
		"POST /v2/videos/ev1/stream_key",
		"DELETE /v2/videos/ev1/stream_key", "GET /v2/videos/ev1/stream_key",
	}, *seen)
}

func TestLiveUsageMistakes(t *testing.T) {
	env := isolated(t, nil)
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"create without a name", []string{"live", "create"}, `required flag(s) "name" not set`},
		{"key without an event", []string{"live", "key"}, "expects 1 argument(s): EVENT_ID"},
		{"unknown command", []string{"live", "start"}, `unknown command "start" for "vidhost live"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, stdout, stderr := run(t, env, tc.args...)
			assert.Equal(t, exitUsage, code)
			assert.Empty(t, stdout)
			assert.Contains(t, stderr, tc.want)
		})
	}
}

func TestOBSServerIsTheRTMPURLWithoutTheKey(t *testing.T) {
	assert.Equal(t, "rtmp://h:1935/live", obsServer("rtmp://h:1935/live/vhlive_x"))
	assert.Equal(t, "rtmp://h", obsServer("rtmp://h"), "no key to drop")
}
