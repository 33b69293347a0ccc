package job

import (
	"context"
	"io"
	"log/slog"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/blob"
	"github.com/vidhost/vidhost/pkg/ids"
	"github.com/vidhost/vidhost/services/transcode/internal/liveclip"
	"github.com/vidhost/vidhost/services/transcode/internal/media"
	"github.com/vidhost/vidhost/services/transcode/internal/mediatest"
)

// An instant clip copies the event's segments 1-3 (6 s of an 8 s stream)
// into its own folder, plays as HLS before its MP4 is made, and gets an
// MP4, a poster and a sprite, with nothing encoded. About 2 s.
func TestRunMakesLiveClip(t *testing.T) {
	mediatest.RequireTools(t)
	ctx := context.Background()
	store, err := blob.Open(ctx, blob.Config{Driver: "local", Dir: t.TempDir()})
	require.NoError(t, err)
	event := ids.New()
	live := mediatest.LiveHLS(t, mediatest.ClipSpec{Width: 640, Height: 360, Seconds: 8, Audio: true})
	for _, rel := range mediatest.LiveFiles(t, live) {
		putFile(t, store, "videos/a/"+event+"/live/"+rel, filepath.Join(live, filepath.FromSlash(rel)))
	}
	clip := &liveclip.Clip{EventVideoID: event, MasterPlaylist: "live/master.m3u8"}
	for i, name := range []string{"source", "360p"} {
		v := liveclip.Variant{Playlist: name + "/index.m3u8", Init: "init_" + string(rune('0'+i)) + ".mp4"}
		for _, s := range mediatest.Segments(t, filepath.Join(live, name, "index.m3u8"))[1:4] {
			v.Segments = append(v.Segments, liveclip.Segment{Name: s, Duration: 2})
		}
		clip.Variants = append(clip.Variants, v)
	}
	j := Job{ID: ids.New(), AccountID: "a", VideoID: ids.New(), Live: clip}
	runner := &Runner{Store: store, Transcoder: media.New(media.Config{}), WorkDir: t.TempDir(), Logger: slog.New(slog.DiscardHandler)}
	report := &recorder{}

	done, err := runner.Run(ctx, j, report)
	require.NoError(t, err)

	assert.InDelta(t, 6.0, done.Duration.Seconds(), 0.2, "three 2 s segments")
	assert.Equal(t, []Output{HLS, {Label: "MP4 360p", Path: "mp4/360p.mp4"}}, done.Outputs)
	assert.Equal(t, [2]int{640, 360}, [2]int{done.Width, done.Height})
	assert.Equal(t, [][]Output{{HLS}}, report.playable, "the HLS plays before the MP4 is made")
	folder := j.MediaFolder()
	for _, key := range []string{"stream/master.m3u8", "stream/source/init_0.mp4", "stream/source/00003.m4s",
		"stream/360p/00001.m4s", media.ThumbnailFile, media.SpriteFile, media.SpriteIndexFile} {
		_, err := store.Stat(ctx, folder+key)
		assert.NoError(t, err, "%s is stored", key)
	}
	playlist := read(t, store, folder+"stream/source/index.m3u8")
	assert.Contains(t, playlist, "#EXT-X-ENDLIST", "a VOD playlist")
	assert.Contains(t, playlist, "00001.m4s\n")
	assert.NotContains(t, playlist, "00000.m4s", "only the clip's segments")
	assert.Equal(t, read(t, store, "videos/a/"+event+"/live/master.m3u8"), read(t, store, folder+"stream/master.m3u8"))
}

// A clip whose event lost its segments (deleted meanwhile) fails for good
// with the reason.
func TestRunLiveClipOfGoneEvent(t *testing.T) {
	ctx := context.Background()
	store, err := blob.Open(ctx, blob.Config{Driver: "local", Dir: t.TempDir()})
	require.NoError(t, err)
	clip := &liveclip.Clip{EventVideoID: ids.New(), MasterPlaylist: "live/master.m3u8", Variants: []liveclip.Variant{
		{Playlist: "source/index.m3u8", Init: "init_0.mp4", Segments: []liveclip.Segment{{Name: "00001.m4s", Duration: 2}}}}}
	runner := &Runner{Store: store, Transcoder: media.New(media.Config{}), WorkDir: t.TempDir(), Logger: slog.New(slog.DiscardHandler)}

	_, err = runner.Run(ctx, Job{ID: ids.New(), AccountID: "a", VideoID: ids.New(), Live: clip}, &recorder{})

	failure := Classify(err)
	assert.True(t, failure.Permanent)
	assert.Equal(t, liveclip.ErrSegmentsGone.Error(), failure.Reason)
}

func read(t *testing.T, store blob.Store, key string) string {
	t.Helper()
	body, _, err := store.Open(context.Background(), key)
	require.NoError(t, err, key)
	defer body.Close()
	data, err := io.ReadAll(body)
	require.NoError(t, err)
	return string(data)
}
