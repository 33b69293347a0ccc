package e2e

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/cmd/vidhost/cli"
	"github.com/vidhost/vidhost/pkg/gobuild"
	vidhost "github.com/vidhost/vidhost/sdk/go"
)

// TestNewcomerUploadsAVideo is the first hour of a developer, twice: with the
// Go SDK (an upload interrupted halfway resumes, the video becomes ready)
// and with the CLI built from cmd/vidhost (`vidhost login`, then `vidhost
// upload clip.mp4 --wait` ends with the watch URL, drawing progress only
// on a terminal; an interrupted `vidhost upload` resumes when run again). One suite with a
// transcode worker; about 25 s on two cores (the suite, three transcodes of
// a 4 s clip, and the CLI's build, 2 s with a warm cache). The clip is 360p:
// nothing here depends on the ladder, and 720p's four rungs cost three times
// the encoding.
func TestNewcomerUploadsAVideo(t *testing.T) {
	t.Parallel() // on a suite of its own (suites_test.go)
	clip := makeClip(t, 640, 360, 4)
	cli := buildCLI(t)
	s := newSuite(t, 1)
	t.Run("sdk", func(t *testing.T) { sdkUploadResumesAndPlays(t, s.URL, s.Credentials.APIKey, clip) })
	t.Run("cli", func(t *testing.T) { cliLoginUploadWait(t, cli, s.URL, s.Credentials.APIKey, clip) })
	t.Run("cli resumes", func(t *testing.T) { cliUploadResumes(t, s.URL, s.Credentials.APIKey, clip) })
}

// cliUploadResumes runs `vidhost upload` in-process twice: the first run's
// network gives out after two whole chunks, the second run goes on from there.
func cliUploadResumes(t *testing.T, baseURL, key, clip string) {
	info, err := os.Stat(clip)
	require.NoError(t, err)
	chunk := strconv.FormatInt(info.Size()/4+1, 10)
	environ := map[string]string{"VIDHOST_URL": baseURL, "VIDHOST_API_KEY": key}
	env := cli.Env{Getenv: func(k string) string { return environ[k] }, Dir: t.TempDir(),
		ConfigDir: t.TempDir(), CacheDir: t.TempDir(), Stdin: strings.NewReader("")}
	upload := func(env cli.Env) (int, string, string) {
		var stdout, stderr bytes.Buffer
		code := cli.Run(t.Context(), []string{"upload", clip, "--chunk-size", chunk, "--json"}, env, &stdout, &stderr)
		return code, stdout.String(), stderr.String()
	}

	cut := env
	cut.HTTPClient = &http.Client{Transport: &cutAfterPatches{allowed: 2, next: http.DefaultTransport}}
	code, stdout, stderr := upload(cut)
	require.Equal(t, 1, code, "stdout %s, stderr %s", stdout, stderr)
	assert.Contains(t, stdout, "run the same command again to resume")

	code, stdout, stderr = upload(env)
	require.Equal(t, 0, code, "stdout %s, stderr %s", stdout, stderr)
	var got struct {
		Uploads []struct {
			Resumed bool   `json:"resumed"`
			VideoID string `json:"video_id"`
		} `json:"uploads"`
	}
	require.NoError(t, json.Unmarshal([]byte(stdout), &got), stdout)
	require.Len(t, got.Uploads, 1)
	assert.True(t, got.Uploads[0].Resumed, "the second run kept the first run's two chunks")
	video, err := vidhost.New(baseURL, key).Videos.Wait(t.Context(), got.Uploads[0].VideoID, nil)
	require.NoError(t, err)
	assert.InDelta(t, 4, video.Duration, 0.5, "the resumed file is whole")
}

// cutAfterPatches lets a number of tus PATCHes through, then answers the
// rest itself with a refusal, as a network that gave out for good would
// leave the client: deterministically after whole chunks.
type cutAfterPatches struct {
	allowed int
	next    http.RoundTripper
}

