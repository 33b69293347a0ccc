package media

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// publishFixture is an output directory the way the DASH muxer leaves it
// mid-run, for a 640x360 source with audio (see testdata/manifest_*.mpd).
type publishFixture struct {
	outDir    string
	pub       *publisher
	announced []File
}

func newPublishFixture(t *testing.T) *publishFixture {
	return newPublishFixtureAV1(t, false)
}

// newPublishFixtureAV1 is the same with the AV1 set's muxer when av1.
func newPublishFixtureAV1(t *testing.T, av1 bool) *publishFixture {
	f := &publishFixture{outDir: t.TempDir()}
	require.NoError(t, os.MkdirAll(filepath.Join(f.outDir, StreamDir), 0o755))
	info := Info{Duration: 4e9, Video: &VideoStream{Width: 640, Height: 360, FrameRate: 30}, Audio: &AudioStream{Index: 1}}
	p, err := newPlan(info, Job{OutDir: f.outDir, AV1: av1}, DefaultLadder())
	require.NoError(t, err)
	f.pub = newPublisher(p, func(file File) { f.announced = append(f.announced, file) })
	return f
}

// ffmpegWrites puts the manifest and the segment files it names in place.
func (f *publishFixture) ffmpegWrites(t *testing.T, manifest string) {
	f.muxerWrites(t, h264Muxer, manifest)
}

// muxerWrites is ffmpegWrites for muxer m.
func (f *publishFixture) muxerWrites(t *testing.T, m muxerLayout, manifest string) {
	data, err := os.ReadFile(filepath.Join("testdata", manifest))
	require.NoError(t, err)
	doc, err := parseMPD(data)
	require.NoError(t, err)
	for _, tr := range doc.tracks("") {
		files := []string{tr.Init}
		for _, s := range tr.Segments {
			files = append(files, s.File)
		}
		for _, name := range files {
			require.NoError(t, os.WriteFile(filepath.Join(f.outDir, StreamDir, name), []byte(strings.Repeat("x", 1000)), 0o644))
		}
	}
	require.NoError(t, os.WriteFile(filepath.Join(f.outDir, m.manifestPath), data, 0o644))
}

func (f *publishFixture) take() []File {
	out := f.announced
	f.announced = nil
	return out
}

func (f *publishFixture) read(t *testing.T, rel string) string {
	data, err := os.ReadFile(filepath.Join(f.outDir, rel))
	require.NoError(t, err)
	return string(data)
}

var playlistEntry = regexp.MustCompile(`(?m)^(?:#EXT-X-MAP:URI=")?([\w-]+\.(?:m4s|m3u8))`)

// assertAnnouncedInOrder checks that every playlist announced refers only
// to files announced before it (seen, then earlier in files), so an
// uploader that follows the order never publishes a dangling reference.
// Call it right after a sync: it reads the playlists as they are now.
func assertAnnouncedInOrder(t *testing.T, f *publishFixture, seen map[string]bool, files []File) {
	for _, file := range files {
		if file.Kind == KindPlaylist && strings.HasSuffix(file.Path, ".m3u8") {
			for _, match := range playlistEntry.FindAllStringSubmatch(f.read(t, file.Path), -1) {
				assert.True(t, seen[StreamDir+"/"+match[1]], "%s refers to %s before it was announced", file.Path, match[1])
			}
		}
		seen[file.Path] = true
	}
}

func TestPublisherBeforeTheFirstSegment(t *testing.T) {
	f := newPublishFixture(t)
	require.NoError(t, f.pub.sync(h264Muxer, false))
	assert.Empty(t, f.take())
}

