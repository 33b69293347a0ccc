package outputs

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

const (
	master = "#EXTM3U\n#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID=\"audio-2\",URI=\"playlist_2.m3u8\"\n" +
		"#EXT-X-STREAM-INF:BANDWIDTH=1\nplaylist_0.m3u8\n#EXT-X-STREAM-INF:BANDWIDTH=2\nplaylist_1.m3u8\n"
	empty   = "#EXTM3U\n#EXT-X-PLAYLIST-TYPE:EVENT\n#EXT-X-MAP:URI=\"init-0.m4s\"\n"
	started = empty + "#EXTINF:2.0,\nseg-0-00001.m4s\n"
)

func TestPlayableOnceEveryStreamHasASegment(t *testing.T) {
	type upload struct{ path, content string }
	tests := []struct {
		name    string
		uploads []upload
		want    []bool // stored's answer per upload
	}{
		{"in order", []upload{
			{"stream/playlist_0.m3u8", started}, {"stream/playlist_1.m3u8", started},
			{"stream/playlist_2.m3u8", started}, {"stream/master.m3u8", master},
			{"stream/master.m3u8", master},
		}, []bool{false, false, false, true, false}},
		{"audio late", []upload{
			{"stream/playlist_0.m3u8", started}, {"stream/playlist_1.m3u8", started},
			{"stream/playlist_2.m3u8", empty}, {"stream/master.m3u8", master},
			{"stream/playlist_2.m3u8", started},
		}, []bool{false, false, false, false, true}},
		{"master without streams", []upload{{"stream/master.m3u8", "#EXTM3U\n"}}, []bool{false}},
		{"other files ignored", []upload{{"stream/manifest.mpd", "<MPD/>"}}, []bool{false}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := playback{playlists: map[string][]byte{}}
			var got []bool
			for _, u := range tt.uploads {
				got = append(got, p.stored(u.path, []byte(u.content)))
			}
			assert.Equal(t, tt.want, got)
		})
	}
}

func TestReferences(t *testing.T) {
	assert.Equal(t, []string{"playlist_2.m3u8", "playlist_0.m3u8", "playlist_1.m3u8"}, references([]byte(master)))
}
