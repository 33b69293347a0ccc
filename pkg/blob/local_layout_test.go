package blob_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/blob"
)

func TestLocalFilesAreReadableOnDisk(t *testing.T) {
	dir := t.TempDir()
	store, err := blob.NewLocal(blob.Config{Dir: dir})
	require.NoError(t, err)
	require.NoError(t, store.Put(context.Background(), "videos/a/v/hls/master.m3u8", strings.NewReader("#EXTM3U\n"), 8, "application/vnd.apple.mpegurl"))

	data, err := os.ReadFile(filepath.Join(dir, "videos", "a", "v", "hls", "master.m3u8"))
	require.NoError(t, err)
	assert.Equal(t, "#EXTM3U\n", string(data))
	meta, err := os.ReadFile(filepath.Join(dir, ".meta", "videos", "a", "v", "hls", "master.m3u8"))
	require.NoError(t, err)
	assert.JSONEq(t, `{"content_type":"application/vnd.apple.mpegurl"}`, string(meta))
}

func TestLocalDeletePrunesEmptyDirectories(t *testing.T) {
	dir := t.TempDir()
	store, err := blob.NewLocal(blob.Config{Dir: dir})
	require.NoError(t, err)
	ctx := context.Background()
	require.NoError(t, store.Put(ctx, "videos/a/v1/thumbs/t.jpg", strings.NewReader("j"), 1, "image/jpeg"))
	require.NoError(t, store.Put(ctx, "videos/a/v2/t.jpg", strings.NewReader("j"), 1, "image/jpeg"))

	require.NoError(t, store.DeletePrefix(ctx, "videos/a/v1/"))
	assert.NoDirExists(t, filepath.Join(dir, "videos", "a", "v1"))
	assert.NoDirExists(t, filepath.Join(dir, ".meta", "videos", "a", "v1"))
	assert.FileExists(t, filepath.Join(dir, "videos", "a", "v2", "t.jpg"), "siblings stay")

	require.NoError(t, store.Delete(ctx, "videos/a/v2/t.jpg"))
	assert.NoDirExists(t, filepath.Join(dir, "videos"))
	assert.DirExists(t, dir, "the root stays")
	assert.DirExists(t, filepath.Join(dir, ".meta"))
}

func TestNewLocalRemovesStaleTemporaryFiles(t *testing.T) {
	dir := t.TempDir()
	_, err := blob.NewLocal(blob.Config{Dir: dir})
	require.NoError(t, err)
	stale := filepath.Join(dir, ".tmp", "put-crashed")
	live := filepath.Join(dir, ".tmp", "put-in-progress")
	require.NoError(t, os.WriteFile(stale, []byte("x"), 0o644))
	require.NoError(t, os.WriteFile(live, []byte("x"), 0o644))
	old := time.Now().Add(-48 * time.Hour)
	require.NoError(t, os.Chtimes(stale, old, old))

	_, err = blob.NewLocal(blob.Config{Dir: dir})
	require.NoError(t, err)
	assert.NoFileExists(t, stale)
	assert.FileExists(t, live, "another process may still be writing it")
}

func TestNewLocalRejectsBadConfig(t *testing.T) {
	tests := []struct {
		name string
		cfg  blob.Config
		want string
	}{
		{"no dir", blob.Config{}, "needs Dir"},
		{"short secret", blob.Config{Dir: t.TempDir(), SigningSecret: "short"}, "at least 32 bytes"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := blob.NewLocal(tt.cfg)
			require.ErrorContains(t, err, tt.want)
		})
	}
}

func TestLocalPresignNeedsURLAndSecret(t *testing.T) {
	store, err := blob.NewLocal(blob.Config{Dir: t.TempDir(), SigningSecret: testSecret})
	require.NoError(t, err)
	_, err = store.PresignPut(context.Background(), "a/b", 1, time.Minute)
	assert.ErrorIs(t, err, blob.ErrPresignDisabled)
	_, err = store.PresignGet(context.Background(), "a/b", time.Minute)
	assert.ErrorIs(t, err, blob.ErrPresignDisabled)
}
