package liveclip

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/vidhost/vidhost/pkg/ids"
)

func validClip() Clip {
	return Clip{EventVideoID: ids.New(), MasterPlaylist: "live/master.m3u8", Variants: []Variant{{
		Playlist: "source/index.m3u8", Init: "init_0.mp4",
		Segments: []Segment{{Name: "00010.m4s", Duration: 2}, {Name: "00011.m4s", Duration: 1.966667}},
	}}}
}

// A clip names only paths inside the event's and the clip's folders, and
// is bounded: a forged message cannot reach another folder or hold a worker.
func TestValidate(t *testing.T) {
	tests := []struct {
		name   string
		change func(*Clip)
		want   string
	}{
		{"valid", func(*Clip) {}, ""},
		{"no event", func(c *Clip) { c.EventVideoID = "" }, "no valid event"},
		{"master outside", func(c *Clip) { c.MasterPlaylist = "../x/live/master.m3u8" }, "master playlist"},
		{"master not a playlist", func(c *Clip) { c.MasterPlaylist = "live/master.mp4" }, "master playlist"},
		{"no variants", func(c *Clip) { c.Variants = nil }, "1-8 variants"},
		{"variant up", func(c *Clip) { c.Variants[0].Playlist = "../index.m3u8" }, "not a playlist path"},
		{"variant deep", func(c *Clip) { c.Variants[0].Playlist = "a/b/index.m3u8" }, "not a playlist path"},
		{"init path", func(c *Clip) { c.Variants[0].Init = "x/init.mp4" }, "init segment"},
		{"segment path", func(c *Clip) { c.Variants[0].Segments[0].Name = "../00010.m4s" }, "not a named segment"},
		{"no length", func(c *Clip) { c.Variants[0].Segments[0].Duration = 0 }, "not a named segment"},
		{"no segments", func(c *Clip) { c.Variants[0].Segments = nil }, "1-256 segments"},
		{"too long", func(c *Clip) { c.Variants[0].Segments[0].Duration = 300 }, "more than 4m0s"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := validClip()
			tt.change(&c)
			err := c.Validate()
			if tt.want == "" {
				assert.NoError(t, err)
				return
			}
			assert.ErrorContains(t, err, tt.want)
		})
	}
}

// A variant's playlist in the clip is VOD, from 0, with the live
// durations and no wall-clock stamps.
func TestVODPlaylist(t *testing.T) {
	want := strings.Join([]string{
		"#EXTM3U", "#EXT-X-VERSION:7", "#EXT-X-TARGETDURATION:2", "#EXT-X-MEDIA-SEQUENCE:0",
		"#EXT-X-PLAYLIST-TYPE:VOD", "#EXT-X-INDEPENDENT-SEGMENTS", `#EXT-X-MAP:URI="init_0.mp4"`,
		"#EXTINF:2.000000,", "00010.m4s", "#EXTINF:1.966667,", "00011.m4s", "#EXT-X-ENDLIST", "",
	}, "\n")
	assert.Equal(t, want, string(vodPlaylist(validClip().Variants[0])))
	assert.InDelta(t, 3.966667, validClip().Length().Seconds(), 1e-6)
}
