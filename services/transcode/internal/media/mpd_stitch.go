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
// (the audio run's, collected too) after its own, and as long as its
// longest track. Every chunk must continue the one before: the same
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

// timedSegment is a media segment on its track's clock.
type timedSegment struct {
	start, duration int64
}

// timelines are the segments of each representation, by id, on the clock
// of its timescale.
type timelines struct {
	segments   map[string][]timedSegment
	timescales map[string]int64
}

// joinTimelines puts the chunks' timelines one after another, checking
// that each chunk continues the ones before it.
func joinTimelines(chunks [][]byte) (timelines, error) {
	joined := timelines{segments: map[string][]timedSegment{}, timescales: map[string]int64{}}
	for i, data := range chunks {
		doc, err := parseMPD(data)
		if err != nil {
			return timelines{}, err
		}
		seen := 0
		for _, rep := range doc.representations() {
			if err := joined.add(i, rep); err != nil {
				return timelines{}, err
			}
			seen++
		}
		if seen != len(joined.segments) {
			return timelines{}, fmt.Errorf("dash manifest: chunk %d has %d representations, chunk 0 %d", i, seen, len(joined.segments))
		}
	}
	return joined, nil
}

// add appends chunk i's segments of one representation.
func (j timelines) add(i int, rep mpdRepresentation) error {
	scale := rep.Template.Timescale
	if i == 0 {
		j.timescales[rep.ID] = scale
	}
	before := j.segments[rep.ID]
	switch {
	case scale != j.timescales[rep.ID]:
		return fmt.Errorf("dash manifest: chunk %d: representation %s counts time in 1/%d s, chunk 0 in 1/%d s", i, rep.ID, scale, j.timescales[rep.ID])
	case rep.Template.StartNumber != len(before)+1:
		return fmt.Errorf("dash manifest: chunk %d: representation %s starts at segment %d after %d segments", i, rep.ID, rep.Template.StartNumber, len(before))
	}
	j.segments[rep.ID] = append(before, rep.timedSegments()...)
	return nil
}

// end is where the longest track ends.
func (j timelines) end() time.Duration {
	var longest time.Duration
	for id, segments := range j.segments {
		if len(segments) == 0 || j.timescales[id] <= 0 {
			continue
		}
		last := segments[len(segments)-1]
		longest = max(longest, time.Duration((last.start+last.duration)*int64(time.Second)/j.timescales[id]))
	}
	return longest
}

// representations lists every representation of a manifest.
func (m mpd) representations() []mpdRepresentation {
	var out []mpdRepresentation
	for _, period := range m.Periods {
		for _, set := range period.AdaptationSets {
			out = append(out, set.Representations...)
		}
	}
	return out
}

// timedSegments spells out a representation's timeline.
func (r mpdRepresentation) timedSegments() []timedSegment {
	var out []timedSegment
	var at int64
	for _, s := range r.Template.Timeline {
		if s.Time != nil {
			at = *s.Time
		}
		for range s.Repeat + 1 {
			out = append(out, timedSegment{start: at, duration: s.Duration})
			at += s.Duration
		}
	}
	return out
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
