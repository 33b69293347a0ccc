package llhls

import (
	"bytes"
	"fmt"

	"github.com/bluenviron/mediacommon/v2/pkg/codecs/h264"
)

// Master returns a master playlist whose one variant is the media
// playlist at uri: the publisher's rendition, as this package serves it.
// CODECS and RESOLUTION come from the tracks (Safari and hls.js check
// codecs before they load anything); bandwidth is the stream's peak in
// bits per second, which no one knows before it is measured: the ingest
// passes the plan's limit, an upper bound.
func Master(tracks Tracks, uri string, bandwidth int64) ([]byte, error) {
	if len(tracks.SPS) < 4 {
		return nil, fmt.Errorf("llhls: the H.264 parameter sets are missing")
	}
	var sps h264.SPS
	if err := sps.Unmarshal(tracks.SPS); err != nil {
		return nil, fmt.Errorf("llhls: the H.264 parameter sets cannot be read: %w", err)
	}
	var b bytes.Buffer
	b.WriteString("#EXTM3U\n")
	b.WriteString("#EXT-X-VERSION:9\n")
	b.WriteString("#EXT-X-INDEPENDENT-SEGMENTS\n")
	// avc1.PPCCLL: profile, constraint flags and level, the three bytes
	// after the SPS's NAL header (RFC 6381).
	fmt.Fprintf(&b, "#EXT-X-STREAM-INF:BANDWIDTH=%d,CODECS=\"avc1.%02x%02x%02x,mp4a.40.%d\",RESOLUTION=%dx%d",
		bandwidth, tracks.SPS[1], tracks.SPS[2], tracks.SPS[3], tracks.AAC.Type, sps.Width(), sps.Height())
	if fps := sps.FPS(); fps > 0 {
		fmt.Fprintf(&b, ",FRAME-RATE=%.3f", fps)
	}
	fmt.Fprintf(&b, "\n%s\n", uri)
	return b.Bytes(), nil
}
