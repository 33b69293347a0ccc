package singlenode_test

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/deploy/single-node/singlenodetest"
)

// TestSingleServerOverACME is docs/single-node.md on this machine:
// install into a temporary prefix, init, run with HTTPS from pebble, upload
// a video with the CLI over HTTPS until ready, create a key, a player and a
// hook, stop with SIGTERM, start again without migrating twice, and refuse
// a misspelt key. About a minute.
func TestSingleServerOverACME(t *testing.T) {
	in := singlenodetest.Setup(t)
	server := in.Start(t)
	key := in.OwnerAPIKey(t)
	cli := func(args ...string) []byte {
		cmd := in.Command("vidhost", append(args, "--json")...)
		cmd.Env = append(cmd.Env, "VIDHOST_URL="+in.URL, "VIDHOST_API_KEY="+key, "HOME="+t.TempDir(), "XDG_CONFIG_HOME=", "XDG_CACHE_HOME=")
		out, err := cmd.Output()
		require.NoError(t, err, "vidhost %v: %s", args, out)
		return out
	}

	var uploaded struct {
		Uploads []struct{ VideoID, Status string } `json:"uploads"`
	}
	require.NoError(t, json.Unmarshal(cli("upload", clip(t), "--wait"), &uploaded))
	require.Len(t, uploaded.Uploads, 1)
	assert.Equal(t, "ready", uploaded.Uploads[0].Status)
	assert.Contains(t, string(cli("keys", "create", "--name", "ci")), `"id"`)
	assert.Contains(t, string(cli("players", "create", "--name", "Main")), `"id"`)
	createHook(t, in, key)
	accounts := adminAccounts(t, in)
	assert.Contains(t, accounts, "1 account(s)", "vidhost admin --config reaches the server")

	migrations := appliedMigrations(t, in.DatabaseURL)
	took, err := server.Stop(t, 90*time.Second)
	require.NoError(t, err, "SIGTERM stops the server cleanly")
	t.Logf("stopped %s after SIGTERM", took)
	server = in.Start(t)
	assert.Equal(t, migrations, appliedMigrations(t, in.DatabaseURL), "a restart applies no migration again")
	_, err = server.Stop(t, 90*time.Second)
	require.NoError(t, err)

	f, err := os.OpenFile(in.ConfigPath, os.O_APPEND|os.O_WRONLY, 0)
	require.NoError(t, err)
	_, err = f.WriteString("VIDHOST_SMPT_HOST=mail.example.com\n")
	require.NoError(t, err)
	require.NoError(t, f.Close())
	out, err := in.Command("vidhost-server", "run", "--config", in.ConfigPath).CombinedOutput()
	require.Error(t, err)
	assert.Contains(t, string(out), "sets VIDHOST_SMPT_HOST, which no part of Vidhost reads: is it misspelt?")
}

// createHook creates a webhook service and a hook on it over HTTPS.
func createHook(t *testing.T, in *singlenodetest.Installation, key string) {
	client := singlenodetest.HTTPClient(t, in.Pebble.CABundle)
	post := func(path string, body map[string]any) map[string]any {
		raw, err := json.Marshal(body)
		require.NoError(t, err)
		req, err := http.NewRequest(http.MethodPost, in.URL+path, bytes.NewReader(raw))
		require.NoError(t, err)
		req.Header.Set("Authorization", "Bearer "+key)
		req.Header.Set("Content-Type", "application/json")
		resp, err := client.Do(req)
		require.NoError(t, err)
		defer resp.Body.Close()
		var got struct {
			Result map[string]any
			Errors any
		}
		require.NoError(t, json.NewDecoder(resp.Body).Decode(&got))
		require.Less(t, resp.StatusCode, 300, "POST %s: %v", path, got.Errors)
		return got.Result
	}
	service := post("/v2/services", map[string]any{"name": "Receiver", "type": "webhook", "url": "https://hooks.example.com/vidhost"})
	hook := post("/v2/hooks", map[string]any{"name": "to receiver", "event": "video.created", "service": service["id"], "action": "videos.insert"})
	assert.NotEmpty(t, hook["id"])
}

func adminAccounts(t *testing.T, in *singlenodetest.Installation) string {
	out, err := in.Command("vidhost", "admin", "--config", in.ConfigPath, "accounts", "list").CombinedOutput()
	require.NoError(t, err, "%s", out)
	return string(out)
}

// clip makes a two-second video with sound.
func clip(t *testing.T) string {
	path := filepath.Join(t.TempDir(), "clip.mp4")
	out, err := exec.Command("ffmpeg", "-v", "error", "-f", "lavfi", "-i", "testsrc=duration=2:size=320x240:rate=25",
		"-f", "lavfi", "-i", "sine=duration=2", "-c:v", "libx264", "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest", path).CombinedOutput()
	require.NoError(t, err, "%s", out)
	return path
}

// appliedMigrations counts the migration rows of every service's schema.
func appliedMigrations(t *testing.T, databaseURL string) map[string]int {
	conn, err := pgx.Connect(context.Background(), databaseURL)
	require.NoError(t, err)
	defer conn.Close(context.Background())
	counts := map[string]int{}
	for _, schema := range []string{"identity", "catalog", "upload", "hooks", "analytics", "gateway"} {
		var n int
		require.NoError(t, conn.QueryRow(context.Background(), "SELECT count(*) FROM "+schema+".goose_db_version").Scan(&n))
		counts[schema] = n
	}
	return counts
}
