package media

import (
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func readManifest(t *testing.T) mpd {
	t.Helper()
	data, err := os.ReadFile("testdata/manifest_static.mpd")
	require.NoError(t, err)
	doc, err := parseMPD(data)
	require.NoError(t, err)
	return doc
}

func TestParseMPD(t *testing.T) {
	doc := readManifest(t)
	assert.Equal(t, "static", doc.Type)
	tracks := doc.tracks("")
	require.Len(t, tracks, 4)

	video := tracks[0]
	assert.Equal(t, track{
		ID: "0", Video: true, Codecs: "avc1.4d401f", Bandwidth: 800000, Width: 640, Height: 360, FrameRate: "30/1",
		Init:     "init-0.m4s",
		Segments: []segment{{"seg-0-00001.m4s", 2}, {"seg-0-00002.m4s", 2}},
	}, video, "r=1 repeats the segment once")

	audio := tracks[3]
	assert.False(t, audio.Video)
	assert.Equal(t, "2", audio.Channels)
	assert.Equal(t, []segment{
		{"seg-3-00001.m4s", 93184.0 / 48000}, {"seg-3-00002.m4s", 96256.0 / 48000}, {"seg-3-00003.m4s", 3072.0 / 48000},
	}, audio.Segments, "audio segments need not match the video's")
}

func TestExpandTemplate(t *testing.T) {
	tests := []struct {
		template string
		want     string
	}{
		{"init-$RepresentationID$.m4s", "init-7.m4s"},
		{"seg-$RepresentationID$-$Number%05d$.m4s", "seg-7-00042.m4s"},
		{"chunk-$Number$.m4s", "chunk-42.m4s"},
		{"cost$$-$Number%03d$", "cost$-042"},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, expandTemplate(tt.template, "7", 42))
	}
}

func TestParseMPDRejectsGarbage(t *testing.T) {
	_, err := parseMPD([]byte("<MPD><Period>"))
	assert.Error(t, err)
}
