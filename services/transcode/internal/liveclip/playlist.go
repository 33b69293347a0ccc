package liveclip

import (
	"fmt"
	"math"
	"strings"
)

// vodPlaylist is a variant's playlist in the clip: the segments it copied,
// as a VOD playlist (the live one is a sliding window without an end). The
// EXT-X-PROGRAM-DATE-TIME stamps are left out: they date the live stream,
// and a clip is watched as a video of its own, from 0.
func vodPlaylist(v Variant) []byte {
	var b strings.Builder
	b.WriteString("#EXTM3U\n#EXT-X-VERSION:7\n")
	fmt.Fprintf(&b, "#EXT-X-TARGETDURATION:%d\n", targetDuration(v.Segments))
	b.WriteString("#EXT-X-MEDIA-SEQUENCE:0\n#EXT-X-PLAYLIST-TYPE:VOD\n#EXT-X-INDEPENDENT-SEGMENTS\n")
	fmt.Fprintf(&b, "#EXT-X-MAP:URI=%q\n", v.Init)
	for _, s := range v.Segments {
		fmt.Fprintf(&b, "#EXTINF:%.6f,\n%s\n", s.Duration, s.Name)
	}
	b.WriteString("#EXT-X-ENDLIST\n")
	return []byte(b.String())
}

// targetDuration is the longest segment rounded to the nearest second, as
// RFC 8216 asks (each EXTINF rounded must not exceed it); at least 1.
func targetDuration(segments []Segment) int {
	target := 1
	for _, s := range segments {
		target = max(target, int(math.Round(s.Duration)))
	}
	return target
}
