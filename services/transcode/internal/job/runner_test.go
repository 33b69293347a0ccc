package job

import (
	"context"
	"log/slog"
	"os"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/blob"
	"github.com/vidhost/vidhost/pkg/ids"
	"github.com/vidhost/vidhost/services/transcode/internal/fetch"
	"github.com/vidhost/vidhost/services/transcode/internal/media"
	"github.com/vidhost/vidhost/services/transcode/internal/mediatest"
)

// recorder is a Reporter that keeps what it heard.
type recorder struct {
	mu       sync.Mutex
	progress []int
	playable [][]Output
}

func (r *recorder) Progress(p int) { r.mu.Lock(); r.progress = append(r.progress, p); r.mu.Unlock() }
func (r *recorder) Playable(o []Output) {
	r.mu.Lock()
	r.playable = append(r.playable, o)
	r.mu.Unlock()
}

// A redelivered job replaces what a dead attempt stored, and leaves the
// video's other files alone. About 1 s.
func TestRunReplacesEarlierAttemptOutputs(t *testing.T) {
	mediatest.RequireTools(t)
	ctx := context.Background()
	store, err := blob.Open(ctx, blob.Config{Driver: "local", Dir: t.TempDir()})
	require.NoError(t, err)
	j := Job{ID: ids.New(), AccountID: "a", VideoID: ids.New(), SourceKey: "uploads/a/u/source.mp4"}
	putFile(t, store, j.SourceKey, mediatest.Clip(t, mediatest.ClipSpec{Width: 640, Height: 360, Seconds: 2, Audio: true}))
	folder := j.MediaFolder()
	stale := []string{"stream/seg-9-00042.m4s", "stream/master.m3u8", "mp4/1080p.mp4", "thumbs/sprite.vtt"}
	for _, key := range append(stale, "tracks/en.vtt") {
		require.NoError(t, store.Put(ctx, folder+key, strings.NewReader("old"), 3, ""))
	}
	runner := &Runner{Store: store, Fetcher: fetch.New(fetch.Options{}), Transcoder: media.New(media.Config{}),
		WorkDir: t.TempDir(), Logger: slog.New(slog.DiscardHandler)}
	report := &recorder{}

	done, err := runner.Run(ctx, j, report)
	require.NoError(t, err)

	assert.InDelta(t, 2.0, done.Duration.Seconds(), 0.05)
	assert.Equal(t, [2]int{640, 360}, [2]int{done.Width, done.Height})
	assert.Equal(t, SourceFrame{Width: 640, Height: 360, AspectRatio: "16:9"}, done.Source)
	for _, key := range []string{"stream/seg-9-00042.m4s", "mp4/1080p.mp4"} {
		_, err = store.Stat(ctx, folder+key)
		assert.ErrorIs(t, err, blob.ErrNotFound, "a dead attempt's %s is gone", key)
	}
	for _, key := range []string{"stream/master.m3u8", "thumbs/sprite.vtt"} {
		info, err := store.Stat(ctx, folder+key)
		require.NoError(t, err)
		assert.Greater(t, info.Size, int64(3), "%s was rewritten", key)
	}
	_, err = store.Stat(ctx, folder+"tracks/en.vtt")
	assert.NoError(t, err, "captions are not the transcoder's to remove")
	assert.Equal(t, [][]Output{{HLS}}, report.playable, "playable once")
	assert.NotEmpty(t, report.progress)
}

func putFile(t *testing.T, store blob.Store, key, file string) {
	t.Helper()
	data, err := os.ReadFile(file)
	require.NoError(t, err)
	require.NoError(t, store.Put(context.Background(), key, strings.NewReader(string(data)), int64(len(data)), ""))
}