func TestPublisherEventThenVOD(t *testing.T) {
	f := newPublishFixture(t)
	f.ffmpegWrites(t, "manifest_dynamic.mpd")
	require.NoError(t, f.pub.sync(h264Muxer, false))
	first := f.take()
	assert.Len(t, first, 4*2+4+1+1, "4 init and 4 media segments, 4 media playlists, master, manifest")
	seen := map[string]bool{}
	assertAnnouncedInOrder(t, f, seen, first)
	assert.Contains(t, f.read(t, "stream/playlist_0.m3u8"), "#EXT-X-PLAYLIST-TYPE:EVENT\n")
	assert.NotContains(t, f.read(t, "stream/playlist_0.m3u8"), "ENDLIST")
	assert.Contains(t, f.read(t, MasterPlaylist), "playlist_1.m3u8")

	require.NoError(t, f.pub.sync(h264Muxer, false))
	assert.Empty(t, f.take(), "an unchanged manifest publishes nothing")

	f.ffmpegWrites(t, "manifest_static.mpd")
	require.NoError(t, f.pub.sync(h264Muxer, true))
	last := f.take()
	assertAnnouncedInOrder(t, f, seen, last)
	var segments []string
	for _, file := range last {
		if file.Kind == KindSegment {
			segments = append(segments, file.Path)
		}
	}
	assert.Equal(t, []string{"stream/seg-0-00002.m4s", "stream/seg-1-00002.m4s", "stream/seg-2-00002.m4s",
		"stream/seg-2-00003.m4s", "stream/seg-3-00002.m4s", "stream/seg-3-00003.m4s"}, segments, "only new segments")
	assert.Contains(t, f.read(t, "stream/playlist_3.m3u8"), "#EXT-X-PLAYLIST-TYPE:VOD\n")
	assert.True(t, strings.HasSuffix(f.read(t, "stream/playlist_3.m3u8"), "seg-3-00003.m4s\n#EXT-X-ENDLIST\n"))
	assert.Equal(t, File{Path: DASHManifest, Kind: KindPlaylist}, last[len(last)-1])
}

func TestPublisherFailsOnAMissingSegment(t *testing.T) {
	f := newPublishFixture(t)
	f.ffmpegWrites(t, "manifest_dynamic.mpd")
	require.NoError(t, os.Remove(filepath.Join(f.outDir, StreamDir, "seg-1-00001.m4s")))
	assert.Error(t, f.pub.sync(h264Muxer, false))
}

// With AV1 the master names the AV1 set once its run has segments, and
// the DASH manifest players read holds both sets once both runs are done;
// until then it is the H.264 muxer's.
func TestPublisherOfTwoRuns(t *testing.T) {
	f := newPublishFixtureAV1(t, true)
	assert.False(t, isClosed(f.pub.playable), "nothing to play yet: the AV1 run waits")
	f.muxerWrites(t, h264Muxer, "manifest_static.mpd")
	require.NoError(t, f.pub.sync(h264Muxer, true))
	assert.True(t, isClosed(f.pub.playable), "the H.264 set is in the master: the AV1 run may start")
	seen := map[string]bool{}
	assertAnnouncedInOrder(t, f, seen, f.take())
	assert.Contains(t, f.read(t, "stream/playlist_0.m3u8"), "#EXT-X-ENDLIST", "the H.264 run is done")
	assert.NotContains(t, f.read(t, MasterPlaylist), "av01", "no AV1 segment yet")
	assert.Equal(t, f.read(t, h264Muxer.manifestPath), f.read(t, DASHManifest), "the H.264 muxer's until the end")

	f.muxerWrites(t, av1Muxer, "manifest_av1_static.mpd")
	require.NoError(t, f.pub.sync(av1Muxer, true))
	last := f.take()
	assertAnnouncedInOrder(t, f, seen, last)
	assert.Contains(t, last, File{Path: "stream/seg-av1-1-00002.m4s", Kind: KindSegment})
	assert.Contains(t, f.read(t, "stream/playlist_av1-1.m3u8"), "seg-av1-1-00002.m4s\n#EXT-X-ENDLIST\n")
	master := f.read(t, MasterPlaylist)
	assert.Contains(t, master, `CODECS="av01.0.00M.08,mp4a.40.2",RESOLUTION=416x234,FRAME-RATE=30.000,AUDIO="audio-3"`+"\nplaylist_av1-1.m3u8")
	assert.Contains(t, f.read(t, DASHManifest), `<Representation id="av1-0"`)
	assert.Equal(t, File{Path: DASHManifest, Kind: KindPlaylist}, last[len(last)-1])
}

func isClosed(ch <-chan struct{}) bool {
	select {
	case <-ch:
		return true
	default:
		return false
	}
}
