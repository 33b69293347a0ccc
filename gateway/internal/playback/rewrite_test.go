package playback

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

const q = "token=1700000000.sig"

func TestAddQuery(t *testing.T) {
	tests := []struct {
		ref, want string
		ok        bool
	}{
		{"seg-0-00001.m4s", "seg-0-00001.m4s?" + q, true},
		{"../thumbs/sprite.jpg#xywh=0,0,160,90", "../thumbs/sprite.jpg?" + q + "#xywh=0,0,160,90", true},
		{"playlist_0.m3u8?v=2", "playlist_0.m3u8?v=2&" + q, true},
		{"/media/v/seg.m4s", "/media/v/seg.m4s?" + q, true},
		{"https://cdn.example.com/seg.m4s", "https://cdn.example.com/seg.m4s", false},
		{"//cdn.example.com/seg.m4s", "//cdn.example.com/seg.m4s", false},
		{"data:text/plain,x", "data:text/plain,x", false},
		{"skd://key", "skd://key", false},
		{"", "", false},
	}
	for _, tt := range tests {
		t.Run(tt.ref, func(t *testing.T) {
			got, ok := addQuery(tt.ref, q, "&")
			assert.Equal(t, tt.want, got)
			assert.Equal(t, tt.ok, ok)
		})
	}
}

func TestRewriteHLS(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{
			name: "master playlist",
			in: "#EXTM3U\n#EXT-X-VERSION:7\n" +
				`#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="audio-2",NAME="Audio",URI="playlist_2.m3u8"` + "\n" +
				`#EXT-X-STREAM-INF:BANDWIDTH=1000000,CODECS="avc1.64001f,mp4a.40.2",AUDIO="audio-2"` + "\n" +
				"playlist_0.m3u8\n",
			want: "#EXTM3U\n#EXT-X-VERSION:7\n" +
				`#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="audio-2",NAME="Audio",URI="playlist_2.m3u8?` + q + `"` + "\n" +
				`#EXT-X-STREAM-INF:BANDWIDTH=1000000,CODECS="avc1.64001f,mp4a.40.2",AUDIO="audio-2"` + "\n" +
				"playlist_0.m3u8?" + q + "\n",
		},
		{
			name: "media playlist with CRLF, init segment and an absolute URL",
			in:   "#EXTM3U\r\n#EXT-X-MAP:URI=\"init-0.m4s\"\r\n#EXTINF:2.000000,\r\nseg-0-00001.m4s\r\n#EXTINF:2.0,\r\nhttps://other.example/seg.m4s\r\n#EXT-X-ENDLIST\r\n",
			want: "#EXTM3U\r\n#EXT-X-MAP:URI=\"init-0.m4s?" + q + "\"\r\n#EXTINF:2.000000,\r\nseg-0-00001.m4s?" + q + "\r\n#EXTINF:2.0,\r\nhttps://other.example/seg.m4s\r\n#EXT-X-ENDLIST\r\n",
		},
		{
			name: "I-frame playlist and key attributes",
			in:   `#EXT-X-I-FRAME-STREAM-INF:BANDWIDTH=1,URI="iframes.m3u8"` + "\n" + `#EXT-X-KEY:METHOD=AES-128,URI="key.bin",IV=0x1` + "\n",
			want: `#EXT-X-I-FRAME-STREAM-INF:BANDWIDTH=1,URI="iframes.m3u8?` + q + `"` + "\n" + `#EXT-X-KEY:METHOD=AES-128,URI="key.bin?` + q + `",IV=0x1` + "\n",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, string(rewriteHLS([]byte(tt.in), q)))
		})
	}
}

func TestRewriteDASH(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{
			name: "segment template",
			in:   `<SegmentTemplate timescale="1000" initialization="init-$RepresentationID$.m4s" media="seg-$RepresentationID$-$Number%05d$.m4s" startNumber="1">`,
			want: `<SegmentTemplate timescale="1000" initialization="init-$RepresentationID$.m4s?` + q + `" media="seg-$RepresentationID$-$Number%05d$.m4s?` + q + `" startNumber="1">`,
		},
		{
			name: "segment list with an existing query",
			in:   `<Initialization sourceURL="init.mp4?v=1"/><SegmentURL media="s1.m4s"/>`,
			want: `<Initialization sourceURL="init.mp4?v=1&amp;` + q + `"/><SegmentURL media="s1.m4s?` + q + `"/>`,
		},
		{
			name: "base URLs: relative tokenised, absolute left alone",
			in:   `<BaseURL>video.mp4</BaseURL><BaseURL serviceLocation="cdn">https://cdn.example/v/</BaseURL>`,
			want: `<BaseURL>video.mp4?` + q + `</BaseURL><BaseURL serviceLocation="cdn">https://cdn.example/v/</BaseURL>`,
		},
		{
			name: "other attributes untouched",
			in:   `<Representation id="0" mimeType="video/mp4" codecs="avc1" mediaPresentationDuration="PT10S">`,
			want: `<Representation id="0" mimeType="video/mp4" codecs="avc1" mediaPresentationDuration="PT10S">`,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, string(rewriteDASH([]byte(tt.in), q)))
		})
	}
}

func TestRewriteSpriteIndex(t *testing.T) {
	in := "WEBVTT\n\nNOTE made by the transcoder\n\n1\n00:00:00.000 --> 00:00:05.000\nsprite.jpg#xywh=0,0,160,90\n\n" +
		"00:00:05.000 --> 00:00:10.000\nsprite.jpg#xywh=160,0,160,90\n"
	want := "WEBVTT\n\nNOTE made by the transcoder\n\n1\n00:00:00.000 --> 00:00:05.000\nsprite.jpg?" + q + "#xywh=0,0,160,90\n\n" +
		"00:00:05.000 --> 00:00:10.000\nsprite.jpg?" + q + "#xywh=160,0,160,90\n"
	assert.Equal(t, want, string(rewriteSpriteIndex([]byte(in), q)))
}
