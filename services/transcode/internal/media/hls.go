package media

import (
	"fmt"
	"math"
	"path"
	"strings"
)

// hlsVersion 7 covers fMP4 segments with EXT-X-MAP.
const hlsVersion = 7

// mediaPlaylist renders a track's HLS playlist. While encoding it is an
// EVENT playlist (segments are only ever appended; EXT-X-START lets players
// begin at the start rather than the live edge); at the end it becomes VOD
// with ENDLIST.
func mediaPlaylist(t track, final bool) []byte {
	var b strings.Builder
	kind := "EVENT"
	if final {
		kind = "VOD"
	}
	fmt.Fprintf(&b, "#EXTM3U\n#EXT-X-VERSION:%d\n", hlsVersion)
	fmt.Fprintf(&b, "#EXT-X-TARGETDURATION:%d\n", targetDuration(t.Segments))
	fmt.Fprintf(&b, "#EXT-X-MEDIA-SEQUENCE:0\n#EXT-X-PLAYLIST-TYPE:%s\n", kind)
	b.WriteString("#EXT-X-INDEPENDENT-SEGMENTS\n#EXT-X-START:TIME-OFFSET=0\n")
	fmt.Fprintf(&b, "#EXT-X-MAP:URI=%q\n", t.Init)
	for _, s := range t.Segments {
		fmt.Fprintf(&b, "#EXTINF:%.6f,\n%s\n", s.Duration, s.File)
	}
	if final {
		b.WriteString("#EXT-X-ENDLIST\n")
	}
	return []byte(b.String())
}

// targetDuration is the longest segment rounded, never below the nominal
// segment length, so it stays put while an EVENT playlist grows.
func targetDuration(segments []segment) int {
	target := segmentSeconds
	for _, s := range segments {
		target = max(target, int(math.Round(s.Duration)))
	}
	return target
}

// variant is one line of the master playlist: a video track and the audio
// track it plays with ("" when the source has none), in a set of variants
// of one codec (0: H.264, 1: AV1).
type variant struct {
	video, audio string
	set          int
}

// masterPlaylist renders the HLS master playlist. Bandwidths come from the
// segments written so far (see bitrates), falling back to what the manifest
// declares before any segment is measured.
func masterPlaylist(tracks map[string]track, variants []variant, rates map[string]bitrates) []byte {
	var b strings.Builder
	fmt.Fprintf(&b, "#EXTM3U\n#EXT-X-VERSION:%d\n#EXT-X-INDEPENDENT-SEGMENTS\n", hlsVersion)
	seenAudio := map[string]bool{}
	for _, v := range variants {
		if audio, ok := tracks[v.audio]; ok && !seenAudio[v.audio] {
			seenAudio[v.audio] = true
			fmt.Fprintf(&b, "#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID=\"audio-%s\",NAME=\"Audio\",DEFAULT=YES,AUTOSELECT=YES,CHANNELS=%q,URI=%q\n",
				audio.ID, audio.Channels, path.Base(mediaPlaylistPath(audio.ID)))
		}
	}
	for _, v := range variants {
		video, ok := tracks[v.video]
		if !ok {
			continue
		}
		peak, average := rates[v.video].or(video.Bandwidth)
		codecs := video.Codecs
		audioGroup := ""
		if audio, ok := tracks[v.audio]; ok {
			audioPeak, audioAverage := rates[v.audio].or(audio.Bandwidth)
			peak, average = peak+audioPeak, average+audioAverage
			codecs += "," + audio.Codecs
			audioGroup = fmt.Sprintf(",AUDIO=\"audio-%s\"", audio.ID)
		}
		fmt.Fprintf(&b, "#EXT-X-STREAM-INF:BANDWIDTH=%d,AVERAGE-BANDWIDTH=%d,CODECS=%q,RESOLUTION=%dx%d,FRAME-RATE=%.3f%s\n%s\n",
			peak, average, codecs, video.Width, video.Height, frameRateValue(video.FrameRate), audioGroup,
			path.Base(mediaPlaylistPath(video.ID)))
	}
	return []byte(b.String())
}

func frameRateValue(text string) float64 {
	num, den := ratio(text)
	if den == 0 {
		return 0
	}
	return num / den
}
