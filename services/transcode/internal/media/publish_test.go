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
	f := &publishFixture{outDir: t.TempDir()}
	require.NoError(t, os.MkdirAll(filepath.Join(f.outDir, StreamDir), 0o755))
	info := Info{Duration: 4e9, Video: &VideoStream{Width: 640, Height: 360, FrameRate: 30}, Audio: &AudioStream{Index: 1}}
	p, err := newPlan(info, Job{OutDir: f.outDir}, DefaultLadder())
	require.NoError(t, err)
	f.pub = newPublisher(p, func(file File) { f.announced = append(f.announced, file) })
	return f
}

// ffmpegWrites puts the manifest and the segment files it names in place.
func (f *publishFixture) ffmpegWrites(t *testing.T, manifest string) {
	data, err := os.ReadFile(filepath.Join("testdata", manifest))
	require.NoError(t, err)
	doc, err := parseMPD(data)
	require.NoError(t, err)
	for _, tr := range doc.tracks() {
		files := []string{tr.Init}
		for _, s := range tr.Segments {
			files = append(files, s.File)
		}
		for _, name := range files {
			require.NoError(t, os.WriteFile(filepath.Join(f.outDir, StreamDir, name), []byte(strings.Repeat("x", 1000)), 0o644))
		}
	}
	require.NoError(t, os.WriteFile(filepath.Join(f.outDir, DASHManifest), data, 0o644))
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
	require.NoError(t, f.pub.sync(false))
	assert.Empty(t, f.take())
}

func TestPublisherEventThenVOD(t *testing.T) {
	f := newPublishFixture(t)
	f.ffmpegWrites(t, "manifest_dynamic.mpd")
	require.NoError(t, f.pub.sync(false))
	first := f.take()
	assert.Len(t, first, 4*2+4+1+1, "4 init and 4 media segments, 4 media playlists, master, manifest")
	seen := map[string]bool{}
	assertAnnouncedInOrder(t, f, seen, first)
	assert.Contains(t, f.read(t, "stream/playlist_0.m3u8"), "#EXT-X-PLAYLIST-TYPE:EVENT\n")
	assert.NotContains(t, f.read(t, "stream/playlist_0.m3u8"), "ENDLIST")
	assert.Contains(t, f.read(t, MasterPlaylist), "playlist_1.m3u8")

	require.NoError(t, f.pub.sync(false))
	assert.Empty(t, f.take(), "an unchanged manifest publishes nothing")

	f.ffmpegWrites(t, "manifest_static.mpd")
	require.NoError(t, f.pub.sync(true))
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
	assert.Error(t, f.pub.sync(false))
}
