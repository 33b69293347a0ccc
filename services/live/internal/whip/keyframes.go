package whip

import "time"

// SegmentDuration is the live pipeline's segment length
// (pipeline.DefaultPlan): the session asks for a keyframe as each segment
// boundary passes, so that every segment of the copied source rendition
// starts with one.
const SegmentDuration = 2 * time.Second

// keyframePlanner decides, frame by frame in stream time, when to ask the
// publisher for a keyframe. Asking as the stream crosses a boundary (not
// a little before) makes the keyframe land just after it: the encoder
// makes it at its next picture, which is later than any picture received.
// HLS cuts a segment at the first keyframe past each boundary counted from
// the stream's first frame, so segments stay 2 s long (plus the round
// trip) and never skip a boundary. A keyframe that does not come (the
// request or the picture lost) is asked for again once it is overdue.
type keyframePlanner struct {
	every   time.Duration
	started bool
	next    time.Duration // the next boundary
	lastKey time.Duration // the last keyframe
	asked   time.Duration // the last request
}

// frame takes a frame's stream time and whether it is a keyframe, and
// says whether to ask for a keyframe now. Before the first keyframe it
// says nothing: the session asks on its own clock then.
func (p *keyframePlanner) frame(pts time.Duration, key bool) bool {
	if key {
		if !p.started {
			p.started, p.next, p.asked = true, pts+p.every, pts
		}
		p.lastKey = pts
	}
	switch {
	case !p.started:
		return false
	case pts >= p.next:
		for p.next <= pts {
			p.next += p.every
		}
	case pts-p.lastKey > p.every*3/2 && pts-p.asked >= p.every/4:
		// Overdue: the last boundary's keyframe never came.
	default:
		return false
	}
	p.asked = pts
	return true
}
