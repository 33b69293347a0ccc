package backup

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// countingFS counts the files created and fails every write once failAfter
// bytes have gone, as a full disk would.
type countingFS struct {
	created   int
	failAfter int64
	written   int64
}

var errDiskFull = errors.New("no space left on device")

func (c *countingFS) Create(path string, perm os.FileMode) (io.WriteCloser, error) {
	c.created++
	f, err := osFS{}.Create(path, perm)
	if err != nil {
		return nil, err
	}
	return &limitedWriter{WriteCloser: f, fs: c}, nil
}

type limitedWriter struct {
	io.WriteCloser
	fs *countingFS
}

func (w *limitedWriter) Write(p []byte) (int, error) {
	if w.fs.failAfter > 0 && w.fs.written+int64(len(p)) > w.fs.failAfter {
		return 0, errDiskFull
	}
	w.fs.written += int64(len(p))
	return w.WriteCloser.Write(p)
}

func writeMedia(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, body := range files {
		path := filepath.Join(dir, name)
		require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o700))
		require.NoError(t, os.WriteFile(path, []byte(body), 0o600))
	}
}

func TestCopyMediaSkipsUnchangedFiles(t *testing.T) {
	src, dir := t.TempDir(), t.TempDir()
	writeMedia(t, src, map[string]string{"a/one.mp4": "one", "a/two.m3u8": "two", "three": "3"})
	fsys := &countingFS{}
	first, err := copyMedia(fsys, src, dir)
	require.NoError(t, err)
	assert.Equal(t, mediaSummary{files: 3, bytes: 7}, first)
	assert.Equal(t, 4, fsys.created, "three files and the index")

	// One file changes (size and time), one goes, one is new.
	writeMedia(t, src, map[string]string{"a/one.mp4": "one, longer", "four": "4"})
	require.NoError(t, os.Chtimes(filepath.Join(src, "a/one.mp4"), time.Now().Add(time.Hour), time.Now().Add(time.Hour)))
	require.NoError(t, os.Remove(filepath.Join(src, "three")))
	fsys.created = 0
	second, err := copyMedia(fsys, src, dir)
	require.NoError(t, err)
	assert.Equal(t, mediaSummary{files: 3, bytes: 11 + 3 + 1}, second)
	assert.Equal(t, 3, fsys.created, "the changed file, the new one and the index; two.m3u8 skipped")
	assert.NoFileExists(t, filepath.Join(dir, mediaDir, "three"), "a file gone from the store goes from the copy")
	require.NoError(t, verifyMedia(dir))
}

func TestVerifyMediaFindsDamage(t *testing.T) {
	src, dir := t.TempDir(), t.TempDir()
	writeMedia(t, src, map[string]string{"one.mp4": "one"})
	_, err := copyMedia(osFS{}, src, dir)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(dir, mediaDir, "one.mp4"), []byte("two"), 0o600))
	assert.EqualError(t, verifyMedia(dir), "the backup's media one.mp4 does not match its checksum: the backup is damaged")
}

func TestRestoreMediaCopiesBack(t *testing.T) {
	src, dir, dst := t.TempDir(), t.TempDir(), filepath.Join(t.TempDir(), "media")
	writeMedia(t, src, map[string]string{"a/one.mp4": "one"})
	_, err := copyMedia(osFS{}, src, dir)
	require.NoError(t, err)
	require.NoError(t, restoreMedia(osFS{}, dir, dst))
	got, err := os.ReadFile(filepath.Join(dst, "a/one.mp4"))
	require.NoError(t, err)
	assert.Equal(t, "one", string(got))
}
