package media

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestSelectRenditions(t *testing.T) {
	tests := []struct {
		name          string
		width, height int
		want          []string // name:WxH
	}{
		{"1080p", 1920, 1080, []string{"1080p:1920x1080", "720p:1280x720", "480p:832x468", "360p:640x360", "240p:416x234"}},
		{"720p", 1280, 720, []string{"720p:1280x720", "480p:832x468", "360p:640x360", "240p:416x234"}},
		{"4k caps at 1080p", 3840, 2160, []string{"1080p:1920x1080", "720p:1280x720", "480p:832x468", "360p:640x360", "240p:416x234"}},
		{"between rungs", 1600, 900, []string{"720p:1280x720", "480p:832x468", "360p:640x360", "240p:416x234"}},
		{"portrait by the short side", 1080, 1920, []string{"1080p:1080x1920", "720p:720x1280", "480p:468x832", "360p:360x640", "240p:234x416"}},
		{"4:3", 1440, 1080, []string{"1080p:1440x1080", "720p:960x720", "480p:640x480", "360p:480x360", "240p:320x240"}},
		{"cinemascope keeps 1080p", 1920, 800, []string{"1080p:1920x800", "720p:1272x530", "480p:840x350", "360p:624x260", "240p:408x170"}},
		{"200p gets its own size", 356, 200, []string{"200p:356x200"}},
		{"odd tiny source is made even", 175, 99, []string{"98p:174x98"}},
		{"almost 16:9 is cropped to it", 426, 240, []string{"240p:416x234"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			for _, r := range SelectRenditions(DefaultLadder(), tt.width, tt.height) {
				got = append(got, fmt.Sprintf("%s:%dx%d", r.Name, r.Width, r.Height))
			}
			assert.Equal(t, tt.want, got)
		})
	}
}

func TestSelectRenditionsBelowLadderUsesLowestRates(t *testing.T) {
	got := SelectRenditions(DefaultLadder(), 320, 180)
	lowest := DefaultLadder()[4]
	assert.Len(t, got, 1)
	assert.Equal(t, lowest.VideoBitrate, got[0].VideoBitrate)
	assert.Equal(t, lowest.AudioBitrate, got[0].AudioBitrate)
}

func TestDownloadRendition(t *testing.T) {
	for _, tt := range []struct {
		width, height int
		want          string
	}{{1920, 1080, "720p"}, {854, 480, "480p"}, {356, 200, "200p"}} {
		renditions := SelectRenditions(DefaultLadder(), tt.width, tt.height)
		assert.Equal(t, tt.want, renditions[downloadRendition(renditions)].Name)
	}
}

// Every rendition of a ladder has the same shape, exactly: the DASH muxer
// refuses an adaptation set whose renditions' display aspect ratios differ,
// and with square pixels the display aspect ratio is the frame's.
func TestSelectRenditionsShareOneShape(t *testing.T) {
	for _, size := range [][2]int{{1920, 1080}, {1080, 1920}, {854, 480}, {1920, 800}, {1080, 2340}, {1280, 544}, {3000, 1000}} {
		renditions := SelectRenditions(DefaultLadder(), size[0], size[1])
		shape := reduced(int64(renditions[0].Width), int64(renditions[0].Height))
		for _, r := range renditions {
			assert.Equal(t, shape, reduced(int64(r.Width), int64(r.Height)), "%v: %s", size, r.Name)
			assert.Zero(t, r.Width%2+r.Height%2, "%v: %s has even sides", size, r.Name)
		}
	}
}