func (c *cutAfterPatches) RoundTrip(req *http.Request) (*http.Response, error) {
	if req.Method != http.MethodPatch {
		return c.next.RoundTrip(req)
	}
	if c.allowed > 0 {
		c.allowed--
		return c.next.RoundTrip(req)
	}
	if req.Body != nil {
		_ = req.Body.Close()
	}
	return &http.Response{StatusCode: http.StatusForbidden, Status: "403 Forbidden", Header: http.Header{},
		Body: io.NopCloser(strings.NewReader("cut")), Request: req}, nil
}

// TestSourcingDevstackEnvReachesPrograms checks the README's promise: after
// `source var/devstack.env`, programs the shell starts (bin/vidhost) see
// VIDHOST_URL and VIDHOST_API_KEY.
func TestSourcingDevstackEnvReachesPrograms(t *testing.T) {
	path, err := suiteOf(t).WriteEnvFile()
	require.NoError(t, err)
	out, err := exec.CommandContext(t.Context(), "bash", "-c", `source "$1" && exec env`, "bash", path).Output()
	require.NoError(t, err)
	environ := strings.Split(string(out), "\n")
	assert.Contains(t, environ, "VIDHOST_URL="+suiteOf(t).URL)
	assert.Contains(t, environ, "VIDHOST_API_KEY="+suiteOf(t).Credentials.APIKey)
}

// sdkUploadResumesAndPlays cuts the first transfer off partway (the file
// "fails" to read), then sends it again with the saved tus URL: the server
// kept what arrived, and the video made from it plays in full.
func sdkUploadResumesAndPlays(t *testing.T, baseURL, key, clip string) {
	ctx := t.Context()
	data, err := os.ReadFile(clip)
	require.NoError(t, err)
	quarter := int64(len(data) / 4)
	// Quarter chunks, and no retry so that the cut sticks: two whole PATCHes
	// arrive, the third fails partway.
	client := vidhost.New(baseURL, key, vidhost.WithRetryPolicy(vidhost.RetryPolicy{}), vidhost.WithUploadChunkSize(quarter))

	var saved vidhost.TusUpload
	_, err = client.Uploads.Send(ctx, vidhost.UploadParams{
		Name: "clip.mp4", Size: int64(len(data)), Body: failingAfter{data: data, at: 2*quarter + quarter/2},
		OnCreate: func(u vidhost.TusUpload) { saved = u },
	})
	require.ErrorIs(t, err, errDiskUnplugged)
	require.NotEmpty(t, saved.URL)
	require.NotEmpty(t, saved.ID)

	client = vidhost.New(baseURL, key)
	var reports []int64
	up, err := client.Uploads.Send(ctx, vidhost.UploadParams{
		Name: "clip.mp4", Size: int64(len(data)), Body: bytes.NewReader(data), Resume: &saved,
		Progress: func(sent, _ int64) { reports = append(reports, sent) },
	})
	require.NoError(t, err)
	assert.True(t, up.Resumed, "the server kept the bytes of the first attempt")
	assert.Equal(t, saved.ID, up.ID)
	require.NotEmpty(t, reports)
	assert.GreaterOrEqual(t, reports[0], 2*quarter, "the second attempt starts after what the server kept")
	assert.Equal(t, int64(len(data)), reports[len(reports)-1])

	video, err := client.Videos.Create(ctx, vidhost.VideoCreate{Name: "Resumed", Input: up.Reference()})
	require.NoError(t, err)
	video, err = client.Videos.Wait(ctx, video.ID, nil)
	require.NoError(t, err)
	assert.InDelta(t, 4, video.Duration, 0.5, "every byte arrived in order")
	assertWatchPage(t, client.WatchURL(video.ID))

	_, err = client.Videos.Get(ctx, "no-such-video")
	var apiErr *vidhost.Error
	require.ErrorAs(t, err, &apiErr)
	assert.Equal(t, 404, apiErr.Status)
	assert.Equal(t, "not_found", apiErr.Code)
}

// errDiskUnplugged is what failingAfter's reads return past its point.
var errDiskUnplugged = errors.New("disk unplugged")

// failingAfter reads data until offset at, then fails.
type failingAfter struct {
	data []byte
	at   int64
}

