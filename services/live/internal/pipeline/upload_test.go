package pipeline

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/blob"
)

func TestNamedFilesAreTheInitAndSegments(t *testing.T) {
	playlist := "#EXTM3U\n#EXT-X-VERSION:7\n#EXT-X-TARGETDURATION:2\n#EXT-X-MAP:URI=\"init_0.mp4\"\n" +
		"#EXTINF:2.000000,\n#EXT-X-PROGRAM-DATE-TIME:2026-11-24T21:29:50.255+0000\n00000.m4s\n" +
		"#EXTINF:2.000000,\n00001.m4s\n#EXT-X-ENDLIST\n"
	assert.Equal(t, []string{"init_0.mp4", "00000.m4s", "00001.m4s"}, namedFiles(playlist))
	assert.Empty(t, namedFiles("#EXTM3U\n"), "a playlist before its first segment names nothing")
}

// TestTheMasterGoesAfterEveryVariant: ffmpeg writes the master playlist
// first; a player that opened it before the second variant's playlist was
// uploaded got a 404 for that variant.
func TestTheMasterGoesAfterEveryVariant(t *testing.T) {
	dir, media := t.TempDir(), t.TempDir()
	store, err := blob.NewLocal(blob.Config{Dir: media, SigningSecret: "a test signing secret of 32 bytes!", PublicBaseURL: "http://localhost"})
	require.NoError(t, err)
	write := func(rel, body string) {
		path := filepath.Join(dir, filepath.FromSlash(rel))
		require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o700))
		require.NoError(t, os.WriteFile(path, []byte(body), 0o600))
	}
	write(MasterPlaylist, "#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=2000000\nv0/index.m3u8\n#EXT-X-STREAM-INF:BANDWIDTH=800000\nv1/index.m3u8\n")
	write(LiveFolder+"/v0/init_0.mp4", "init")
	write(LiveFolder+"/v0/00000.m4s", "segment")
	write(LiveFolder+"/v0/index.m3u8", "#EXTM3U\n#EXT-X-MAP:URI=\"init_0.mp4\"\n#EXTINF:2.0,\n00000.m4s\n")
	u := &Uploader{Store: store, Account: "acc", Video: "vid", Dir: dir}

	playable, err := u.Sync(t.Context())
	require.NoError(t, err)
	assert.False(t, playable, "one of two variants is no playable event yet")
	masterKey, err := blob.VideoKey("acc", "vid", MasterPlaylist)
	require.NoError(t, err)
	_, err = store.Stat(t.Context(), masterKey)
	assert.ErrorIs(t, err, blob.ErrNotFound, "the master waits for the second variant's playlist")

	write(LiveFolder+"/v1/init_1.mp4", "init")
	write(LiveFolder+"/v1/00000.m4s", "segment")
	write(LiveFolder+"/v1/index.m3u8", "#EXTM3U\n#EXT-X-MAP:URI=\"init_1.mp4\"\n#EXTINF:2.0,\n00000.m4s\n")
	playable, err = u.Sync(t.Context())
	require.NoError(t, err)
	assert.True(t, playable)
	_, err = store.Stat(t.Context(), masterKey)
	assert.NoError(t, err)
}
