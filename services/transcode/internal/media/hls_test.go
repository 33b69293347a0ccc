package media

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func tracksByID(doc mpd) map[string]track {
	out := map[string]track{}
	for _, t := range doc.tracks("") {
		out[t.ID] = t
	}
	return out
}

func TestMediaPlaylist(t *testing.T) {
	audio := readManifest(t).tracks("")[2]
	head := "#EXTM3U\n#EXT-X-VERSION:7\n#EXT-X-TARGETDURATION:2\n#EXT-X-MEDIA-SEQUENCE:0\n"
	body := "#EXT-X-INDEPENDENT-SEGMENTS\n#EXT-X-START:TIME-OFFSET=0\n#EXT-X-MAP:URI=\"init-2.m4s\"\n" +
		"#EXTINF:1.941333,\nseg-2-00001.m4s\n#EXTINF:2.005333,\nseg-2-00002.m4s\n#EXTINF:0.064000,\nseg-2-00003.m4s\n"

	assert.Equal(t, head+"#EXT-X-PLAYLIST-TYPE:EVENT\n"+body, string(mediaPlaylist(audio, false)))
	assert.Equal(t, head+"#EXT-X-PLAYLIST-TYPE:VOD\n"+body+"#EXT-X-ENDLIST\n", string(mediaPlaylist(audio, true)))
}

func TestTargetDuration(t *testing.T) {
	assert.Equal(t, 2, targetDuration(nil), "never below the segment length")
	assert.Equal(t, 2, targetDuration([]segment{{"a", 2.4}}))
	assert.Equal(t, 4, targetDuration([]segment{{"a", 2}, {"b", 3.6}}), "a source without keyframes makes long segments")
}

func TestMasterPlaylist(t *testing.T) {
	tracks := tracksByID(readManifest(t))
	variants := []variant{{video: "0", audio: "2"}, {video: "1", audio: "3"}}
	rates := map[string]bitrates{
		"0": {peak: 900000, bytes: 400000, seconds: 4}, // 800 kbit/s average
		"2": {peak: 100000, bytes: 48000, seconds: 4},  // 96 kbit/s
	}
	want := "#EXTM3U\n#EXT-X-VERSION:7\n#EXT-X-INDEPENDENT-SEGMENTS\n" +
		`#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="audio-2",NAME="Audio",DEFAULT=YES,AUTOSELECT=YES,CHANNELS="2",URI="playlist_2.m3u8"` + "\n" +
		`#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="audio-3",NAME="Audio",DEFAULT=YES,AUTOSELECT=YES,CHANNELS="2",URI="playlist_3.m3u8"` + "\n" +
		`#EXT-X-STREAM-INF:BANDWIDTH=1000000,AVERAGE-BANDWIDTH=896000,CODECS="avc1.4d401f,mp4a.40.2",RESOLUTION=640x360,FRAME-RATE=30.000,AUDIO="audio-2"` + "\n" +
		"playlist_0.m3u8\n" +
		`#EXT-X-STREAM-INF:BANDWIDTH=464000,AVERAGE-BANDWIDTH=464000,CODECS="avc1.4d401e,mp4a.40.2",RESOLUTION=426x240,FRAME-RATE=30.000,AUDIO="audio-3"` + "\n" +
		"playlist_1.m3u8\n"
	assert.Equal(t, want, string(masterPlaylist(tracks, variants, rates)), "unmeasured tracks fall back to the declared bandwidth")
}

func TestMasterPlaylistVideoOnly(t *testing.T) {
	tracks := tracksByID(readManifest(t))
	got := string(masterPlaylist(tracks, []variant{{video: "1"}}, nil))
	assert.Equal(t, "#EXTM3U\n#EXT-X-VERSION:7\n#EXT-X-INDEPENDENT-SEGMENTS\n"+
		`#EXT-X-STREAM-INF:BANDWIDTH=400000,AVERAGE-BANDWIDTH=400000,CODECS="avc1.4d401e",RESOLUTION=426x240,FRAME-RATE=30.000`+"\n"+
		"playlist_1.m3u8\n", got)
}

func TestBitrates(t *testing.T) {
	var b bitrates
	b.add(250000, 2)  // 1 Mbit/s
	b.add(20000, 0.1) // a short tail: 1.6 Mbit/s, not a real peak
	peak, average := b.or(123)
	assert.Equal(t, 1000000, peak)
	assert.Equal(t, 1028571, average) // 270000 bytes in 2.1 s

	peak, average = bitrates{}.or(123)
	assert.Equal(t, []int{123, 123}, []int{peak, average})
}