func (f failingAfter) ReadAt(p []byte, off int64) (int, error) {
	if off >= f.at {
		return 0, errDiskUnplugged
	}
	n := copy(p, f.data[off:f.at])
	return n, nil
}

// cliLoginUploadWait runs the built CLI as a newcomer would, in a home of
// its own with nothing in the environment but PATH.
func cliLoginUploadWait(t *testing.T, cli, baseURL, key, clip string) {
	home := t.TempDir()
	environ := []string{"PATH=" + os.Getenv("PATH"), "HOME=" + home,
		"XDG_CONFIG_HOME=" + filepath.Join(home, "config"), "XDG_CACHE_HOME=" + filepath.Join(home, "cache")}
	run := func(args ...string) (string, string) {
		t.Helper()
		cmd := exec.CommandContext(t.Context(), cli, args...)
		cmd.Dir = t.TempDir() // no var/devstack.env to fall back on
		cmd.Env = environ
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		require.NoError(t, cmd.Run(), "vidhost %s\nstdout: %s\nstderr: %s", strings.Join(args, " "), &stdout, &stderr)
		return stdout.String(), stderr.String()
	}

	out, _ := run("login", "--url", baseURL, "--key", key)
	assert.Contains(t, out, "logged in to "+baseURL)
	info, err := os.Stat(filepath.Join(home, "config", "vidhost", "config.json"))
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0o600), info.Mode().Perm(), "the file holds a key")

	out, progress := run("upload", clip, "--wait")
	t.Logf("vidhost upload %s --wait:\n%s%s", filepath.Base(clip), progress, out)
	assert.Empty(t, progress, "stderr is a pipe: no progress bar is drawn into it")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	last := lines[len(lines)-1]
	require.Contains(t, last, " is ready: "+baseURL+"/watch/", out)
	watchURL := last[strings.LastIndex(last, " ")+1:]
	assertWatchPage(t, watchURL)
	videoID := watchURL[strings.LastIndex(watchURL, "/")+1:]

	out, _ = run("videos", "get", videoID, "--json")
	var got struct {
		Status   string `json:"status"`
		WatchURL string `json:"watch_url"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &got), out)
	assert.Equal(t, "ready", got.Status)
	assert.Equal(t, watchURL, got.WatchURL)

	onATerminal := exec.CommandContext(t.Context(), "script", "--quiet", "--return", "--command",
		shellQuote(cli)+" upload --no-video "+shellQuote(clip), "/dev/null") // script(1) gives the CLI a terminal
	onATerminal.Dir, onATerminal.Env = t.TempDir(), environ
	drawn, err := onATerminal.CombinedOutput()
	require.NoError(t, err, "%s", drawn)
	assert.Contains(t, string(drawn), "100%", "a progress bar on a terminal: %q", drawn)
	assert.Contains(t, string(drawn), ": uploaded as svc://uploads/", "%q", drawn)

	out, _ = run("videos", "ls", "--json")
	assert.Contains(t, out, `"id":"`+videoID+`"`)
	entries, err := os.ReadDir(filepath.Join(home, "cache", "vidhost", "uploads"))
	require.NoError(t, err)
	assert.Empty(t, entries, "a finished upload leaves nothing to resume")
}

// assertWatchPage checks the watch page answers and names the video's player.
func assertWatchPage(t *testing.T, url string) {
	t.Helper()
	resp, err := http.Get(url) //nolint:gosec // the suite's own URL
	require.NoError(t, err)
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	assert.Equal(t, http.StatusOK, resp.StatusCode, "%s: %s", url, body)
}

// shellQuote quotes s for sh: script(1) runs its command through the shell.
func shellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// buildCLI builds cmd/vidhost as `make build` does (pkg/gobuild: linked
// again only when its sources changed).
func buildCLI(t *testing.T) string {
	t.Helper()
	start := time.Now()
	dir, err := gobuild.Build(t.Context(), gobuild.Options{}, "github.com/vidhost/vidhost/cmd/vidhost")
	require.NoError(t, err)
	t.Logf("built the CLI in %s", time.Since(start).Round(time.Millisecond))
	return filepath.Join(dir, "vidhost")
}
