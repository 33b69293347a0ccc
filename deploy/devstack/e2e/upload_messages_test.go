package e2e

import (
	"context"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/gateway/web/browsertest"
)

// TestUploadsSayHowTheyEnded is issue 28's human messages on the dashboard's
// upload screen, in headless Chromium on a suite with a worker. Three files
// are dropped at once: a WebM (VP9 and Opus, as browsers record) becomes a
// ready video; a 0-byte file is refused with "This file is empty." and no
// Retry; a text file named .mp4 is sent, and its video ends with "The file
// is not a video we can read.", on the upload screen and the video's page.
// Through the API, names with the extensions people upload are accepted
// (the worker reads the content) and a 0-byte upload is refused in one
// sentence. About a minute on two busy cores (a suite of its own, one
// transcode).
func TestUploadsSayHowTheyEnded(t *testing.T) {
	t.Parallel() // on a suite of its own (suites_test.go)
	if testing.Short() {
		t.Skip("a browser and a transcode worker")
	}
	dir := t.TempDir()
	webm := webmClip(t, filepath.Join(dir, "recording.webm"))
	empty, notes := filepath.Join(dir, "empty.mp4"), filepath.Join(dir, "notes.mp4")
	require.NoError(t, os.WriteFile(empty, nil, 0o600))
	require.NoError(t, os.WriteFile(notes, []byte("these are notes, not a video\n"), 0o600))
	withSuite(t, newSuite(t, 1), "local", func() {
		ctx := signedInTab(t)
		require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(suiteOf(t).URL+"/upload")))
		browsertest.Poll[bool](t, ctx, `document.querySelector('h1')?.textContent === 'Upload videos'`)
		accept := browsertest.Eval[string](t, ctx, `document.getElementById('vh-upload-input').accept`)
		for _, ext := range []string{".webm", ".m4v", ".avi", ".flv", ".ts", ".3gp", ".ogv"} {
			assert.Contains(t, accept, ext, "the file picker offers %s files", ext)
		}
		require.NoError(t, chromedp.Do(ctx, chromedp.SetUploadFiles(chromedp.CSS("#vh-upload-input"), []string{empty, notes, webm})))

		assert.Equal(t, "This file is empty.", pollRowProblem(t, ctx, "empty.mp4", `r.dataset.state === 'refused'`))
		assert.Equal(t, "The file is not a video we can read.", pollRowProblem(t, ctx, "notes.mp4", `r.dataset.videoStatus === 'error'`))
		for _, name := range []string{"empty.mp4", "notes.mp4"} {
			assert.False(t, browsertest.Eval[bool](t, ctx, uploadRow(name)+`.textContent.includes('Retry')`), "%s: no Retry that cannot succeed", name)
		}
		ready := browsertest.Poll[string](t, ctx, `(r => r?.dataset.videoStatus === 'ready' && r.dataset.videoId)(`+uploadRow("recording.webm")+`)`)
		checkPage(t, ctx, "upload-messages")
		assert.Equal(t, "ready", getVideo(t, ready).Status)

		failed := browsertest.Eval[string](t, ctx, uploadRow("notes.mp4")+`.dataset.videoId`)
		require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(suiteOf(t).URL+"/videos/"+failed)))
		browsertest.Poll[bool](t, ctx, `(document.querySelector('.vh-problem')?.textContent || '').includes('the file is not a video we can read')`)

		for _, ext := range []string{".webm", ".m4v", ".avi", ".flv", ".ts", ".3gp", ".ogv"} {
			createUpload(t, "clip"+ext, 1)
		}
		mustFail(t, call(t, "POST", "/v2/uploads", ownerOf(t), map[string]any{"name": "empty.mp4", "size": 0}),
			http.StatusBadRequest, "size must be at least 1 byte: the file is empty")
	})
}

// uploadRow is the expression of the upload screen's row of a file.
func uploadRow(name string) string {
	return `document.querySelector('.vh-upload[data-file="` + name + `"]')`
}

// pollRowProblem waits until the file's row r meets condition (a
// JavaScript expression) and shows a problem, and returns its text.
func pollRowProblem(t *testing.T, ctx context.Context, name, condition string) string {
	t.Helper()
	return browsertest.Poll[string](t, ctx, `(r => r && `+condition+` && r.querySelector('.vh-problem')?.textContent)(`+uploadRow(name)+`)`)
}

// webmClip writes a one-second WebM as a browser's recorder makes them (VP9
// video, Opus sound) to path.
func webmClip(t *testing.T, path string) string {
	t.Helper()
	out, err := exec.Command("ffmpeg", "-v", "error", "-f", "lavfi", "-i", "testsrc2=size=320x180:rate=30:duration=1",
		"-f", "lavfi", "-i", "sine=frequency=440:duration=1", "-c:v", "libvpx-vp9", "-deadline", "realtime", "-cpu-used", "8",
		"-b:v", "200k", "-c:a", "libopus", "-shortest", path).CombinedOutput()
	require.NoError(t, err, "ffmpeg: %s", out)
	return path
}
