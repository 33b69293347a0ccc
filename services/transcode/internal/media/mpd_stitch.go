package media

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"time"
)

// stitchMPD writes the manifest one run's muxer would have written for
// the segments of every chunk, from the chunks' collected manifests in
// order (collect.go): the first chunk's, each representation's timeline
// holding every chunk's segments in turn, the adaptation sets of others
// (the audio runs', collected and joined: joinAudioRuns) after its own,
// and as long as its longest track. Every chunk must continue the one before: the same
// representations on the same clocks, numbered on from where it ended.
func stitchMPD(chunks [][]byte, others [][]byte) ([]byte, error) {
	if len(chunks) == 0 {
		return nil, errors.New("dash manifest: no chunk to stitch")
	}
	video, err := joinTimelines(chunks)
	if err != nil {
		return nil, err
	}
	length := video.end()
	var sets bytes.Buffer
	for _, other := range others {
		own, err := joinTimelines([][]byte{other})
		if err != nil {
			return nil, err
		}
		length = max(length, own.end())
		if _, err := copyAdaptationSets(&sets, other, func(*xml.StartElement) {}); err != nil {
			return nil, err
		}
	}
	var splices []splice
	representation, timeline := "", int64(0)
	err = walkMPD(chunks[0], func(tok xml.Token, from, to int64) {
		switch t := tok.(type) {
		case xml.StartElement:
			switch t.Name.Local {
			case "MPD":
				splices = append(splices, attrSplice(chunks[0], from, to, "mediaPresentationDuration", mpdDuration(length))...)
			case "Representation":
				representation = attrValue(t, "id")
			case "SegmentTimeline":
				timeline = from
			}
		case xml.EndElement:
			switch t.Name.Local {
			case "SegmentTimeline":
				splices = append(splices, splice{timeline, to, timelineXML(video.segments[representation])})
			case "Period":
				splices = append(splices, splice{from, from, sets.String()})
			}
		}
	})
	return spliced(chunks[0], splices), err
}

// timelineXML writes a SegmentTimeline as ffmpeg does: t on the first S and
// on any that does not start where the one before ended (a stitch that is
// not continuous stays exact, and shows), r counting the repeats of one
// duration.
func timelineXML(segments []timedSegment) string {
	var b strings.Builder
	b.WriteString("<SegmentTimeline>\n")
	for i := 0; i < len(segments); {
		first, repeat := segments[i], 0
		for j := i + 1; j < len(segments) && segments[j] == (timedSegment{segments[j-1].start + first.duration, first.duration}); j++ {
			repeat++
		}
		b.WriteString("\t\t\t\t\t\t<S ")
		if i == 0 || first.start != segments[i-1].start+segments[i-1].duration {
			fmt.Fprintf(&b, "t=\"%d\" ", first.start)
		}
		fmt.Fprintf(&b, "d=\"%d\" ", first.duration)
		if repeat > 0 {
			fmt.Fprintf(&b, "r=\"%d\" ", repeat)
		}
		b.WriteString("/>\n")
		i += repeat + 1
	}
	b.WriteString("\t\t\t\t\t</SegmentTimeline>")
	return b.String()
}

// mpdDuration writes a length as ffmpeg's DASH muxer does: PT1H2M3.4S.
func mpdDuration(d time.Duration) string {
	tenths := int64(d / (100 * time.Millisecond))
	seconds := tenths / 10
	out := "PT"
	if hours := seconds / 3600; hours > 0 {
		out += fmt.Sprintf("%dH", hours)
	}
	if seconds >= 60 {
		out += fmt.Sprintf("%dM", seconds/60%60)
	}
	return out + fmt.Sprintf("%d.%dS", seconds%60, tenths%10)
}

// attrSplice replaces the value of attribute name inside the start tag at
// data[from:to], leaving the tag's layout (ffmpeg breaks the MPD tag over
// lines) as it is; none when the tag lacks it.
func attrSplice(data []byte, from, to int64, name, value string) []splice {
	attribute := regexp.MustCompile(`\s` + regexp.QuoteMeta(name) + `="([^"]*)"`)
	m := attribute.FindSubmatchIndex(data[from:to])
	if m == nil {
		return nil
	}
	return []splice{{from + int64(m[2]), from + int64(m[3]), xmlEscaper.Replace(value)}}
}

// attrValue is the value of t's attribute name, or "".
func attrValue(t xml.StartElement, name string) string {
	for _, a := range t.Attr {
		if a.Name.Space == "" && a.Name.Local == name {
			return a.Value
		}
	}
	return ""
}
