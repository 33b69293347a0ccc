package blob_test

import (
	"context"
	"io"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/blob"
)

func TestLocalOpenFile(t *testing.T) {
	ctx := context.Background()
	store, err := blob.NewLocal(blob.Config{Dir: t.TempDir()})
	require.NoError(t, err)
	require.NoError(t, store.Put(ctx, "videos/a/v/stream/seg-0-00001.m4s", strings.NewReader("segment"), 7, "video/iso.segment"))

	var opener blob.FileOpener = store
	file, info, err := opener.OpenFile(ctx, "videos/a/v/stream/seg-0-00001.m4s")
	require.NoError(t, err)
	defer file.Close()
	body, err := io.ReadAll(file)
	require.NoError(t, err)
	assert.Equal(t, "segment", string(body))
	assert.EqualValues(t, 7, info.Size)
	assert.Empty(t, info.ContentType, "not read")
	stat, err := store.Stat(ctx, "videos/a/v/stream/seg-0-00001.m4s")
	require.NoError(t, err)
	assert.Equal(t, stat.ETag, info.ETag, "the same ETag as Stat")
	assert.Equal(t, stat.ModTime, info.ModTime)

	_, _, err = opener.OpenFile(ctx, "videos/a/v/missing.m4s")
	assert.ErrorIs(t, err, blob.ErrNotFound)
	_, _, err = opener.OpenFile(ctx, "videos/../etc/passwd")
	assert.ErrorIs(t, err, blob.ErrInvalidKey)
}

func TestLocalStatFile(t *testing.T) {
	ctx := context.Background()
	store, err := blob.NewLocal(blob.Config{Dir: t.TempDir()})
	require.NoError(t, err)
	require.NoError(t, store.Put(ctx, "videos/a/v/stream/playlist_0.m3u8", strings.NewReader("#EXTM3U\n"), 8, "application/vnd.apple.mpegurl"))

	var stater blob.FileStater = store
	info, err := stater.StatFile(ctx, "videos/a/v/stream/playlist_0.m3u8")
	require.NoError(t, err)
	stat, err := store.Stat(ctx, "videos/a/v/stream/playlist_0.m3u8")
	require.NoError(t, err)
	assert.Equal(t, stat.ETag, info.ETag, "the same ETag as Stat")
	assert.Equal(t, stat.ModTime, info.ModTime)
	assert.EqualValues(t, 8, info.Size)
	assert.Empty(t, info.ContentType, "not read")

	_, err = stater.StatFile(ctx, "videos/a/v/missing.m3u8")
	assert.ErrorIs(t, err, blob.ErrNotFound)
	_, err = stater.StatFile(ctx, "videos/a")
	assert.ErrorIs(t, err, blob.ErrNotFound, "a directory is no object")
	_, err = stater.StatFile(ctx, "videos/../etc/passwd")
	assert.ErrorIs(t, err, blob.ErrInvalidKey)
}
