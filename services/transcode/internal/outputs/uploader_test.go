package outputs

import (
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/blob"
	"github.com/vidhost/vidhost/services/transcode/internal/media"
)

const folder = "videos/acc/vid/"

// flakyStore fails the first failures Puts, as a storage service in
// trouble would; the rest go to a real local store.
type flakyStore struct {
	blob.Store
	mu       sync.Mutex
	failures int
	puts     []string
}

func (s *flakyStore) Put(ctx context.Context, key string, r io.Reader, size int64, contentType string) error {
	s.mu.Lock()
	fail := s.failures > 0
	s.failures--
	s.mu.Unlock()
	if fail {
		return errors.New("503 Slow Down")
	}
	s.mu.Lock()
	s.puts = append(s.puts, key)
	s.mu.Unlock()
	return s.Store.Put(ctx, key, r, size, contentType)
}

func newStore(t *testing.T, failures int) *flakyStore {
	local, err := blob.Open(context.Background(), blob.Config{Driver: "local", Dir: t.TempDir()})
	require.NoError(t, err)
	putBackoff = time.Millisecond
	return &flakyStore{Store: local, failures: failures}
}

// write puts a file in the output directory, as ffmpeg or the publisher would.
func write(t *testing.T, dir, rel, content string) media.File {
	path := filepath.Join(dir, filepath.FromSlash(rel))
	require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
	require.NoError(t, os.WriteFile(path, []byte(content), 0o644))
	kind := media.KindSegment
	if filepath.Ext(rel) == ".m3u8" {
		kind = media.KindPlaylist
	}
	return media.File{Path: rel, Kind: kind}
}

func TestUploaderStoresInOrderAndKeepsEachPlaylistVersion(t *testing.T) {
	store, dir := newStore(t, 1), t.TempDir()
	playable := 0
	u := Start(context.Background(), store, folder, dir, Hooks{OnPlayable: func() { playable++ }})
	u.Add(write(t, dir, "stream/seg-0-00001.m4s", "segment"))
	u.Add(write(t, dir, "stream/playlist_0.m3u8", started))
	u.Add(write(t, dir, "stream/master.m3u8", "#EXTM3U\nplaylist_0.m3u8\n"))
	// The playlist on disk moves on before the first version was uploaded:
	// what was announced is what gets stored, in that order.
	u.Add(write(t, dir, "stream/seg-0-00002.m4s", "segment"))
	u.Add(write(t, dir, "stream/playlist_0.m3u8", started+"#EXTINF:2.0,\nseg-0-00002.m4s\n#EXT-X-ENDLIST\n"))
	require.NoError(t, u.Finish())

	assert.Equal(t, 1, playable)
	assert.Equal(t, folder+"stream/seg-0-00001.m4s", store.puts[0], "retried after a failure")
	assert.Less(t, slices.Index(store.puts, folder+"stream/seg-0-00002.m4s"), lastIndex(store.puts, folder+"stream/playlist_0.m3u8"),
		"a playlist is stored after the segments it names")
	body, info, err := store.Open(context.Background(), folder+"stream/playlist_0.m3u8")
	require.NoError(t, err)
	defer body.Close()
	data, _ := io.ReadAll(body)
	assert.Contains(t, string(data), "#EXT-X-ENDLIST", "the last version wins")
	assert.Equal(t, "application/vnd.apple.mpegurl", info.ContentType)
}

func TestUploaderStopsAtAFailureThatLasts(t *testing.T) {
	store, dir := newStore(t, 100), t.TempDir()
	var reported error
	u := Start(context.Background(), store, folder, dir, Hooks{OnError: func(err error) { reported = err }})
	u.Add(write(t, dir, "stream/seg-0-00001.m4s", "segment"))
	u.Add(write(t, dir, "stream/seg-0-00002.m4s", "segment"))
	err := u.Finish()
	require.Error(t, err)
	assert.Equal(t, err, reported)
	assert.Contains(t, err.Error(), "upload stream/seg-0-00001.m4s: 503 Slow Down")
	assert.Equal(t, 100-putAttempts, store.failures, "no upload after the one that failed")
}

func TestContentType(t *testing.T) {
	for name, want := range map[string]string{
		"stream/master.m3u8": "application/vnd.apple.mpegurl", "stream/manifest.mpd": "application/dash+xml",
		"stream/seg-1-00001.m4s": "video/iso.segment", "mp4/720p.mp4": "video/mp4",
		"thumbs/thumbnail.jpg": "image/jpeg", "thumbs/sprite.vtt": "text/vtt", "x.bin": "application/octet-stream",
	} {
		assert.Equal(t, want, ContentType(name), name)
	}
}

func lastIndex(list []string, s string) int {
	last := -1
	for i, v := range list {
		if v == s {
			last = i
		}
	}
	return last
}
