package llhls

import (
	"bytes"
	"fmt"
	"strconv"
	"time"
)

// The names the playlist gives the media, relative to itself.
const (
	PlaylistName = "index.m3u8"
	InitName     = "init.mp4"
)

func partName(index uint64) string  { return "part" + strconv.FormatUint(index, 10) + ".mp4" }
func segmentName(msn uint64) string { return "seg" + strconv.FormatUint(msn, 10) + ".mp4" }

// render writes the media playlist, or its delta update (skip). Standard
// players read the EXTINF segments and ignore the LL tags; LL players read
// the parts of the last segments and the preload hint. The caller holds
// s.mu.
func (s *store) render(skip bool) []byte {
	if len(s.segs) == 0 {
		return nil
	}
	var b bytes.Buffer
	partTarget := s.cfg.PartTarget
	b.WriteString("#EXTM3U\n")
	b.WriteString("#EXT-X-VERSION:9\n") // EXT-X-SKIP needs 9
	fmt.Fprintf(&b, "#EXT-X-TARGETDURATION:%d\n", s.target)
	fmt.Fprintf(&b, "#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES,CAN-SKIP-UNTIL=%s,PART-HOLD-BACK=%s\n",
		seconds(s.skipUntil()), seconds(3*partTarget))
	fmt.Fprintf(&b, "#EXT-X-PART-INF:PART-TARGET=%s\n", seconds(partTarget))
	fmt.Fprintf(&b, "#EXT-X-MEDIA-SEQUENCE:%d\n", s.segs[0].msn)
	if s.discontinuities > 0 {
		fmt.Fprintf(&b, "#EXT-X-DISCONTINUITY-SEQUENCE:%d\n", s.discontinuities)
	}
	if s.independent() {
		b.WriteString("#EXT-X-INDEPENDENT-SEGMENTS\n")
	}
	fmt.Fprintf(&b, "#EXT-X-MAP:URI=%q\n", InitName)
	skipped := 0
	if skip {
		skipped = s.skippable()
	}
	if skipped > 0 {
		fmt.Fprintf(&b, "#EXT-X-SKIP:SKIPPED-SEGMENTS=%d\n", skipped)
	}
	partsFrom := s.partsFrom()
	for i := skipped; i < len(s.segs); i++ {
		seg := s.segs[i]
		if seg.discontinuity() {
			b.WriteString("#EXT-X-DISCONTINUITY\n")
		}
		fmt.Fprintf(&b, "#EXT-X-PROGRAM-DATE-TIME:%s\n", seg.date.UTC().Format("2006-01-02T15:04:05.000Z"))
		if i >= partsFrom {
			writeParts(&b, seg.parts)
		}
		if seg.done {
			fmt.Fprintf(&b, "#EXTINF:%s,\n%s\n", ticksSeconds(seg.duration()), segmentName(seg.msn))
		}
	}
	if s.ended {
		b.WriteString("#EXT-X-ENDLIST\n")
	} else {
		fmt.Fprintf(&b, "#EXT-X-PRELOAD-HINT:TYPE=PART,URI=%q\n", partName(s.next))
	}
	return b.Bytes()
}

func writeParts(b *bytes.Buffer, parts []*part) {
	for _, p := range parts {
		fmt.Fprintf(b, "#EXT-X-PART:DURATION=%s,URI=%q", ticksSeconds(p.duration), partName(p.index))
		if p.independent {
			b.WriteString(",INDEPENDENT=YES")
		}
		b.WriteByte('\n')
	}
}

// skipUntil is CAN-SKIP-UNTIL: six target durations, the least the spec
// allows, so delta updates start as soon as a playlist is long enough.
func (s *store) skipUntil() time.Duration {
	return 6 * time.Duration(s.target) * time.Second
}

// skippable counts the leading segments a delta update leaves out: the
// complete ones that end at least CAN-SKIP-UNTIL before the playlist's end.
func (s *store) skippable() int {
	total := s.total()
	limit := int64(s.skipUntil() / time.Second * videoTimescale)
	var end int64
	n := 0
	for _, seg := range s.segs {
		end += seg.duration()
		if !seg.done || total-end < limit {
			break
		}
		n++
	}
	return n
}

// partsFrom is the first segment whose parts are listed: parts more than
// three target durations from the end are removed, as RFC 8216bis advises.
func (s *store) partsFrom() int {
	limit := 3 * s.target * videoTimescale
	var fromEnd int64
	for i := len(s.segs) - 1; i >= 0; i-- {
		if fromEnd >= limit {
			return i + 1
		}
		fromEnd += s.segs[i].duration()
	}
	return 0
}

// total is the playlist's duration, the parts of the segment in progress
// included, in 90 kHz ticks.
func (s *store) total() int64 {
	var d int64
	for _, seg := range s.segs {
		d += seg.duration()
	}
	return d
}

// independent reports whether every listed segment starts with a keyframe
// (a publisher that sends none for MaxSegment breaks it).
func (s *store) independent() bool {
	for _, seg := range s.segs {
		if len(seg.parts) > 0 && !seg.parts[0].independent {
			return false
		}
	}
	return true
}

func seconds(d time.Duration) string {
	return strconv.FormatFloat(d.Seconds(), 'f', 5, 64)
}

func ticksSeconds(ticks int64) string {
	return strconv.FormatFloat(float64(ticks)/videoTimescale, 'f', 5, 64)
}
