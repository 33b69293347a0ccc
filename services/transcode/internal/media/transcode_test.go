package media

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/services/transcode/internal/media/mp4box"
	"github.com/vidhost/vidhost/services/transcode/internal/mediatest"
)

func TestTranscodeLadder(t *testing.T) {
	transcoder, r := setup(t)
	result, err := transcoder.Transcode(context.Background(), r.job(mediatest.Clip(t, clipWithAudio)))
	require.NoError(t, err)

	var names []string
	for _, rendition := range result.Renditions {
		names = append(names, rendition.Name)
	}
	assert.Equal(t, []string{"360p", "240p"}, names)
	assert.Equal(t, 6*time.Second, result.Duration)
	assert.Equal(t, "mp4/360p.mp4", result.MP4)
	assert.Nil(t, result.Spherical)

	for _, manifest := range []string{MasterPlaylist, DASHManifest} {
		p := ffprobe(t, r.path(manifest))
		assert.InDelta(t, 6.0, p.duration(t), 0.1, manifest)
		assert.ElementsMatch(t, []string{"640x360", "416x234"}, slices.Compact(slices.Sorted(slices.Values(p.sizes()))), manifest)
		assertSquarePixels(t, p, manifest)
		assert.True(t, p.hasCodec("aac"), manifest)
	}
	mp4 := ffprobe(t, r.path(result.MP4))
	assert.InDelta(t, 6.0, mp4.duration(t), 0.1)
	assert.Equal(t, []string{"640x360"}, mp4.sizes())
	assertSquarePixels(t, mp4, result.MP4)
	assert.True(t, mp4.hasCodec("aac"))
	assertFaststart(t, r.path(result.MP4))

	assert.Equal(t, []string{"640x360"}, ffprobe(t, r.path(ThumbnailFile)).sizes())
	assert.Equal(t, []string{"480x90"}, ffprobe(t, r.path(SpriteFile)).sizes(), "three 2 s tiles")
	vtt, err := os.ReadFile(r.path(SpriteIndexFile))
	require.NoError(t, err)
	assert.Equal(t, 3, strings.Count(string(vtt), "sprite.jpg#xywh="))

	master, err := os.ReadFile(r.path(MasterPlaylist))
	require.NoError(t, err)
	assert.Equal(t, 2, strings.Count(string(master), "#EXT-X-STREAM-INF:"))
	media, err := os.ReadFile(r.path(mediaPlaylistPath("0")))
	require.NoError(t, err)
	assert.Contains(t, string(media), "#EXT-X-PLAYLIST-TYPE:VOD")
	assert.True(t, strings.HasSuffix(string(media), "#EXT-X-ENDLIST\n"))

	assertAlignedSegments(t, r, 2)
	assertAnnounced(t, r, result)
	assertProgress(t, r.progress)
}

// assertSquarePixels checks every video stream ffprobe sees has a sample
// aspect ratio of 1:1, so players show it as stored.
func assertSquarePixels(t *testing.T, p probed, name string) {
	t.Helper()
	videos := 0
	for _, s := range p.Streams {
		if s.CodecType == "video" {
			videos++
			assert.Equal(t, "1:1", s.SampleAspectRatio, "%s: %dx%d", name, s.Width, s.Height)
		}
	}
	assert.NotZero(t, videos, name)
}

// assertFaststart checks the moov box comes before the media data.
func assertFaststart(t *testing.T, path string) {
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	moov, mdat := bytes.Index(data, []byte("moov")), bytes.Index(data, []byte("mdat"))
	assert.True(t, moov >= 0 && moov < mdat, "moov at %d, mdat at %d", moov, mdat)
}

// assertAlignedSegments checks that every video rendition cuts its
// segments at the same instants, which rung switching relies on.
func assertAlignedSegments(t *testing.T, r *run, tracks int) {
	data, err := os.ReadFile(r.path(DASHManifest))
	require.NoError(t, err)
	doc, err := parseMPD(data)
	require.NoError(t, err)
	var timelines [][]segment
	for _, tr := range doc.tracks("") {
		if tr.Video {
			durations := slices.Clone(tr.Segments)
			for i := range durations {
				durations[i].File = ""
			}
			timelines = append(timelines, durations)
		}
	}
	require.Len(t, timelines, tracks)
	for _, timeline := range timelines[1:] {
		assert.Equal(t, timelines[0], timeline)
	}
	assert.Len(t, timelines[0], 3, "three 2 s segments")
}

// assertAnnounced checks every output was announced and exists.
func assertAnnounced(t *testing.T, r *run, result Result) {
	announced := map[string]FileKind{}
	for _, f := range r.files {
		announced[f.Path] = f.Kind
		assert.FileExists(t, r.path(f.Path))
	}
	assert.Equal(t, KindPlaylist, announced[MasterPlaylist])
	assert.Equal(t, KindPlaylist, announced[DASHManifest])
	assert.Equal(t, KindSegment, announced["stream/init-0.m4s"])
	assert.Equal(t, KindSegment, announced["stream/seg-1-00003.m4s"])
	assert.Equal(t, KindDownload, announced[result.MP4])
	assert.Equal(t, KindThumbnail, announced[ThumbnailFile])
	assert.Equal(t, KindSprite, announced[SpriteFile])
	assert.Equal(t, KindSpriteIndex, announced[SpriteIndexFile])
}

