package clips

import (
	"fmt"
	"math"
	"time"

	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/services/catalog/internal/catalog"
)

// segmentSeconds is the live HLS segment length (the live service's
// pipeline.DefaultPlan): its muxer cuts segment N at the first keyframe at
// or after N*2 s, so no segment N starts before 2N s into the stream, and
// one whose keyframes fall every 2 s (the 360p rendition, keyframed by us;
// a source whose publisher follows docs/live.md) starts exactly there.
const segmentSeconds = 2

// tolerance absorbs the stamps' milliseconds and a frame of jitter at a
// segment's cut, in seconds: a bound this close outside the window is
// inside it, and a segment that overlaps a clip by no more is not part of it.
const tolerance = 0.25

// variant is one variant of the event's master playlist: its URI there
// and its live playlist.
type variant struct {
	uri      string
	playlist mediaPlaylist
}

// timeline places every variant's segments on the stream's clock, in
// seconds from the start of the stream. Each segment's
// EXT-X-PROGRAM-DATE-TIME is the stream's start on the wall clock plus
// the durations of the segments before it (ffmpeg's HLS muxer adds them
// up), the same start for every variant. That start is the least of
// date - 2N over the segments listed (see segmentSeconds), so segments of
// a variant cut at other keyframes (a publisher's longer GOP) are still
// placed where they are.
type timeline struct {
	variants []variant
	origin   time.Time // zero when no segment is stamped
}

func newTimeline(variants []variant) timeline {
	tl := timeline{variants: variants}
	for _, v := range variants {
		for _, s := range v.playlist.segments {
			if s.date.IsZero() {
				continue
			}
			origin := s.date.Add(-time.Duration(s.sequence*segmentSeconds) * time.Second)
			if tl.origin.IsZero() || origin.Before(tl.origin) {
				tl.origin = origin
			}
		}
	}
	return tl
}

// start is where s begins, in seconds from the start of the stream; an
// unstamped segment is placed on the 2 s grid.
func (tl timeline) start(s segment) float64 {
	if tl.origin.IsZero() || s.date.IsZero() {
		return float64(s.sequence * segmentSeconds)
	}
	return s.date.Sub(tl.origin).Seconds()
}

// window is the part of the stream every variant still lists: the DVR
// window a clip must fall in.
func (tl timeline) window() (from, to float64) {
	from, to = 0, math.Inf(1)
	for _, v := range tl.variants {
		segments := v.playlist.segments
		last := segments[len(segments)-1]
		from = max(from, tl.start(segments[0]))
		to = min(to, tl.start(last)+last.duration)
	}
	return from, to
}

// clip is the segments of every variant that sp overlaps, widened to
// whole segments, with the part of the stream the first variant's cover
// (what the clip holds, in whole seconds), or a refusal naming the bound
// outside the window.
func (tl timeline) clip(sp span) (catalog.LiveClip, span, error) {
	from, to := tl.window()
	switch {
	case float64(sp.Start) < from-tolerance:
		return catalog.LiveClip{}, span{}, outsideWindow("start_seconds", from, to)
	case float64(sp.End) > to+tolerance:
		return catalog.LiveClip{}, span{}, outsideWindow("end_seconds", from, to)
	}
	var c catalog.LiveClip
	covered := [2]float64{math.Inf(1), 0}
	for i, v := range tl.variants {
		part := catalog.LiveVariant{Playlist: v.uri, Init: v.playlist.init}
		for _, s := range v.playlist.segments {
			begin := tl.start(s)
			if begin >= float64(sp.End)-tolerance || begin+s.duration <= float64(sp.Start)+tolerance {
				continue
			}
			part.Segments = append(part.Segments, catalog.LiveSegment{Name: s.name, Duration: s.duration})
			if i == 0 {
				covered = [2]float64{min(covered[0], begin), max(covered[1], begin+s.duration)}
			}
		}
		if len(part.Segments) == 0 {
			return catalog.LiveClip{}, span{}, outsideWindow("start_seconds", from, to)
		}
		c.Variants = append(c.Variants, part)
	}
	return c, span{Start: int(math.Round(covered[0])), End: int(math.Round(covered[1]))}, nil
}

// outsideWindow refuses a bound outside the DVR window, saying where the
// window is now.
func outsideWindow(field string, from, to float64) error {
	return apperr.InvalidField(field, "must be within the live DVR window, now %s s from the start of the stream",
		fmt.Sprintf("%.0f-%.0f", math.Round(from), math.Round(to)))
}
