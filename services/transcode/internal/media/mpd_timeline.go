package media

import (
	"fmt"
	"time"
)

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