func assertProgress(t *testing.T, progress []int) {
	require.NotEmpty(t, progress)
	assert.True(t, slices.IsSorted(progress), "never backwards: %v", progress)
	assert.Equal(t, 100, progress[len(progress)-1])
	hundreds := 0
	for _, p := range progress {
		if p == 100 {
			hundreds++
		}
	}
	assert.Equal(t, 1, hundreds, "100 only once, at the end: %v", progress)
}

func TestTranscodeClip(t *testing.T) {
	transcoder, r := setup(t)
	job := r.job(mediatest.Clip(t, clipWithAudio))
	job.Clip = &Clip{Start: time.Second, End: 3 * time.Second}
	result, err := transcoder.Transcode(context.Background(), job)
	require.NoError(t, err)
	assert.Equal(t, 2*time.Second, result.Duration)

	mp4 := ffprobe(t, r.path(result.MP4))
	assert.InDelta(t, 2.0, mp4.duration(t), 0.1)
	for _, s := range mp4.Streams {
		if s.CodecType == "video" {
			assert.Equal(t, "60", s.NbFrames, "exactly 2 s at 30 fps: the cut is frame-accurate")
		}
	}
	assert.InDelta(t, 2.0, ffprobe(t, r.path(MasterPlaylist)).duration(t), 0.1)
}

func TestTranscodeVideoOnlySpherical(t *testing.T) {
	transcoder, r := setup(t)
	r.out = filepath.Join(r.out, "it's a [strange]|dir: really") // tee's special characters
	require.NoError(t, os.MkdirAll(r.out, 0o755))
	result, err := transcoder.Transcode(context.Background(), r.job(mediatest.Clip(t, clipSpherical)))
	require.NoError(t, err)
	assert.Equal(t, &Spherical{Projection: "equirectangular"}, result.Spherical)

	master, err := os.ReadFile(r.path(MasterPlaylist))
	require.NoError(t, err)
	assert.NotContains(t, string(master), "AUDIO=")
	assert.NotContains(t, string(master), "mp4a")

	mp4 := ffprobe(t, r.path(result.MP4))
	assert.False(t, mp4.hasCodec("aac"))
	require.NotEmpty(t, mp4.Streams)
	require.NotEmpty(t, mp4.Streams[0].SideData, "the MP4 keeps the 360° metadata")
	assert.Equal(t, "Spherical Mapping", mp4.Streams[0].SideData[0].Type)
	for _, init := range []string{"stream/init-0.m4s", "stream/init-1.m4s"} {
		data, err := os.ReadFile(r.path(init))
		require.NoError(t, err)
		assert.True(t, mp4box.Contains(data, "avc1", "sv3d"), "%s keeps the 360° metadata", init)
	}
}

func TestTranscodePortrait(t *testing.T) {
	transcoder, r := setup(t)
	result, err := transcoder.Transcode(context.Background(), r.job(mediatest.Clip(t, clipPortrait)))
	require.NoError(t, err)
	assert.Equal(t, 360, result.Renditions[0].Width)
	assert.Equal(t, 640, result.Renditions[0].Height)
	assert.Equal(t, []string{"360x640"}, ffprobe(t, r.path(result.MP4)).sizes(), "upright, no rotation left to apply")
	dash := ffprobe(t, r.path(DASHManifest))
	assert.ElementsMatch(t, []string{"360x640", "234x416"}, slices.Compact(slices.Sorted(slices.Values(dash.sizes()))), "portrait renditions")
	assertSquarePixels(t, dash, DASHManifest)
	assert.Equal(t, []string{"360x640"}, ffprobe(t, r.path(ThumbnailFile)).sizes())
}

func TestTranscodeStopsWithTheContext(t *testing.T) {
	transcoder, r := setup(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	job := r.job(mediatest.Clip(t, clipWithAudio))
	job.OnFile = func(f File) {
		if f.Kind == KindSegment {
			cancel() // the ladder is running
		}
	}
	_, err := transcoder.Transcode(ctx, job)
	assert.ErrorIs(t, err, context.Canceled)
	assert.NoFileExists(t, r.path(SpriteFile), "no step runs after the cancel")
}

func TestTranscodeAgainIntoTheSameDirectory(t *testing.T) {
	transcoder, r := setup(t)
	source := mediatest.Clip(t, clipSpherical)
	_, err := transcoder.Transcode(context.Background(), r.job(source))
	require.NoError(t, err)
	r.files = nil
	require.NoError(t, os.WriteFile(r.path("stream/seg-0-00099.m4s"), []byte("left over"), 0o644))

	_, err = transcoder.Transcode(context.Background(), r.job(source)) // a redelivered job
	require.NoError(t, err)
	var paths []string
	for _, f := range r.files {
		paths = append(paths, f.Path)
	}
	assert.Contains(t, paths, "stream/init-0.m4s", "everything is announced again")
	assert.Contains(t, paths, "stream/seg-0-00002.m4s")
	assert.NoFileExists(t, r.path("stream/seg-0-00099.m4s"))
}
