package singlenode_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
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

// TestSingleServerOverACME is docs/single-node.md and docs/backup.md on this
// machine: install into a temporary prefix, init, run with HTTPS from
// pebble, upload a video with the CLI over HTTPS until ready, create a key,
// a player and a hook; back up while a second upload transcodes; stop with
// SIGTERM, start again without migrating twice; lose the data directory and
// the database, restore, start: the same ids, the first video plays, the
// key works, the second video is transcoded again to ready. Last, refuse a
// misspelt key. A few minutes.
func TestSingleServerOverACME(t *testing.T) {
	in := singlenodetest.Setup(t)
	server := in.Start(t)
	key := in.OwnerAPIKey(t)
	api := newAPIClient(t, in, key)
	cli := func(args ...string) []byte {
		cmd := in.Command("vidhost", append(args, "--json")...)
		cmd.Env = append(cmd.Env, "VIDHOST_URL="+in.URL, "VIDHOST_API_KEY="+key, "HOME="+t.TempDir(), "XDG_CONFIG_HOME=", "XDG_CACHE_HOME=")
		out, err := cmd.Output()
		require.NoError(t, err, "vidhost %v: %s", args, out)
		return out
	}

	first := uploadedVideo(t, cli("upload", clip(t, 2, "320x240"), "--wait"))
	assert.Equal(t, "ready", first.Status)
	assert.Contains(t, string(cli("keys", "create", "--name", "ci")), `"id"`)
	assert.Contains(t, string(cli("players", "create", "--name", "Main")), `"id"`)
	hook := createHook(t, in, key)
	accounts := adminAccounts(t, in)
	assert.Contains(t, accounts, "1 account(s)", "vidhost admin --config reaches the server")

	second := uploadedVideo(t, cli("upload", clip(t, 90, "640x360")))
	require.Eventually(t, func() bool { return api.videoStatus(t, second.VideoID) == "processing" }, time.Minute, 100*time.Millisecond)
	// The hook (on video.created) delivers the second video's event: one
	// delivery, which the restore must neither lose nor repeat although it
	// publishes the event again.
	require.Eventually(t, func() bool { return len(api.deliveries(t, hook)) == 1 }, time.Minute, 100*time.Millisecond)
	before := api.inventory(t)
	backupDir := t.TempDir()
	out, err := in.Command("vidhost", "admin", "backup", "--to", backupDir, "--config", in.ConfigPath).CombinedOutput()
	require.NoError(t, err, "vidhost admin backup: %s", out)

	migrations := appliedMigrations(t, in.DatabaseURL)
	took, err := server.Stop(t, 90*time.Second)
	require.NoError(t, err, "SIGTERM stops the server cleanly")
	t.Logf("stopped %s after SIGTERM", took)
	server = in.Start(t)
	assert.Equal(t, migrations, appliedMigrations(t, in.DatabaseURL), "a restart applies no migration again")
	_, err = server.Stop(t, 90*time.Second)
	require.NoError(t, err)

	restore(t, in, backupDir)
	assert.Equal(t, "processing", videoStatusInDatabase(t, in.DatabaseURL, second.VideoID),
		"the backup caught the second video mid-transcode")
	server = in.Start(t)
	assert.Equal(t, before, api.inventory(t), "the restore brought back every resource, once")
	api.requirePlays(t, first.VideoID)
	require.Eventually(t, func() bool { return api.videoStatus(t, second.VideoID) == "ready" }, 3*time.Minute, time.Second,
		"the transcode that was running at the backup runs again after the restore")
	api.requirePlays(t, second.VideoID)
	assert.Equal(t, before, api.inventory(t), "re-running the transcode duplicated nothing")
	_, err = server.Stop(t, 90*time.Second)
	require.NoError(t, err)

	f, err := os.OpenFile(in.ConfigPath, os.O_APPEND|os.O_WRONLY, 0)
	require.NoError(t, err)
	_, err = f.WriteString("VIDHOST_SMPT_HOST=mail.example.com\n")
	require.NoError(t, err)
	require.NoError(t, f.Close())
	out, err = in.Command("vidhost-server", "run", "--config", in.ConfigPath).CombinedOutput()
	require.Error(t, err)
	assert.Contains(t, string(out), "sets VIDHOST_SMPT_HOST, which no part of Vidhost reads: is it misspelt?")
}

// upload is one line of `vidhost upload --json`.
type upload struct {
	VideoID string `json:"video_id"`
	Status  string `json:"status"`
}

func uploadedVideo(t *testing.T, out []byte) upload {
	var uploaded struct {
		Uploads []upload `json:"uploads"`
	}
	require.NoError(t, json.Unmarshal(out, &uploaded), "%s", out)
	require.Len(t, uploaded.Uploads, 1)
	require.NotEmpty(t, uploaded.Uploads[0].VideoID)
	return uploaded.Uploads[0]
}

// restore is what docs/backup.md has the operator do after losing the
// disk: an empty database on the same cluster, no data directory, then
// `vidhost admin restore`.
func restore(t *testing.T, in *singlenodetest.Installation, backupDir string) {
	in.DropDatabase(t)
	require.NoError(t, os.RemoveAll(in.DataDir))
	out, err := in.Command("vidhost", "admin", "restore", "--from", backupDir, "--config", in.ConfigPath).CombinedOutput()
	require.NoError(t, err, "vidhost admin restore: %s", out)
}

// videoStatusInDatabase reads a video's status from the restored database,
// before any service runs.
func videoStatusInDatabase(t *testing.T, databaseURL, id string) string {
	conn, err := pgx.Connect(context.Background(), databaseURL)
	require.NoError(t, err)
	defer conn.Close(context.Background())
	var status string
	require.NoError(t, conn.QueryRow(context.Background(), "SELECT status FROM catalog.videos WHERE id = $1", id).Scan(&status))
	return status
}

// createHook creates a webhook service and a hook on it over HTTPS and
// returns the hook's id.
func createHook(t *testing.T, in *singlenodetest.Installation, key string) string {
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
	id, _ := hook["id"].(string)
	require.NotEmpty(t, id)
	return id
}

func adminAccounts(t *testing.T, in *singlenodetest.Installation) string {
	out, err := in.Command("vidhost", "admin", "--config", in.ConfigPath, "accounts", "list").CombinedOutput()
	require.NoError(t, err, "%s", out)
	return string(out)
}

// clip makes a video with sound of the given length in seconds and size.
func clip(t *testing.T, seconds int, size string) string {
	path := filepath.Join(t.TempDir(), "clip.mp4")
	out, err := exec.Command("ffmpeg", "-v", "error", "-f", "lavfi", "-i", fmt.Sprintf("testsrc=duration=%d:size=%s:rate=25", seconds, size),
		"-f", "lavfi", "-i", fmt.Sprintf("sine=duration=%d", seconds), "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p",
		"-c:a", "aac", "-shortest", path).CombinedOutput()
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
