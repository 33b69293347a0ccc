package mediatest

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// generatorVersion is part of every cache key; bump it when the way files
// are made changes in a way the ffmpeg arguments do not show.
const generatorVersion = "3"

// CacheDirEnv names the variable that moves the cache, e.g. into a CI cache.
const CacheDirEnv = "VIDHOST_MEDIATEST_CACHE"

// keyLocks makes goroutines of one test binary wait for each other instead
// of generating the same file twice; across binaries the atomic rename
// below keeps a half-written file from ever being seen.
var keyLocks sync.Map

func cacheDir() string {
	if dir := os.Getenv(CacheDirEnv); dir != "" {
		return dir
	}
	return filepath.Join(os.TempDir(), "vidhost-mediatest")
}

// cached returns the path of the file that ffmpeg args (plus post, run on
// the fresh file) produce, generating it once. The key hashes the kind, the
// arguments, what post does (described by variant) and ffmpeg's version, so
// a stale or different file is never reused.
func cached(t testing.TB, kind, variant, ext string, args []string, post func(path string) error) string {
	t.Helper()
	ffmpeg := requireFFmpeg(t)
	sum := sha256.Sum256([]byte(strings.Join([]string{generatorVersion, ffmpegVersion, kind, variant, strings.Join(args, "\x00")}, "\n")))
	path := filepath.Join(cacheDir(), kind+"-"+hex.EncodeToString(sum[:8])+ext)
	lock, _ := keyLocks.LoadOrStore(path, &sync.Mutex{})
	lock.(*sync.Mutex).Lock()
	defer lock.(*sync.Mutex).Unlock()
	if _, err := os.Stat(path); err == nil {
		return path
	}
	if err := os.MkdirAll(cacheDir(), 0o755); err != nil {
		t.Fatalf("mediatest: cache dir: %v", err)
	}
	tmp := strings.TrimSuffix(path, ext) + ".tmp-" + randomSuffix() + ext
	defer os.Remove(tmp)
	full := append([]string{"-nostdin", "-hide_banner", "-loglevel", "error", "-y"}, args...)
	if out, err := exec.Command(ffmpeg, append(full, tmp)...).CombinedOutput(); err != nil {
		t.Fatalf("mediatest: ffmpeg %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	if err := post(tmp); err != nil {
		t.Fatalf("mediatest: finishing %s: %v", kind, err)
	}
	if err := os.Rename(tmp, path); err != nil {
		t.Fatalf("mediatest: %v", err)
	}
	return path
}
