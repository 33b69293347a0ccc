package mediatest

import (
	"crypto/rand"
	"encoding/hex"
	"os/exec"
	"strings"
	"sync"
	"testing"
)

var (
	findOnce      sync.Once
	ffmpegPath    string
	ffmpegVersion string
	findErr       error
)

// RequireTools fails the test, with a message that says how to fix it, when
// ffmpeg or ffprobe is not installed. Media tests must not skip: a machine
// without ffmpeg cannot run the transcoder either.
func RequireTools(t testing.TB) {
	t.Helper()
	requireFFmpeg(t)
	if _, err := exec.LookPath("ffprobe"); err != nil {
		t.Fatalf("ffprobe not found in PATH (%v): run `make test`, which installs it, or `apt-get install ffmpeg`", err)
	}
}

func requireFFmpeg(t testing.TB) string {
	t.Helper()
	findOnce.Do(func() {
		ffmpegPath, findErr = exec.LookPath("ffmpeg")
		if findErr != nil {
			return
		}
		out, err := exec.Command(ffmpegPath, "-version").Output()
		if err != nil {
			findErr = err
			return
		}
		ffmpegVersion, _, _ = strings.Cut(string(out), "\n")
	})
	if findErr != nil {
		t.Fatalf("ffmpeg not found in PATH (%v): run `make test`, which installs it, or `apt-get install ffmpeg`", findErr)
	}
	return ffmpegPath
}

func randomSuffix() string {
	b := make([]byte, 6)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}
